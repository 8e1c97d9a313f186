//! The lab's small interface for the panes: what "Open in conflict lab" points A and B at. A pane sets one of
//! these in its context; the app opens the lab on it. Panes import nothing of the lab itself.

/// What the two sides act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FreeTarget {
    Entity {
        table: String,
        partition_key: String,
        row_key: String,
    },
    Blob {
        container: String,
        blob: String,
    },
    Queue {
        queue: String,
    },
}

impl FreeTarget {
    /// What it is, in the window's language: "blob `a.txt` in `docs`".
    pub fn describe(&self) -> String {
        use crate::i18n::tr;
        match self {
            FreeTarget::Entity {
                table,
                partition_key,
                row_key,
            } => tr!(
                "context-open-lab-entity",
                partition_key = partition_key.as_str(),
                row_key = row_key.as_str(),
                table = table.as_str()
            ),
            FreeTarget::Blob { container, blob } => tr!(
                "context-open-lab-blob",
                blob = blob.as_str(),
                container = container.as_str()
            ),
            FreeTarget::Queue { queue } => tr!("context-open-lab-queue", queue = queue.as_str()),
        }
    }
}
