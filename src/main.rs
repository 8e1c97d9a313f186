//! Starts the tokio runtime on its own threads, then the window. `--demo` also starts a local Azurite,
//! seeds demo data and connects to it; closing the window stops that emulator.

use std::sync::Arc;

use tessera::app::backend::Backend;
use tessera::app::jobs::Unit;
use tessera::app::profiles::{AccountProfile, AppPaths};
use tessera::app::secrets::Secrets;
use tessera::app::{TesseraApp, UiSettings};
use tessera::emulator::Emulator;
use tessera::storage::account::EMULATOR_PORTS;
use tessera::storage::{Client, ClientOptions};

fn main() -> eframe::Result {
    let demo = std::env::args().any(|a| a == "--demo");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("tessera-io")
        .enable_all()
        .build()
        .expect("the I/O runtime starts");
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(format!("Tessera {}", env!("CARGO_PKG_VERSION")))
            .with_app_id("tessera")
            .with_inner_size([1360.0, 860.0])
            .with_min_inner_size([800.0, 500.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Tessera",
        options,
        Box::new(move |cc| {
            let ctx = cc.egui_ctx.clone();
            let backend = Backend::new(runtime.handle().clone(), Arc::new(move || ctx.request_repaint()));
            let settings: Option<UiSettings> = cc.storage.and_then(|s| eframe::get_value(s, eframe::APP_KEY));
            let mut app = TesseraApp::new(backend, AppPaths::platform(), Secrets::platform(), settings);
            if demo {
                start_demo(&mut app);
            }
            app.keep_alive.push(Box::new(runtime));
            Ok(Box::new(app))
        }),
    )
}

/// Starts Azurite (on the standard ports when free), adds it to the tree and seeds it as a job.
fn start_demo(app: &mut TesseraApp) {
    let emulator = match Emulator::start_preferring(EMULATOR_PORTS) {
        Ok(e) => e,
        Err(why) => {
            app.notice(format!("The demo emulator could not start: {why}"));
            return;
        }
    };
    let account = emulator.account();
    let profile = AccountProfile::started_emulator(&account);
    app.connections
        .list
        .insert(0, tessera::app::connections::Connection::new(profile));
    app.keep_alive.push(Box::new(emulator));
    let entities = std::env::var("TESSERA_DEMO_ENTITIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let factory = Arc::new(move |ctx: tessera::app::jobs::JobContext| {
        let account = account.clone();
        Box::pin(async move {
            let client = Client::new(account, ClientOptions::default())?;
            tessera::demo::seed(&client, entities, &ctx.progress, &ctx.cancel).await
        }) as tessera::app::jobs::JobFuture
    });
    let backend = app.backend.clone();
    app.jobs
        .start(&backend, "Seed demo data", Unit::Items("entities"), factory);
}
