//! What a feature asks of its pane, as an ordered list of commands (as rerun's `SystemCommand`): the pane applies
//! them in the order they were asked, written once here for every pane; only the asks to read again what the
//! pane shows collapse, into one read run after the rest.

/// A command a feature asks of its pane (`BlobCommand`, `QueueCommand`, `TableCommand`).
pub trait Command {
    /// Whether this ask reads again what the pane shows (a listing, a query, a peek), and how much: all such asks
    /// of one batch collapse into the strongest (the last of those, when equal), run after every other command,
    /// so a batch costs one read, of what the others left. None: applied where it was asked.
    fn reads_again(&self) -> Option<u8> {
        None
    }
}

/// The commands a pane's features asked in one batch, in the order asked.
pub struct Commands<C>(Vec<C>);

impl<C> Default for Commands<C> {
    fn default() -> Self {
        Commands(Vec::new())
    }
}

impl<C: Command> Commands<C> {
    pub fn push(&mut self, command: C) {
        self.0.push(command);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The commands asked so far, to merge an ask into one of its kind (rows numbered against the same store).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut C> {
        self.0.iter_mut()
    }

    /// What the pane applies, in the order asked; the asks to read again collapsed into the strongest, last.
    pub fn in_order(self) -> impl Iterator<Item = C> {
        let mut read: Option<(u8, C)> = None;
        let mut rest = Vec::with_capacity(self.0.len());
        for command in self.0 {
            match command.reads_again() {
                Some(s) if read.as_ref().is_none_or(|(r, _)| s >= *r) => read = Some((s, command)),
                Some(_) => {}
                None => rest.push(command),
            }
        }
        rest.into_iter().chain(read.map(|(_, c)| c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    enum Ask {
        Say(&'static str),
        Refresh,
        Relist(&'static str),
    }

    impl Command for Ask {
        fn reads_again(&self) -> Option<u8> {
            match self {
                Ask::Say(_) => None,
                Ask::Refresh => Some(1),
                Ask::Relist(_) => Some(2),
            }
        }
    }

    fn applied(asks: Vec<Ask>) -> Vec<Ask> {
        let mut c = Commands::default();
        asks.into_iter().for_each(|a| c.push(a));
        c.in_order().collect()
    }

    #[test]
    fn commands_apply_in_the_order_asked() {
        let asked = applied(vec![Ask::Say("b"), Ask::Say("a"), Ask::Say("c")]);
        assert_eq!(asked, vec![Ask::Say("b"), Ask::Say("a"), Ask::Say("c")]);
    }

    #[test]
    fn reads_again_collapse_into_the_strongest_run_last() {
        let asked = applied(vec![
            Ask::Refresh,
            Ask::Say("a"),
            Ask::Relist("first"),
            Ask::Refresh,
            Ask::Relist("second"),
            Ask::Say("b"),
            Ask::Refresh,
        ]);
        assert_eq!(asked, vec![Ask::Say("a"), Ask::Say("b"), Ask::Relist("second")]);
        assert_eq!(applied(vec![Ask::Refresh, Ask::Refresh]), vec![Ask::Refresh]);
        assert_eq!(applied(vec![]), vec![]);
    }
}
