//! Driving the real app in egui_kittest: a harness around `TesseraApp` with a mock keychain and its files in
//! a temporary folder, and helpers that click and type by label and wait for what the backend sends back.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tessera::app::TesseraApp;
use tessera::app::backend::Backend;
use tessera::app::profiles::AppPaths;
use tessera::app::secrets::Secrets;
use tessera::emulator::Emulator;

pub struct TestApp<'a> {
    pub harness: Harness<'a, TesseraApp>,
    _dir: tempfile::TempDir,
}

pub fn connection_string_of(e: &Emulator) -> String {
    e.connection_string()
}

/// How long to wait for the backend before a test fails.
const PATIENCE: Duration = Duration::from_secs(20);

impl<'a> TestApp<'a> {
    pub fn new(rt: &tokio::runtime::Runtime) -> TestApp<'a> {
        // One mock keychain for the whole test binary: tests run in parallel and must not wipe each other's.
        static KEYCHAIN: std::sync::Once = std::sync::Once::new();
        KEYCHAIN.call_once(|| keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap()));
        let dir = tempfile::tempdir().unwrap();
        // The harness steps on its own; the backend needs no waker here.
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let app = TesseraApp::new(
            backend,
            AppPaths::in_dir(dir.path()),
            Secrets::from_registered_store(),
            None,
        );
        let harness = Harness::builder().with_size(egui::vec2(1400.0, 900.0)).build_ui_state(
            |ui, app: &mut TesseraApp| {
                app.logic();
                tessera::app::shell::ui(app, ui);
            },
            app,
        );
        TestApp { harness, _dir: dir }
    }

    pub fn step(&mut self) {
        self.harness.step();
    }

    /// Steps until a node with exactly this label exists.
    pub fn wait_for(&mut self, label: &str) {
        self.wait_until(label, |h| h.query_all_by_label(label).next().is_some());
    }

    pub fn wait_for_contains(&mut self, text: &str) {
        self.wait_until(text, |h| h.query_all_by_label_contains(text).next().is_some());
    }

    pub fn wait_until(&mut self, what: &str, done: impl Fn(&Harness<'a, TesseraApp>) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            self.harness.step();
            if done(&self.harness) {
                return;
            }
            if Instant::now() > deadline {
                let notices: Vec<String> = self.harness.state().notices.iter().map(|n| n.text.clone()).collect();
                panic!("waited {PATIENCE:?} for `{what}`; notices: {notices:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn click(&mut self, label: &str) {
        self.wait_for(label);
        self.harness.get_all_by_label(label).next().unwrap().click();
        self.harness.step();
        self.harness.step();
    }

    pub fn click_contains(&mut self, text: &str) {
        self.wait_for_contains(text);
        self.harness.get_all_by_label_contains(text).next().unwrap().click();
        self.harness.step();
        self.harness.step();
    }

    pub fn context_click(&mut self, label: &str) {
        self.wait_for(label);
        self.harness.get_all_by_label(label).next().unwrap().click_secondary();
        self.harness.step();
        self.harness.step();
    }

    /// Focuses the input named `label` and types into it.
    pub fn type_into(&mut self, label: &str, text: &str) {
        self.wait_for(label);
        self.harness.get_by_label(label).focus();
        self.harness.step();
        self.harness.get_by_label(label).type_text(text);
        self.harness.step();
    }

    pub fn add_account_from_connection_string(&mut self, name: &str, connection_string: &str) {
        self.click("Add account");
        self.type_into("Display name:", name);
        self.type_into("Connection string:", connection_string);
        self.click("Save account");
    }
}
