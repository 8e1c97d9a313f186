//! What a feature marks on a row of the list (a change the watch saw) and how a marked cell is drawn.

pub use crate::app::blob::watch::{Cell, Column, Mark};
