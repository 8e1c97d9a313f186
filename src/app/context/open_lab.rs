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
    pub fn describe(&self) -> String {
        match self {
            FreeTarget::Entity {
                table,
                partition_key,
                row_key,
            } => format!("entity ({partition_key}, {row_key}) of table `{table}`"),
            FreeTarget::Blob { container, blob } => format!("blob `{blob}` in `{container}`"),
            FreeTarget::Queue { queue } => format!("front message of queue `{queue}`"),
        }
    }
}
