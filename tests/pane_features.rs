//! A feature meets its pane through the pane's feature trait alone (`BlobFeature`, `QueueFeature`, `TableFeature`):
//! a feature the pane has never heard of (this file's `Scribble`, added to an open container tab; `Stamp`, added to
//! a queue tab; `Jot`, added to a table tab)
//! holds an unsaved draft and a write in flight, and closing the tab asks about the draft and waits for the write
//! by construction, with no list in the pane to join. The writes are read back by Microsoft's Python SDK.

mod common;
mod ui;

use std::time::Duration;
use tessera::app::context::feature::Feature;

use tessera::app::blob::core::BlobCore;
use tessera::app::blob::feature::{BlobFeature, Effects};
use tessera::app::context::{InFlight, PaneContext};
use tessera::app::queue::core::QueueCore;
use tessera::app::queue::feature::{QueueEffects, QueueFeature};
use tessera::app::table::core::TableCore;
use tessera::app::table::feature::{TableEffects, TableFeature};
use tessera::storage::StorageError;
use tessera::storage::blob::Conditions;
use tessera::storage::table::{EdmValue, EntityDraft};
use ui::TestApp;

/// A note typed about the selected blob, saved as its metadata when the test says so.
#[derive(Default)]
struct Scribble {
    draft: String,
    save_now: bool,
    out: InFlight<String, Result<String, StorageError>>,
    answered: Vec<Result<String, StorageError>>,
}

impl Feature for Scribble {
    type Pane = tessera::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        if std::mem::take(&mut self.save_now) {
            let (client, container, note) = (ctx.client.clone(), core.container().to_string(), self.draft.clone());
            let work = ctx.send(async move {
                let metadata = [("note".to_string(), note)];
                client
                    .set_blob_metadata(&container, "a.txt", &metadata, &Conditions::none())
                    .await
            });
            self.out.start("a.txt".into(), work);
        }
        for (_, reply) in self.out.ready() {
            self.answered.push(reply);
        }
    }

    fn unsaved(&self) -> Vec<String> {
        match self.draft.as_str() {
            "" => Vec::new(),
            _ => vec!["the scribbled note".into()],
        }
    }

    fn sending(&self) -> bool {
        !self.out.is_empty()
    }
}

impl BlobFeature for Scribble {}

/// Closing the tab asks about the feature's draft, naming it (Cancel keeps the tab); then `send` sends the draft,
/// slowly, and the tab, closed meanwhile, runs on unseen until the write lands.
fn close_asks_then_runs_on_until_the_write_lands(
    t: &mut TestApp,
    proxy: &common::fault_proxy::FaultProxy,
    (name, draft): (&str, &str),
    send: impl FnOnce(&mut TestApp),
) {
    t.close_tab();
    t.wait_for_contains(&format!("Close `{name}` with unsaved edits?"));
    t.wait_for_contains(draft);
    t.click("Cancel");
    assert_eq!(t.harness.state().open_tab_count(), 1);

    proxy.latency(Duration::from_secs(2), Duration::ZERO);
    send(t);
    t.step();
    t.close_tab();
    t.click("Close and drop the edits");
    assert_eq!(t.harness.state().open_tab_count(), 0);
    assert_eq!(
        t.harness.state().tabs_closed_still_working(),
        1,
        "the write in flight holds the tab"
    );
    t.wait_app("the write answered", Duration::from_secs(60), |app| {
        app.tabs_closed_still_working() == 0
    });
    proxy.latency(Duration::ZERO, Duration::ZERO);
}

/// What a test does to the feature, as its own controls would.
fn with_scribble(t: &mut TestApp, f: impl FnOnce(&mut Scribble)) {
    let pane = t.harness.state_mut().active_blob_mut().expect("a container tab");
    f(pane.feature_mut::<Scribble>().expect("the feature added"));
}

#[test]
fn a_feature_the_pane_never_heard_of_is_asked_about_and_waited_for_when_its_tab_closes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = common::blobs::proxied_container(&rt, "feature", &[("a.txt", "a")]);
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.harness
        .state_mut()
        .active_blob_mut()
        .unwrap()
        .add_feature(Scribble::default());
    with_scribble(&mut t, |s| s.draft = "kept".into());

    close_asks_then_runs_on_until_the_write_lands(&mut t, &proxy, (&container, "the scribbled note"), |t| {
        with_scribble(t, |s| s.save_now = true)
    });
    let read = common::peer::run(
        &common::emulator().connection_string(),
        &["blob-metadata", &container, "a.txt"],
    );
    assert_eq!(read["metadata"], serde_json::json!({"note": "kept"}));
}

/// A new form, added by this test: a caption typed for a.txt, held in a `Draft` and saved as its metadata when
/// the test says so. It writes no rule of its own about what was sent: its "unsaved" is the draft's.
#[derive(Default)]
struct Caption {
    draft: Option<tessera::app::context::draft::Draft<String>>,
    save_now: bool,
    out: InFlight<String, Result<String, StorageError>>,
}

impl Feature for Caption {
    type Pane = tessera::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let draft = self
            .draft
            .get_or_insert_with(|| tessera::app::context::draft::Draft::new("", String::new()));
        if std::mem::take(&mut self.save_now) {
            let sent = draft.send();
            let (client, container, note) = (ctx.client.clone(), core.container().to_string(), sent.clone());
            let work = ctx.send(async move {
                let metadata = [("caption".to_string(), note)];
                client
                    .set_blob_metadata(&container, "a.txt", &metadata, &Conditions::none())
                    .await
            });
            self.out.add(sent, work);
        }
        for (sent, reply) in self.out.ready() {
            match reply {
                Ok(etag) => draft.saved(sent, &etag),
                Err(_) => draft.unsent(&sent),
            }
        }
    }

    fn unsaved(&self) -> Vec<String> {
        let unsaved = self.draft.as_ref().is_some_and(|d| d.is_unsaved());
        unsaved
            .then(|| "the caption of a.txt".to_string())
            .into_iter()
            .collect()
    }

    fn sending(&self) -> bool {
        !self.out.is_empty()
    }
}

impl BlobFeature for Caption {}

fn with_caption(t: &mut TestApp, f: impl FnOnce(&mut Caption)) {
    let pane = t.harness.state_mut().active_blob_mut().expect("a container tab");
    f(pane.feature_mut::<Caption>().expect("the form added"));
}

fn type_caption(t: &mut TestApp, text: &str) {
    with_caption(t, |c| c.draft.as_mut().expect("polled once").edit = text.to_string());
    t.step();
}

/// The window's close (its close button, Alt+F4), one frame: whether the app held it back.
fn close_window(t: &mut TestApp) -> bool {
    use egui::{ViewportCommand, ViewportEvent, ViewportId};
    let viewport = t.harness.input_mut().viewports.entry(ViewportId::ROOT).or_default();
    viewport.events.push(ViewportEvent::Close);
    t.step();
    (t.harness.output().viewport_output.get(&ViewportId::ROOT))
        .is_some_and(|v| v.commands.contains(&ViewportCommand::CancelClose))
}

#[test]
fn a_new_form_on_a_draft_is_unsaved_unless_a_save_out_sends_exactly_it_with_no_line_elsewhere() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = common::blobs::proxied_container(&rt, "caption", &[("a.txt", "a")]);
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.harness
        .state_mut()
        .active_blob_mut()
        .unwrap()
        .add_feature(Caption::default());
    t.step();
    type_caption(&mut t, "first");

    // The quit question names it.
    assert!(close_window(&mut t), "the new form's edit holds the close back");
    t.wait_for("Quit Tessera?");
    t.wait_for_contains("the caption of a.txt");
    t.click("Keep working");
    // So does the tab's close question.
    t.close_tab();
    t.wait_for_contains(&format!("Close `{container}` with unsaved edits?"));
    t.wait_for_contains("the caption of a.txt");
    t.click("Cancel");

    // Saved slowly: while the save carries exactly what is typed, nothing is unsaved.
    proxy.latency(Duration::from_secs(2), Duration::ZERO);
    with_caption(&mut t, |c| c.save_now = true);
    t.step();
    assert!(t.blob().unsaved().is_empty(), "on its way exactly as typed");
    // Typing beyond what was sent is unsaved again, and the close asks.
    type_caption(&mut t, "first, and more");
    assert_eq!(t.blob().unsaved(), ["the caption of a.txt"]);
    t.close_tab();
    t.wait_for_contains("the caption of a.txt");
    t.click("Cancel");
    // Typed back to what is on its way: the tab closes at once and runs on until the save lands.
    type_caption(&mut t, "first");
    t.close_tab();
    assert_eq!(t.harness.state().open_tab_count(), 0, "nothing to ask about");
    assert_eq!(t.harness.state().tabs_closed_still_working(), 1);
    t.wait_app("the save answered", Duration::from_secs(60), |app| {
        app.tabs_closed_still_working() == 0
    });
    proxy.latency(Duration::ZERO, Duration::ZERO);
    let read = common::peer::run(
        &common::emulator().connection_string(),
        &["blob-metadata", &container, "a.txt"],
    );
    assert_eq!(read["metadata"], serde_json::json!({"caption": "first"}));
}

/// A label typed for the queue, saved as its metadata when the test says so.
#[derive(Default)]
struct Stamp {
    draft: String,
    save_now: bool,
    out: InFlight<(), Result<(), StorageError>>,
}

impl Feature for Stamp {
    type Pane = tessera::app::queue::feature::Queue;

    fn poll(&mut self, core: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        if std::mem::take(&mut self.save_now) {
            let (client, queue, label) = (ctx.client.clone(), core.queue.clone(), self.draft.clone());
            let work =
                ctx.send(async move { client.set_queue_metadata(&queue, &[("stamp".to_string(), label)]).await });
            self.out.start((), work);
        }
        for (_, reply) in self.out.ready() {
            reply.expect("the stamp saved");
            self.draft.clear();
        }
    }

    fn unsaved(&self) -> Vec<String> {
        match self.draft.as_str() {
            "" => Vec::new(),
            _ => vec!["the queue's stamp".into()],
        }
    }

    fn busy(&self) -> bool {
        !self.out.is_empty()
    }
}

impl QueueFeature for Stamp {}

fn with_stamp(t: &mut TestApp, f: impl FnOnce(&mut Stamp)) {
    let pane = t.harness.state_mut().active_queue_mut().expect("a queue tab");
    f(pane.feature_mut::<Stamp>().expect("the feature added"));
}

#[test]
fn a_queue_feature_the_pane_never_heard_of_is_asked_about_and_waited_for_when_its_tab_closes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let q = common::unique("feature");
    rt.block_on(common::client().create_queue(&q, &[])).unwrap();
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Queue));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Queues", &q);
    t.wait_for("About 0 messages");
    t.harness
        .state_mut()
        .active_queue_mut()
        .unwrap()
        .add_feature(Stamp::default());
    with_stamp(&mut t, |s| s.draft = "checked".into());

    close_asks_then_runs_on_until_the_write_lands(&mut t, &proxy, (&q, "the queue's stamp"), |t| {
        with_stamp(t, |x| x.save_now = true)
    });
    let read = common::peer::run(&common::emulator().connection_string(), &["queue-metadata", &q]);
    assert_eq!(read["metadata"], serde_json::json!({"stamp": "checked"}));
}

/// A note typed for the table, saved as an entity of its own when the test says so.
#[derive(Default)]
struct Jot {
    draft: String,
    save_now: bool,
    out: InFlight<(), Result<String, StorageError>>,
}

impl Feature for Jot {
    type Pane = tessera::app::table::feature::Table;

    fn poll(&mut self, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        if std::mem::take(&mut self.save_now) {
            let (client, table) = (ctx.client.clone(), core.table().to_string());
            let note = EntityDraft::new("notes", "jot").with("Text", EdmValue::String(self.draft.clone()));
            self.out
                .start((), ctx.send(async move { client.insert_entity(&table, &note).await }));
        }
        for (_, reply) in self.out.ready() {
            reply.expect("the jot saved");
            self.draft.clear();
        }
    }

    fn unsaved(&self) -> Vec<String> {
        match self.draft.as_str() {
            "" => Vec::new(),
            _ => vec!["the table's jot".into()],
        }
    }

    fn busy(&self) -> bool {
        !self.out.is_empty()
    }
}

impl TableFeature for Jot {}

fn with_jot(t: &mut TestApp, f: impl FnOnce(&mut Jot)) {
    let pane = t.harness.state_mut().active_table_mut().expect("a table tab");
    f(pane.feature_mut::<Jot>().expect("the feature added"));
}

#[test]
fn a_table_feature_the_pane_never_heard_of_is_asked_about_and_waited_for_when_its_tab_closes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let table = common::unique("feature").replace('-', "");
    rt.block_on(common::client().create_table(&table)).unwrap();
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Table));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Tables", &table);
    t.wait_for_contains("0 entities loaded");
    t.harness
        .state_mut()
        .active_table_mut()
        .unwrap()
        .add_feature(Jot::default());
    with_jot(&mut t, |j| j.draft = "kept".into());

    close_asks_then_runs_on_until_the_write_lands(&mut t, &proxy, (&table, "the table's jot"), |t| {
        with_jot(t, |x| x.save_now = true)
    });
    let read = common::peer::run(
        &common::emulator().connection_string(),
        &["entity", &table, "notes", "jot"],
    );
    assert_eq!(read["entity"]["Text"]["value"], "kept", "{read}");
}

/// A feature that says what it heard when the pane tells it a blob's properties: its words land while the pane
/// carries out a `wrote` (in the middle of a batch), so they show where in the batch that ran.
#[derive(Default)]
struct Echo;

impl Feature for Echo {
    type Pane = tessera::app::blob::feature::Blob;
}

impl BlobFeature for Echo {
    fn event(
        &mut self,
        event: &tessera::app::blob::feature::BlobEvent,
        _: &BlobCore,
        _: &mut PaneContext,
        fx: &mut Effects,
    ) {
        if let tessera::app::blob::feature::BlobEvent::PropertiesRead { blob, .. } = event {
            fx.say(Ok(format!("heard {blob}")));
        }
    }
}

/// A container tab driven directly (no window), listed, with `Echo` added; and what it sent is recorded.
fn listed_pane(
    rt: &tokio::runtime::Runtime,
) -> (
    common::pane_world::World,
    tessera::app::blob::pane::BlobPane,
    common::Recorder,
) {
    let (_, container) = common::blobs::container_with(rt, &["a.txt", "b.txt"]);
    let (client, recorder) = common::recorded_client(common::account());
    let mut world = common::pane_world::World::new(rt, client);
    let mut pane = tessera::app::blob::pane::BlobPane::new("test", &container);
    pane.add_feature(Echo);
    world.with(|ctx| pane.list(ctx));
    world.until(|ctx| {
        pane.poll(ctx);
        pane.blobs().len() == 2 && !pane.is_busy()
    });
    (world, pane, recorder)
}

/// What one batch of asks does to the tab: `asks` run as `Echo`'s own controls would.
fn ask(
    world: &mut common::pane_world::World,
    pane: &mut tessera::app::blob::pane::BlobPane,
    asks: impl FnOnce(&mut Effects),
) {
    world.with(|ctx| pane.with_feature(ctx, |_: &mut Echo, _, _, fx| asks(fx)));
}

fn said(pane: &tessera::app::blob::pane::BlobPane) -> String {
    match pane.message() {
        Some(Ok(words)) => words.clone(),
        other => panic!("words expected, the tab says {other:?}"),
    }
}

/// A feature's asks are carried out in the order it wrote them: words said after a write's answer stay (the
/// answer's news, heard by every feature, came first); said before it, they give way to what it brought. A
/// selection cleared after a select ends with nothing shown; cleared before it, the blob is shown.
#[test]
fn a_features_asks_are_carried_out_in_the_order_asked() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut world, mut pane, _) = listed_pane(&rt);
    let props = pane.blobs().get(0).properties;

    let p = props.clone();
    ask(&mut world, &mut pane, |fx| {
        fx.wrote("a.txt", p, None);
        fx.say(Ok("saved".into()));
    });
    assert_eq!(said(&pane), "saved", "said after the write's answer: kept");
    let p = props.clone();
    ask(&mut world, &mut pane, |fx| {
        fx.say(Ok("saved".into()));
        fx.wrote("a.txt", p, None);
    });
    assert_eq!(
        said(&pane),
        "heard a.txt",
        "said before the write's answer: what it brought follows"
    );

    ask(&mut world, &mut pane, |fx| {
        fx.select("a.txt");
        fx.clear_selection();
    });
    assert_eq!(pane.shown_blob(), None, "cleared after the select");
    assert!(pane.selection().is_empty());
    ask(&mut world, &mut pane, |fx| {
        fx.clear_selection();
        fx.select("b.txt");
    });
    assert_eq!(pane.shown_blob(), Some("b.txt"), "selected after the clear");
}

/// Asks to read the folder again collapse, however many a batch holds and wherever in it: one listing, from the
/// first page when any ask was a relist, after the rest of the batch.
#[test]
fn asks_to_read_the_folder_again_are_one_listing_after_the_rest() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut world, mut pane, recorder) = listed_pane(&rt);
    ask(&mut world, &mut pane, |fx| fx.select("a.txt"));
    world.until(|ctx| {
        pane.poll(ctx);
        !pane.is_busy() && pane.selected_properties().is_some()
    });

    let listings = || {
        let events = recorder.events();
        let listed = |e: &&tessera::storage::RequestEvent| e.attempt <= 1 && e.url.contains("comp=list");
        // The folder's listings (a blob's snapshots are listed by its name: `prefix=a.txt`).
        events
            .iter()
            .filter(listed)
            .filter(|e| !e.url.contains("prefix="))
            .count()
    };
    let before = listings();
    ask(&mut world, &mut pane, |fx| {
        fx.refresh();
        fx.relist();
        fx.say(Ok("first".into()));
        fx.refresh();
        fx.relist();
        fx.say(Ok("last".into()));
        fx.refresh();
    });
    world.until(|ctx| {
        pane.poll(ctx);
        !pane.is_busy()
    });
    assert_eq!(listings() - before, 1, "one listing for the batch");
    assert!(
        pane.selection().is_empty(),
        "the relist ran (a refresh keeps the selection)"
    );
    assert_eq!(said(&pane), "last");
}
