//! Starts the tokio runtime on its own threads, then the window. `--demo` also starts a local Azurite,
//! seeds demo data and connects to it; closing the window stops that emulator. `tessera lens …` runs the lens
//! without the window (`tessera lens --help`).

// A release build on Windows is a GUI program: no console window opens beside it.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use std::sync::Arc;

use tessera::app::accounts::profiles::AppPaths;
use tessera::app::accounts::secrets::Secrets;
use tessera::app::runtime::backend::Backend;
use tessera::app::{TesseraApp, UiSettings};

/// The app's heap (`tessera::allocator`): mimalloc for small blocks, the system's for large ones.
#[global_allocator]
static ALLOCATOR: tessera::allocator::Allocator = tessera::allocator::Allocator;

fn main() -> eframe::Result {
    // `tessera lens …`: the lens without the window (`tessera::lens::headless`).
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "lens") {
        std::process::exit(tessera::lens::headless::run(&args[1..], &saved_account));
    }
    let demo = std::env::args().any(|a| a == "--demo");
    let bare = std::env::args().any(|a| a == "--bare");
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
            .with_icon(Arc::new(
                eframe::icon_data::from_png_bytes(include_bytes!("../assets/png/tessera-256.png"))
                    .expect("the bundled icon is a valid PNG"),
            ))
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([800.0, 500.0]),
        // The app installs the system font provider itself, to name the scripts no font covers.
        system_font_fallback: false,
        ..Default::default()
    };
    eframe::run_native(
        "Tessera",
        options,
        Box::new(move |cc| {
            // The baseline is eframe's own window and nothing of the app's: no fonts, no keychain, no files.
            if bare {
                return Ok(Box::new(FirstFrame::new(Bare)));
            }
            egui_extras::install_image_loaders(&cc.egui_ctx);
            tessera::app::runtime::fonts::install(&cc.egui_ctx);
            // Before the first frame, so that it already has the app's icons.
            tessera::app::widgets::icon::install(&cc.egui_ctx);
            cc.egui_ctx
                .data_mut(|d| d.insert_temp(egui::Id::unique("tessera-icon-font"), true));
            let ctx = cc.egui_ctx.clone();
            let backend = Backend::new(runtime.handle().clone(), Arc::new(move || ctx.request_repaint()));
            let settings: Option<UiSettings> = cc.storage.and_then(|s| eframe::get_value(s, eframe::APP_KEY));
            // What the app says while it starts (the keychain's notice, the accounts read) is in the window's
            // language already: the frame sets it each frame, but the first frame comes after.
            let language = settings.as_ref().and_then(|s| s.language);
            tessera::i18n::set_language(language.unwrap_or_else(tessera::i18n::Language::system));
            let mut app = TesseraApp::new(backend, AppPaths::platform(), Secrets::platform(), settings);
            if demo {
                app.start_demo();
            }
            app.keep_alive(Box::new(runtime));
            Ok(Box::new(FirstFrame::new(app)))
        }),
    )
}

/// An account saved in the window's list, by its name there, with its secret from the keychain (`tessera lens
/// --account NAME`).
fn saved_account(name: &str) -> Result<tessera::storage::Account, String> {
    let paths = AppPaths::platform();
    let profiles = tessera::app::accounts::profiles::load_profiles(&paths.accounts_file)?;
    let Some(profile) = profiles.iter().find(|p| p.label.eq_ignore_ascii_case(name.trim())) else {
        let names: Vec<&str> = profiles.iter().map(|p| p.label.as_str()).collect();
        return Err(format!(
            "no saved account is named {name:?} (saved: {})",
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        ));
    };
    let secret = if profile.needs_secret() {
        let found = Secrets::platform().load(&profile.id)?;
        Some(found.ok_or_else(|| format!("the keychain holds no key or SAS for the saved account {name:?}"))?)
    } else {
        None
    };
    profile.to_account(secret.as_deref()).map_err(|e| e.to_string())
}

/// An empty window: the baseline the cold-start benchmark compares the app with.
struct Bare;

impl eframe::App for Bare {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| ui.label("bare"));
    }
}

/// With `TESSERA_LAUNCHED_AT_NS` set (by the shell benchmark), prints how long the first frame took to
/// appear and closes the window; otherwise passes straight through.
struct FirstFrame<A> {
    inner: A,
    launched_ns: Option<u128>,
    frames: u32,
}

impl<A> FirstFrame<A> {
    fn new(inner: A) -> Self {
        let launched_ns = std::env::var("TESSERA_LAUNCHED_AT_NS")
            .ok()
            .and_then(|v| v.parse().ok());
        FirstFrame {
            inner,
            launched_ns,
            frames: 0,
        }
    }
}

impl<A: eframe::App> eframe::App for FirstFrame<A> {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        self.frames += 1;
        // The second frame starts once the first was drawn and presented.
        if self.frames == 2
            && let Some(launched) = self.launched_ns
        {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0);
            println!("first-frame-ms={:.1}", (now.saturating_sub(launched)) as f64 / 1e6);
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        if self.frames <= 2 {
            ctx.request_repaint();
        }
        self.inner.logic(ctx, frame);
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.inner.ui(ui, frame);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.launched_ns.is_none() {
            self.inner.save(storage);
        }
    }
}
