//! What a pane may use while it draws or polls: the pane context, and the leases this app holds.

pub mod leases;
