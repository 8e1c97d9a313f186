//! Where the window's own close stands (held by the app; `quitting` moves it along each frame).

use std::time::Instant;

/// Where the window's close stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Stage {
    /// Nothing asked: a close request with nothing at work goes through.
    #[default]
    Open,
    /// The question is shown. `again`: Save all ran, and what it lists was left unsaved.
    Asking { again: bool },
    /// Save all sent every save it could; once they answer, the window asks again or goes.
    Saving,
    /// Quitting: the jobs were cancelled and the window waits for their clean-up and for the writes out.
    Leaving { since: Instant },
    /// Everything is done (or the user chose not to wait): the close goes through.
    Gone,
}

#[derive(Default)]
pub struct Quitting {
    pub stage: Stage,
    /// The user's word: the messages held are made visible again on the way out.
    pub return_held: bool,
}

impl Quitting {
    /// Whether the close goes through (the window may end).
    pub fn is_gone(&self) -> bool {
        self.stage == Stage::Gone
    }
}
