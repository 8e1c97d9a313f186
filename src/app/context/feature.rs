//! What every feature of every pane has, whatever the pane: its lifecycle hooks (each frame's poll, its drafts, its work under way, Save all, its windows). A pane's own feature trait (`BlobFeature`,
//! `QueueFeature`, `TableFeature`) extends this one with where it draws and what only that pane asks, and the
//! union over a pane's features (`features::Features`) is written once here for every pane.

use crate::app::context::PaneContext;
use crate::app::context::features::{AsAny, Features};

/// A kind of pane, as its features see it: the core they read and the effects they ask for.
///
/// What happened to the core (`event`) is heard through the pane's own feature trait, not declared once here:
/// a container's and a queue's events come with a pane context and effects, a table's with neither, because a
/// page joins the store through `TablePane::append` (and `append_listed`), which the benches (`benches/grid.rs`,
/// `benches/table_match.rs`) call on a bare `TablePane::new` with no backend, client or jobs to lend a
/// `PaneContext`. One hook here would make every table event carry a context only some callers have (or an
/// `Option` of one); giving the benches a pane's world first is the way to it.
pub trait PaneKind: 'static {
    type Core;
    type Effects: Default;
    /// The pane's own feature trait, as its features are held (`dyn BlobFeature`).
    type Feature: ?Sized + Feature<Pane = Self>;
}

/// The core a feature of kind `K` reads.
pub type Core<K> = <K as PaneKind>::Core;
/// The effects a feature of kind `K` asks of its pane.
pub type Effects<K> = <K as PaneKind>::Effects;

/// A feature of a pane of kind `Pane`. Every hook has a default that does nothing: a feature implements the
/// ones it needs, and its pane calls them all, in the order the features were added.
#[allow(unused_variables)]
pub trait Feature: AsAny {
    /// The kind of pane it is a feature of (its core, events and effects).
    type Pane: PaneKind;

    /// Each frame: takes the replies that arrived.
    fn poll(&mut self, core: &Core<Self::Pane>, ctx: &mut PaneContext, fx: &mut Effects<Self::Pane>) {}

    /// The unsaved edits it holds, in words: a closing tab asks about them.
    fn unsaved(&self) -> Vec<String> {
        Vec::new()
    }

    /// Whether work it started has not ended (the window keeps drawing frames; its pane says what else waits
    /// for it).
    fn busy(&self) -> bool {
        false
    }

    /// Whether writes it sent have not answered yet (a closed tab runs on until they have; the tab also counts
    /// them: `PaneContext::send`).
    fn sending(&self) -> bool {
        false
    }

    /// Quitting with Save all: sends the save of every draft it holds, as its Save button would (conditional,
    /// never forced); a draft it cannot save stays unsaved, and the window asks again.
    fn save_all(&mut self, core: &Core<Self::Pane>, ctx: &mut PaneContext, fx: &mut Effects<Self::Pane>) {}

    /// Its windows and questions.
    fn windows(
        &mut self,
        egui_ctx: &egui::Context,
        core: &Core<Self::Pane>,
        ctx: &mut PaneContext,
        fx: &mut Effects<Self::Pane>,
    ) {
    }
}

/// A feature as its pane holds it, boxed as the pane's feature trait (`Box<dyn BlobFeature>`): each kind of pane
/// says it once for every feature of its trait, so adding a feature is written once for every pane.
pub trait IntoFeature<F: ?Sized> {
    fn boxed(self) -> Box<F>;
}

/// What a pane asks of all its features together: written once, for every kind of pane.
impl<F: ?Sized + Feature> Features<F> {
    /// The list with this feature added last (a pane is built with its features in the order they draw).
    pub fn with(mut self, feature: impl IntoFeature<F>) -> Self {
        self.push(feature);
        self
    }

    /// Adds a feature after the others.
    pub fn push(&mut self, feature: impl IntoFeature<F>) {
        self.push_boxed(feature.boxed());
    }

    /// Every feature's unsaved edits.
    pub fn unsaved(&self) -> Vec<String> {
        self.iter().flat_map(|f| f.unsaved()).collect()
    }

    /// Whether any feature's work has not ended.
    pub fn busy(&self) -> bool {
        self.iter().any(|f| f.busy())
    }

    /// Whether any feature's writes have not answered.
    pub fn sending(&self) -> bool {
        self.iter().any(|f| f.sending())
    }

    /// Every feature's poll; what they asked is the pane's to do.
    pub fn poll(&mut self, core: &Core<F::Pane>, ctx: &mut PaneContext) -> Effects<F::Pane> {
        self.each(core, ctx, |f, core, ctx, fx| f.poll(core, ctx, fx))
    }

    /// Quitting with Save all: every feature sends the save of its drafts.
    pub fn save_all(&mut self, core: &Core<F::Pane>, ctx: &mut PaneContext) -> Effects<F::Pane> {
        self.each(core, ctx, |f, core, ctx, fx| f.save_all(core, ctx, fx))
    }

    /// Every feature's windows and questions; what they asked is the pane's to do.
    pub fn windows(
        &mut self,
        egui_ctx: &egui::Context,
        core: &Core<F::Pane>,
        ctx: &mut PaneContext,
    ) -> Effects<F::Pane> {
        self.each(core, ctx, |f, core, ctx, fx| f.windows(egui_ctx, core, ctx, fx))
    }

    /// Runs a hook of every feature, in order, gathering what they asked of the pane.
    pub fn each(
        &mut self,
        core: &Core<F::Pane>,
        ctx: &mut PaneContext,
        mut hook: impl FnMut(&mut F, &Core<F::Pane>, &mut PaneContext, &mut Effects<F::Pane>),
    ) -> Effects<F::Pane> {
        let mut fx = Effects::<F::Pane>::default();
        for f in self.iter_mut() {
            hook(&mut **f, core, ctx, &mut fx);
        }
        fx
    }
}
