//! The app driven as a person uses it (egui_kittest), against a real Azurite: adding accounts, the tree
//! filling, the inspector, cancelling a job, and secrets staying out of files, logs and the inspector.

mod common;
mod ui;

use common::{emulator, unique};
use egui_kittest::kittest::{NodeT, Queryable};
use tessera::storage::EMULATOR_KEY;
use tessera::storage::table::BatchOperation;
use tessera::storage::table::EntityDraft;
use ui::{TestApp, connection_string_of};

#[test]
fn an_account_added_from_a_connection_string_fills_the_tree_from_azurite() {
    let table = unique("shell");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(common::client().create_table(&table)).unwrap();
    let mut t = TestApp::new(&rt);
    t.add_account_from_connection_string("Team emulator", &connection_string_of(emulator()));
    t.wait_for("Account `Team emulator` saved.");
    t.click("Team emulator");
    t.wait_for("Tables");
    t.click_contains("Tables");
    t.wait_for(&table);
    t.click(&table);
    t.wait_for(&format!("{table} (table)"));
    // The status line names the account and endpoint.
    t.wait_for_contains("Account: Team emulator");
    t.wait_for_contains(&format!(
        "Endpoint: http://127.0.0.1:{}/devstoreaccount1",
        emulator().ports()[2]
    ));
}

#[test]
fn a_bad_connection_string_is_explained_and_sends_nothing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::new(&rt);
    t.add_account_from_connection_string("Broken", "AccountName=x;AcountKey=a2V5");
    t.wait_for_contains("unknown setting `AcountKey`");
    assert!(t.harness.state().requests().is_empty(), "no request was sent");
    assert!(t.harness.state().profile("Broken").is_none(), "nothing was saved");
}

#[test]
fn the_inspector_shows_the_requests_made() {
    let table = unique("insp");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(common::client().create_table(&table)).unwrap();
    let mut t = TestApp::new(&rt);
    t.add_account_from_connection_string("Inspected", &connection_string_of(emulator()));
    t.wait_for("Account `Inspected` saved.");
    t.click("Inspected");
    t.wait_for("Tables");
    t.click_contains("Tables");
    t.wait_for(&table);
    t.click_contains("HTTP inspector");
    t.wait_for("/Tables");
    let events = &t.harness.state().requests();
    let listing = events
        .iter()
        .find(|e| e.resource == "/Tables")
        .expect("the list tables request");
    assert_eq!(listing.status, Some(200));
    assert!(listing.request_id.is_some());
}

#[test]
fn test_connection_on_an_account_never_opened_waits_for_it_and_reports_each_service() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::new(&rt);
    t.add_account_from_connection_string("Untried", &connection_string_of(emulator()));
    t.wait_for("Account `Untried` saved.");
    // Straight from the context menu, without opening the account first.
    t.context_click("Untried");
    t.click("Test connection");
    t.wait_for("Test of Untried");
    for service in ["blob", "queue", "table"] {
        t.wait_for_contains(&format!("{service}: reachable and authenticated"));
    }
}

#[test]
fn a_job_is_cancelled_from_the_activity_list() {
    let table = unique("cancel");
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        for p in 0..40 {
            let ops: Vec<_> = (0..100)
                .map(|i| BatchOperation::Insert(EntityDraft::new(format!("p{p}"), format!("r{i}"))))
                .collect();
            client.submit_batch(&table, &ops).await.unwrap();
        }
    });
    // A slow table endpoint (every request held 300 ms), so the count is surely still running at the click.
    let proxy = rt.block_on(common::fault_proxy::FaultProxy::start(emulator().ports()[2]));
    proxy.always(Some(common::fault_proxy::Fault::Delay(
        std::time::Duration::from_millis(300),
    )));
    let slow = connection_string_of(emulator()).replace(
        &format!("127.0.0.1:{}/", emulator().ports()[2]),
        &format!("127.0.0.1:{}/", proxy.port),
    );
    let mut t = TestApp::new(&rt);
    t.add_account_from_connection_string("Jobs", &slow);
    t.wait_for("Account `Jobs` saved.");
    t.click("Jobs");
    t.wait_for("Tables");
    t.click_contains("Tables");
    t.wait_for(&table);
    t.context_click(&table);
    t.click("Count entities");
    let job = format!("Count entities in {table}");
    t.click(&format!("Cancel {job}"));
    t.wait_for_contains("Cancelled after");
    let jobs = &t.harness.state().jobs();
    assert!(matches!(
        jobs[0].state,
        tessera::app::runtime::jobs::JobState::Cancelled
    ));
    assert!(jobs[0].progress.done() < 4000, "it stopped before counting everything");
    // Retry runs it again to the end.
    t.click(&format!("Retry {job}"));
    t.wait_for_contains("4,000 entities in");
}

#[test]
fn secrets_stay_out_of_the_account_file_the_log_and_the_inspector() {
    let table = unique("secret");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(common::client().create_table(&table)).unwrap();
    let mut t = TestApp::new(&rt);
    t.add_account_from_connection_string("Secretive", &connection_string_of(emulator()));
    t.wait_for("Account `Secretive` saved.");
    t.click("Secretive");
    t.wait_for("Tables");
    t.click_contains("Tables");
    t.wait_for(&table);
    t.click(&table);
    t.wait_for(&format!("{table} (table)"));
    let app = t.harness.state();
    // The key reached the (mock) keychain, and the account works from it...
    let id = app.profile("Secretive").unwrap().id.clone();
    assert_eq!(app.stored_secret(&id).unwrap().as_deref(), Some(EMULATOR_KEY));
    // ...and nowhere else.
    app.sync_files();
    let accounts = std::fs::read_to_string(&app.paths().accounts_file).unwrap();
    assert!(accounts.contains("Secretive"), "the account list was written");
    let log = std::fs::read_to_string(&app.paths().log_file).unwrap();
    assert!(log.contains("/Tables"), "requests were logged");
    let inspector = format!("{:?}", app.requests());
    assert!(!app.requests().is_empty());
    for (what, text) in [("account file", &accounts), ("log", &log), ("inspector", &inspector)] {
        assert!(!text.contains(EMULATOR_KEY), "the key leaked into the {what}");
        assert!(
            !text.contains(&EMULATOR_KEY[..20]),
            "part of the key leaked into the {what}"
        );
    }
}

#[test]
fn a_sas_stays_out_of_the_account_file_the_log_and_the_inspector() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let container = unique("sassecret");
    rt.block_on(client.create_container(&container, tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    let read = tessera::storage::blob::SasPermissions::read_only();
    let expiry = std::time::SystemTime::now() + std::time::Duration::from_secs(3600);
    let url = client.blob_sas_url(&container, None, read, None, expiry).unwrap();
    let (resource, token) = url.split_once('?').unwrap();
    let endpoint = resource.strip_suffix(&format!("/{container}")).unwrap();
    let sig = token
        .split('&')
        .find_map(|p| p.strip_prefix("sig="))
        .unwrap()
        .to_string();
    let mut t = TestApp::new(&rt);
    t.add_account_from_connection_string(
        "SasHolder",
        &format!("BlobEndpoint={endpoint};SharedAccessSignature={token}"),
    );
    t.wait_for("Account `SasHolder` saved.");
    t.click("SasHolder");
    t.wait_for("Blob containers");
    // A container SAS cannot list the account's containers: the request goes out and is refused, and it is
    // logged and inspected all the same.
    t.click_contains("Blob containers");
    t.wait_until("a request in the inspector", |h| !h.state().requests().is_empty());
    let app = t.harness.state();
    let id = app.profile("SasHolder").unwrap().id.clone();
    assert!(
        app.stored_secret(&id).unwrap().unwrap().contains(&sig),
        "the SAS reached the keychain"
    );
    app.sync_files();
    let accounts = std::fs::read_to_string(&app.paths().accounts_file).unwrap();
    assert!(accounts.contains("SasHolder"), "the account list was written");
    let log = std::fs::read_to_string(&app.paths().log_file).unwrap();
    let inspector = format!("{:?}", app.requests());
    for (what, text) in [("account file", &accounts), ("log", &log), ("inspector", &inspector)] {
        assert!(!text.contains(&sig), "the SAS signature leaked into the {what}");
    }
    assert!(
        inspector.contains("sig=<redacted>"),
        "the inspector shows where the signature was"
    );
}

#[test]
fn tabs_of_an_account_that_lives_for_this_run_only_are_not_reopened_next_run() {
    use tessera::app::accounts::profiles::AccountProfile;
    use tessera::app::accounts::tree::TabTarget;
    use tessera::storage::Service;

    let table = unique("restore");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(common::client().create_table(&table)).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    // The demo's emulator is a this-run account: next run it is a different, empty emulator.
    let demo = AccountProfile::started_emulator(&common::account());
    let demo_id = demo.id.clone();
    t.harness.state_mut().add_account_for_this_run(0, demo);
    // Both accounts show the table in the tree; open each tab as the tree would, by account.
    for profile_id in ["test-emulator".to_string(), demo_id] {
        t.harness.state_mut().open_tab(TabTarget {
            profile_id,
            service: Service::Table,
            name: table.clone(),
        });
    }
    t.wait_for_contains("entities loaded in");
    assert_eq!(t.harness.state().open_tab_count(), 2, "both tabs are open in this run");

    let saved = t.harness.state().settings_to_save();
    let profiles: Vec<&str> = saved.open_tabs.iter().map(|t| t.profile_id.as_str()).collect();
    assert_eq!(profiles, ["test-emulator"]);
    assert_eq!(
        saved.active_tab, None,
        "the active tab was the demo's, which is not kept"
    );

    t.harness.state_mut().activate_tab(0);
    assert_eq!(t.harness.state().settings_to_save().active_tab, Some(0));
}

#[test]
fn the_about_box_names_the_app_and_its_version_from_the_manifest() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::new(&rt);
    t.click("Help");
    t.click("About Tessera…");
    t.wait_for(&format!("Tessera {}", env!("CARGO_PKG_VERSION")));
    t.wait_for(env!("CARGO_PKG_DESCRIPTION"));
    t.wait_for_contains("License: MIT OR Apache-2.0");
}

#[test]
fn a_sas_never_leaks_through_a_timeout_a_refused_connection_a_reset_or_a_dns_failure() {
    const SIG: &str = "LeakCanary0123456789SECRETsig";
    let rt = tokio::runtime::Runtime::new().unwrap();
    let emulator_blob = emulator().ports()[0];
    let (silent, reset) = rt.block_on(async {
        let silent = common::fault_proxy::FaultProxy::start(emulator_blob).await;
        silent.always(Some(common::fault_proxy::Fault::Delay(std::time::Duration::from_secs(
            20,
        ))));
        let reset = common::fault_proxy::FaultProxy::start(emulator_blob).await;
        reset.always(Some(common::fault_proxy::Fault::Reset));
        (silent, reset)
    });
    let refused = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let accounts = [
        (
            "Times out",
            format!("http://127.0.0.1:{}/devstoreaccount1", silent.port),
        ),
        ("Is refused", format!("http://127.0.0.1:{refused}/devstoreaccount1")),
        ("Is reset", format!("http://127.0.0.1:{}/devstoreaccount1", reset.port)),
        (
            "Has no name",
            "http://tessera-nowhere.invalid:10000/devstoreaccount1".to_string(),
        ),
    ];
    let mut t = TestApp::new(&rt);
    // Short waits, so four failures take seconds: the wording and the redaction do not depend on them.
    t.harness
        .state_mut()
        .set_client_options(tessera::storage::ClientOptions {
            read_timeout: std::time::Duration::from_secs(1),
            // One retry: each failure is still retried (the redaction of a retried error is checked) but a
            // resolver or a loaded machine that answers slowly does not multiply into minutes.
            retry: tessera::storage::RetryPolicy {
                base_delay: std::time::Duration::from_millis(20),
                max_retries: 1,
                ..Default::default()
            },
            ..Default::default()
        });
    for (label, endpoint) in &accounts {
        t.add_account_from_connection_string(
            label,
            &format!("BlobEndpoint={endpoint};SharedAccessSignature=sv=2024-11-04&ss=b&srt=sco&sp=rl&sig={SIG}"),
        );
        t.wait_for(&format!("Account `{label}` saved."));
        t.click(label);
        t.wait_for("Blob containers");
    }
    t.wait_until("four accounts open in the tree", |h| {
        h.query_all_by_label_contains("Blob containers").count() == 4
    });
    // Open each account's container list; each fails its own way. From the last up: what an opened list shows
    // (its failure, at once for a refused connection) comes below its header, so it cannot shift the headers
    // still to be clicked (top down, a fast failure's words could be taken for the next header).
    for i in (0..4).rev() {
        t.harness
            .query_all_by_label_contains("Blob containers")
            .nth(i)
            .unwrap()
            .click();
        t.step();
    }
    // A `.invalid` name is refused before any lookup (nothing leaves loopback). Patience beyond the usual all the
    // same: the silent endpoint takes its read timeout, and each failure is retried with backoff, which a loaded
    // machine stretches (60 s was once not enough beside a CPU hog).
    t.wait_steps("four failures in words", std::time::Duration::from_secs(180), |t| {
        t.harness.query_all_by_label_contains("failed:").count() >= 4
    });
    let app = t.harness.state();
    app.sync_files();
    let log = std::fs::read_to_string(&app.paths().log_file).unwrap();
    let inspector = format!("{:?}", app.requests());
    let notices: String = app.notices().iter().map(|n| n.text.clone()).collect();
    let text_of = |n: egui_kittest::Node<'_>| {
        let node = n.accesskit_node();
        format!(
            "{} {}",
            node.label().unwrap_or_default(),
            node.value().unwrap_or_default()
        )
    };
    let shown: String = t
        .harness
        .query_all_by_label_contains("")
        .map(text_of)
        .collect::<Vec<_>>()
        .join("\n");
    let words: String = t
        .harness
        .query_all_by_label_contains("failed:")
        .map(text_of)
        .collect::<Vec<_>>()
        .join("\n");
    for (what, text) in [
        ("log", &log),
        ("inspector", &inspector),
        ("notices", &notices),
        ("window", &shown),
    ] {
        assert!(!text.contains(SIG), "the SAS signature leaked into the {what}:\n{text}");
    }
    for cause in [
        "timed out",
        "refused",
        "reset",
        "`tessera-nowhere.invalid` does not exist",
    ] {
        assert!(
            words.to_lowercase().contains(cause) || inspector.to_lowercase().contains(cause),
            "the failures say `{cause}`:\n{words}"
        );
    }
    assert!(
        inspector.contains("sig=<redacted>"),
        "the inspector shows where the signature was"
    );
    drop((silent, reset));
}

#[test]
fn a_sas_pasted_into_an_endpoint_is_refused_or_kept_as_the_credential_never_saved_to_the_file() {
    const SIG: &str = "EndpointSasSECRET123";
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::new(&rt);
    t.click("Add account");
    t.click("name and key");
    t.type_into("Display name:", "Keyed");
    t.type_into("Account name:", "acct");
    t.type_into("Account key:", "a2V5a2V5a2V5");
    t.click("Custom endpoints (optional)");
    t.type_into(
        "Blob endpoint:",
        &format!("https://acct.blob.core.windows.net/?sv=2024-11-04&sig={SIG}"),
    );
    t.click("Save account");
    t.wait_for_contains("The blob endpoint carries a shared access signature");
    t.click("Cancel");
    // In a connection string, an endpoint's SAS is the credential: it goes to the keychain.
    let blob = emulator().ports()[0];
    t.add_account_from_connection_string(
        "From endpoint",
        &format!("BlobEndpoint=http://127.0.0.1:{blob}/devstoreaccount1?sv=2024-11-04&sp=rl&sig={SIG}"),
    );
    t.wait_for("Account `From endpoint` saved.");
    let app = t.harness.state();
    let profile = app.profile("From endpoint").unwrap();
    assert_eq!(
        profile.blob_endpoint.as_deref(),
        Some(format!("http://127.0.0.1:{blob}/devstoreaccount1").as_str())
    );
    assert!(
        app.stored_secret(&profile.id).unwrap().unwrap().contains(SIG),
        "the SAS is in the keychain"
    );
    app.sync_files();
    let file = std::fs::read_to_string(&app.paths().accounts_file).unwrap();
    assert!(!file.contains(SIG), "{file}");
    assert!(!file.contains("Keyed"), "the refused account was not saved");
}

#[test]
fn a_million_rows_are_seeded_only_once_asked_and_the_job_shows_its_progress_and_stops() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.wait_for("Tables");
    t.click("Tools");
    t.click("Seed a million rows…");
    t.wait_for_contains("Seed a million rows into `Test emulator`?");
    let table = tessera::demo::MILLION.table;
    let exists = |rt: &tokio::runtime::Runtime| {
        rt.block_on(common::client().query_entities(table, &Default::default(), None))
            .is_ok()
    };
    assert!(!exists(&rt), "nothing is written before the user says yes");
    t.click("Seed a million rows");
    let job = format!("Seed a million rows in {table}");
    t.wait_for(&format!("Cancel {job}"));
    t.wait_app("some rows written", std::time::Duration::from_secs(60), |app| {
        app.jobs().first().is_some_and(|j| j.progress.done() >= 400)
    });
    t.click(&format!("Cancel {job}"));
    t.wait_for_contains("Cancelled after");
    assert!(exists(&rt), "the job created the table");
    let done = t.harness.state().jobs()[0].progress.done();
    assert!((400..1_000_000).contains(&done), "it stopped part way: {done}");
    assert_eq!(
        t.harness.state().jobs()[0].progress.total(),
        1_000_000,
        "the job knows its whole size"
    );
}

#[test]
fn with_no_tab_open_the_welcome_lists_what_was_opened_lately_and_reopens_it() {
    let table = unique("recent");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(common::client().create_table(&table)).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.wait_for("Welcome to Tessera");
    t.open_table(&table);
    t.click(&format!("Close {table} (table)"));
    t.wait_for("Recently opened");
    t.click(&format!("table `{table}` on Test emulator"));
    t.wait_for(&format!("{table} (table)"));
    assert_eq!(t.harness.state().open_tab_count(), 1, "the link reopened the table");
}

#[test]
fn the_welcome_offers_to_connect_only_to_accounts_not_yet_open() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.wait_for("Welcome to Tessera");
    if t.harness.query_by_label("Test emulator: connected").is_none() {
        t.click("Connect to Test emulator");
    }
    t.wait_for("Test emulator: connected");
    assert!(
        t.harness.query_by_label("Connect to Test emulator").is_none(),
        "an open account is not offered again"
    );
}

#[test]
fn a_fresh_install_opens_the_demo_from_the_welcome() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::new(&rt);
    t.wait_for("Welcome to Tessera");
    t.click("Open the demo");
    // The window keeps drawing while Azurite starts (it started on the UI thread before, freezing the window).
    t.wait_for_contains("Starting the demo emulator");
    t.wait_for("Demo emulator (started by the run command)");
    t.wait_for("Cancel Seed demo data");
    // The welcome offers it once: the demo is here now.
    assert!(t.harness.query_by_label("Open the demo").is_none());
    t.click("Cancel Seed demo data");
    t.wait_for_contains("Cancelled after");
}

#[test]
fn the_bottom_panel_stays_closed_while_a_job_runs_and_opens_by_itself_only_when_one_fails() {
    let table = unique("panel");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(common::client().create_table(&table)).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    let panel_shown = |t: &TestApp| t.harness.query_by_label("Clear finished jobs").is_some();
    // A first run, as the user left it: the panel closed.
    t.click("Hide panel");
    t.step();
    assert!(!panel_shown(&t), "the panel closes");
    t.open_table(&table);
    assert!(!panel_shown(&t), "loading a table is no job: the panel stays hidden");
    t.click("Partition map");
    t.click("Scan whole table");
    // The job runs and ends in the status line; the list keeps its room.
    t.wait_until("the scan to end", |h| {
        let jobs = h.state().jobs();
        !jobs.is_empty() && jobs.iter().all(|j| !j.is_running())
    });
    t.idle_for(std::time::Duration::from_millis(300));
    assert!(!panel_shown(&t), "a job that runs or ends well leaves the panel closed");
    // The status line keeps both views one click away.
    t.click_contains("HTTP inspector (");
    t.wait_until("the inspector", |h| h.query_by_label("Hide panel").is_some());
    t.click("Hide panel");
    // A job that fails opens the panel, to say why: a count of a table deleted behind the tree's back.
    t.wait_for(&table);
    rt.block_on(common::client().delete_table(&table)).unwrap();
    t.context_click(&table);
    t.click("Count entities");
    t.wait_until("the panel to open for the failed job", |h| {
        h.query_by_label("Clear finished jobs").is_some()
    });
}

#[test]
fn an_account_list_with_an_entry_this_version_cannot_read_keeps_it_through_every_save() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let known = serde_json::to_value(tessera::app::accounts::profiles::AccountProfile::emulator_preset()).unwrap();
    let mut newer = known.clone();
    newer["kind"] = serde_json::Value::String("QuantumLink".into());
    newer["id"] = serde_json::Value::String("from-a-newer-version".into());
    newer["label"] = serde_json::Value::String("Production (newer app)".into());
    let file = serde_json::to_vec(&vec![known, newer.clone()]).unwrap();
    let mut t = ui::TestApp::with_accounts_file(&rt, &file);
    t.wait_for_contains("1 of 2 accounts in");
    t.wait_for_contains("`Production (newer app)`");
    t.wait_for_contains("A copy of the file as it was is at");
    // Adding an account writes the list: the entry it could not read is still there, exactly.
    t.add_account_from_connection_string("Another", &ui::connection_string_of(common::emulator()));
    t.wait_for_contains("Account `Another` saved.");
    t.harness.state().sync_files();
    let path = t.dir().join("accounts.json");
    let on_disk: Vec<serde_json::Value> = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert!(on_disk.contains(&newer), "the unread entry is kept: {on_disk:?}");
    assert!(on_disk.iter().any(|e| e["label"] == "Another"));
    let copies: Vec<_> = std::fs::read_dir(t.dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("accounts.json.unreadable-"))
        .collect();
    assert_eq!(copies.len(), 1, "one copy of the file as it was");
    assert_eq!(std::fs::read(copies[0].path()).unwrap(), file);
}

#[test]
fn an_account_list_that_cannot_be_read_is_never_written_over() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = ui::TestApp::with_accounts_file(&rt, b"[{\"id\": \"half a file");
    t.wait_for_contains("cannot be read");
    t.add_account_from_connection_string("Another", &ui::connection_string_of(common::emulator()));
    t.wait_for_contains("This change is not saved and lasts until the app closes.");
    t.harness.state().sync_files();
    assert_eq!(
        std::fs::read(t.dir().join("accounts.json")).unwrap(),
        b"[{\"id\": \"half a file",
        "the file is as it was"
    );
}

#[test]
fn a_trust_certificate_is_read_off_the_ui_thread_before_save_and_a_bad_one_is_refused_in_words() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::new(&rt);
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.pem");
    t.click("Add account");
    t.type_into("Display name:", "Behind a proxy");
    t.type_into("Connection string:", &connection_string_of(emulator()));
    t.type_into("Trust certificate:", &missing.display().to_string());
    t.click("Save account");
    t.wait_for_contains("cannot be read");
    // A file that is there but holds no certificate: refused in words too, and nothing is saved.
    let not_pem = dir.path().join("notes.pem");
    std::fs::write(&not_pem, "not a certificate").unwrap();
    t.replace_text("Trust certificate:", &not_pem.display().to_string());
    t.click("Save account");
    t.wait_for_contains("holds no certificate");
    assert!(
        t.harness.query_by_label("Behind a proxy").is_none(),
        "nothing was saved"
    );
    // Without a certificate the account saves.
    t.replace_text("Trust certificate:", "x");
    t.harness.key_press(egui::Key::Backspace);
    t.step();
    t.click("Save account");
    t.wait_for_contains("Account `Behind a proxy` saved.");
}

#[test]
fn a_cloud_chosen_sets_the_endpoint_suffix_and_the_sign_in_host_together() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::new(&rt);
    t.click("Add account");
    t.click("name and key");
    t.type_into("Display name:", "Shanghai");
    t.type_into("Account name:", "acct");
    t.type_into("Account key:", "a2V5a2V5a2V5");
    t.click("Azure China (21Vianet)");
    assert_eq!(
        t.harness.get_by_label("Endpoint suffix:").value().unwrap_or_default(),
        "core.chinacloudapi.cn"
    );
    t.click("Save account");
    t.wait_for("Account `Shanghai` saved.");
    let profile = t.harness.state().profile("Shanghai").unwrap().clone();
    assert_eq!(
        profile.blob_endpoint.as_deref(),
        Some("https://acct.blob.core.chinacloudapi.cn/")
    );
    // A sign-in account: the cloud sets where it signs in too.
    t.click("Add account");
    t.click("Microsoft Entra ID");
    t.click("Browser or device code");
    t.click("Azure US Government");
    t.click("Sign-in host (national clouds)");
    assert_eq!(
        t.harness.get_by_label("Sign-in host:").value().unwrap_or_default(),
        "https://login.microsoftonline.us"
    );
    assert_eq!(
        t.harness.get_by_label("Endpoint suffix:").value().unwrap_or_default(),
        "core.usgovcloudapi.net"
    );
}

#[test]
fn help_lists_every_key_from_the_guides_own_chapter() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.click("Help");
    t.click("Keyboard shortcuts…");
    t.wait_for("Keyboard shortcuts");
    let chapter = std::fs::read_to_string("docs/guide/keyboard-shortcuts.md").unwrap();
    // Each place of the chapter, and a key of each, as the guide writes them.
    for (place, key, what) in [
        ("Everywhere", "Ctrl+W", "Close the tab"),
        ("Container tab", "F4", "Hide or show the details panel"),
        ("Blob list", "F2", "Rename the selected blob"),
    ] {
        assert!(chapter.contains(&format!("## {place}")), "the guide has {place}");
        t.wait_for(place);
        t.wait_for(key);
        t.wait_for_contains(what);
    }
}
