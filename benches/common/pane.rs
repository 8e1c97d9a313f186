//! The pane world the tests use, shared with the benchmarks.
#[path = "../../tests/common/pane_world.rs"]
mod pane_world;
// Not every bench draws a pane; those that do not include this module all the same.
#[allow(unused_imports)]
pub use pane_world::World;
