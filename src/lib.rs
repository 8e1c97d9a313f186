//! Tessera: a desktop explorer for Azure Storage that shows every ETag, lease and pop receipt.
//! The library holds everything, so tests and benchmarks run the same code as the app.

pub mod allocator;
pub mod app;
pub mod demo;
pub mod emulator;
pub mod i18n;
pub mod lens;
pub use tessera_storage as storage;

#[doc(hidden)]
pub mod fuzzing;
