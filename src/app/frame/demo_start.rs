//! The demo, one click from the welcome: Azurite started in memory off the UI thread, added to the tree and
//! seeded as a job.

use std::sync::Arc;

use crate::app::accounts::profiles::AccountProfile;
use crate::app::frame::app::TesseraApp;
use crate::app::runtime::jobs::{JobContext, JobFuture, Unit};
use crate::emulator::Emulator;
use crate::storage::{Client, ClientOptions, EMULATOR_PORTS};

/// Starts Azurite (on the standard ports when free) off the UI thread, which polls for it (`poll_demo`): the
/// start waits for it to listen, up to minutes on a loaded machine, while the window keeps answering.
impl TesseraApp {
    pub fn start_demo(&mut self) {
        self.ops.demo_started = true;
        if self.ops.demo_starting.is_empty() {
            self.ops.demo_starting.start(
                (),
                self.backend
                    .spawn_blocking(|| Emulator::start_preferring(EMULATOR_PORTS)),
            );
        }
    }

    /// Once the demo emulator listens: adds it to the tree and seeds it as a job.
    pub(crate) fn poll_demo(&mut self) {
        poll_demo(self);
    }
}

fn poll_demo(app: &mut TesseraApp) {
    let Some((_, started)) = app.ops.demo_starting.take() else {
        return;
    };
    let emulator = match started {
        Ok(e) => e,
        Err(why) => {
            app.notice(crate::app::widgets::i18n::tr!("demo-failed", why = why.to_string()));
            return;
        }
    };
    let account = emulator.account();
    let profile = AccountProfile::started_emulator(&account);
    let id = profile.id.clone();
    app.add_account_for_this_run(0, profile);
    app.keep_alive(Box::new(emulator));
    app.connect(&id);
    let entities = std::env::var("TESSERA_DEMO_ENTITIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(crate::demo::ENTITIES);
    let factory = Arc::new(move |ctx: JobContext| {
        let account = account.clone();
        Box::pin(async move {
            // Bulk writes to a local emulator that shares the machine's cores: an answer may take longer than the
            // interactive 30 s, and a retry on timeout would only add to the work Azurite is still doing.
            let options = ClientOptions {
                read_timeout: std::time::Duration::from_secs(180),
                ..ClientOptions::default()
            };
            let client = Client::new(account, options)?;
            crate::demo::seed(&client, entities, &ctx.progress, &ctx.cancel).await
        }) as JobFuture
    });
    app.start_job(
        crate::app::widgets::i18n::t("job-seed-demo"),
        Unit::Items("entities"),
        factory,
    );
}
