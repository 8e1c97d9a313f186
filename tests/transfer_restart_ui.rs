//! Transfers interrupted by the app's end, driven through the UI (egui_kittest) against a real Azurite: the app's
//! runtime is dropped mid-upload (what a crash leaves), the app starts again on its files, offers the transfer,
//! and the resume sends only the blocks the service lacks; a file changed meanwhile is refused in words.
//! Microsoft's Python SDK reads back what was uploaded.

mod common;
mod ui;

use std::time::Duration;

use common::blobs::container_with;
use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use ui::TestApp;

const MIB: usize = 1 << 20;

/// Steps the app until a folder transfer notes its first finished file or blob; returns the app's folder.
fn until_one_is_noted(mut t: TestApp) -> tempfile::TempDir {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while done_lines(t.dir()).is_empty() {
        assert!(std::time::Instant::now() < deadline, "nothing of the folder finished");
        t.step();
    }
    t.into_dir()
}

/// What the folder transfer noted before its app died (some of its eight, not all), once the service settled.
fn noted_part_way(dir: &tempfile::TempDir) -> Vec<String> {
    std::thread::sleep(Duration::from_millis(500));
    let done = done_lines(dir.path());
    assert!((1..8).contains(&done.len()), "the app died part-way: {done:?}");
    done
}

/// The app started again on the files a run before it left, with the same keychain.
fn restarted<'a>(rt: &tokio::runtime::Runtime, dir: tempfile::TempDir) -> TestApp<'a> {
    TestApp::with_secrets(
        rt,
        dir,
        tessera::app::accounts::secrets::Secrets::from_registered_store(),
    )
}

/// The emulator's blob service behind a link of 8 MiB/s, so an app ends part-way through tens of MiB.
fn slow_link(net: &tokio::runtime::Runtime) -> (tessera::storage::Account, common::fault_proxy::FaultProxy) {
    let (account, proxy) = net.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    proxy.bandwidth(Some(8 * MIB as u64));
    (account, proxy)
}

/// How many transfers an app's journal holds (one `<id>.json` each; a running one's lock file beside it).
fn entries(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir.join("transfers"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .count()
}

/// The lines of every folder transfer's `.done` list in an app's folder (files or blobs it finished).
fn done_lines(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir.join("transfers"))
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "done"))
                .flat_map(|e| {
                    let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                    // Each line is the name as a JSON string.
                    let name = |l: &str| serde_json::from_str::<String>(l).expect("a JSON string");
                    text.lines().map(name).collect::<Vec<_>>()
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Starts the upload of `files` in a fresh app on its own runtime, and drops that runtime once `fraction` of the
/// file went up. Returns the app's folder (accounts and journal) for the restart.
fn upload_until_the_app_dies(
    account: &tessera::storage::Account,
    container: &str,
    files: &[&std::path::Path],
    fraction: f64,
) -> tempfile::TempDir {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let t = upload_part_way(&rt, account, container, files, fraction);
    let dir = t.into_dir();
    rt.shutdown_background();
    // A block whose bytes had all left may still land: let the service settle.
    std::thread::sleep(Duration::from_millis(500));
    dir
}

/// A fresh app uploading `files`, once `fraction` of one went up.
fn upload_part_way<'a>(
    rt: &tokio::runtime::Runtime,
    account: &tessera::storage::Account,
    container: &str,
    files: &[&std::path::Path],
    fraction: f64,
) -> TestApp<'a> {
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_account(rt, account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", container);
    t.wait_for_contains("Upload files…");
    for file in files {
        dialogs.answer(Some(file.to_path_buf()));
        t.click("Upload files…");
    }
    t.wait_app("part of the upload", Duration::from_secs(60), |app| {
        app.jobs()
            .iter()
            .any(|j| j.progress.total() > 0 && j.progress.done() as f64 >= fraction * j.progress.total() as f64)
    });
    t
}

#[test]
fn a_second_window_does_not_offer_the_transfer_the_first_is_running() {
    let net = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&net, &[]);
    let (account, proxy) = slow_link(&net);
    let files = tempfile::tempdir().unwrap();
    let big = files.path().join("big.bin");
    std::fs::write(&big, vec![7u8; 40 * MIB]).unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let first = upload_part_way(&rt, &account, &container, &[&big], 0.2);
    assert_eq!(entries(first.dir()), 1, "the running upload is written down");

    // Started beside it on the same files, the second window reads the journal, and the running upload is not
    // an interrupted one.
    let mut second = TestApp::beside(&rt, &first);
    second.idle_for(Duration::from_millis(300));
    assert!(
        second
            .harness
            .query_all_by_label_contains("was interrupted")
            .next()
            .is_none(),
        "a running transfer is offered: {}",
        second.describe()
    );
    drop(second);

    // Once the first app dies part-way, the next start offers it: the journal was there all along.
    let dir = first.into_dir();
    rt.shutdown_background();
    std::thread::sleep(Duration::from_millis(500));
    proxy.bandwidth(None);
    let again = tokio::runtime::Runtime::new().unwrap();
    let mut t = restarted(&again, dir);
    t.wait_for_contains("1 transfer was interrupted");
}

#[test]
fn windows_that_offered_one_transfer_neither_discard_it_while_another_runs_it_nor_run_it_again_after() {
    let net = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&net, &[]);
    let (account, _proxy) = slow_link(&net);
    let files = tempfile::tempdir().unwrap();
    let big = files.path().join("big.bin");
    let mut data = vec![0u8; 40 * MIB];
    fastrand::Rng::with_seed(47).fill(&mut data);
    std::fs::write(&big, &data).unwrap();
    let dir = upload_until_the_app_dies(&account, &container, &[&big], 0.2);

    // Three windows start on the files the dead one left, and each offers the upload.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut runner = restarted(&rt, dir);
    let mut discarder = TestApp::beside(&rt, &runner);
    let mut late = TestApp::beside(&rt, &runner);
    for t in [&mut runner, &mut discarder, &mut late] {
        t.wait_for_contains("1 transfer was interrupted");
    }
    let title = format!("Upload big.bin to {container}/big.bin");
    runner.click(&format!("Resume {title}"));
    runner.wait_app("the resumed upload to run", Duration::from_secs(30), |app| {
        app.jobs().iter().any(|j| j.is_running() && j.progress.done() > 0)
    });

    // A Discard in another window while it runs leaves its entry (and its run) alone.
    discarder.click(&format!("Discard {title}"));
    discarder.idle_for(Duration::from_millis(500));
    assert_eq!(entries(runner.dir()), 1, "the running upload's entry was discarded");
    runner.wait_for_contains("uploaded as `big.bin`");
    assert_eq!(entries(runner.dir()), 0, "the finished upload is crossed out");

    // The window that still offers it, once it is done: its Resume is refused in words, nothing is written down.
    late.click(&format!("Resume {title}"));
    late.wait_for_contains("no longer written down as unfinished");
    assert_eq!(entries(runner.dir()), 0);
    let dest = files.path().join("by-sdk.bin");
    common::peer::run(
        &common::emulator().connection_string(),
        &["bench-download", &container, "big.bin", dest.to_str().unwrap(), "2"],
    );
    assert_eq!(std::fs::read(dest).unwrap(), data, "the SDK reads back the whole file");
}

#[test]
fn an_upload_cut_by_the_apps_end_is_offered_at_the_next_start_and_resumes_with_the_missing_blocks() {
    let net = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&net, &[]);
    let (account, proxy) = slow_link(&net);
    let files = tempfile::tempdir().unwrap();
    let big = files.path().join("big.bin");
    let mut data = vec![0u8; 40 * MIB];
    fastrand::Rng::with_seed(31).fill(&mut data);
    std::fs::write(&big, &data).unwrap();
    let dir = upload_until_the_app_dies(&account, &container, &[&big], 0.4);
    let staged = net.block_on(client.uncommitted_blocks(&container, "big.bin")).unwrap();
    assert!(
        (1..5).contains(&staged.len()),
        "the app died part-way: {} of 5 blocks staged",
        staged.len()
    );
    let journal = entries(dir.path());
    assert_eq!(journal, 1, "the unfinished upload is written down");

    proxy.bandwidth(None);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = restarted(&rt, dir);
    t.wait_for_contains("1 transfer was interrupted");
    t.wait_for_contains(&format!(
        "Upload big.bin to {container}/big.bin, 40.0 MiB · Test emulator"
    ));
    t.click(&format!("Resume Upload big.bin to {container}/big.bin"));
    t.wait_for_contains("uploaded as `big.bin`");
    let sent: u64 = staged.iter().map(|b| b.size).sum();
    t.wait_for_contains(&format!(
        "{} were already staged and not sent again",
        tessera::app::widgets::format::human_bytes(sent)
    ));
    assert!(
        t.harness
            .query_all_by_label_contains("was interrupted")
            .next()
            .is_none(),
        "the offer is gone"
    );
    assert_eq!(entries(t.dir()), 0, "the finished upload is crossed out");
    let dest = files.path().join("by-sdk.bin");
    let cs = common::emulator().connection_string();
    common::peer::run(
        &cs,
        &["bench-download", &container, "big.bin", dest.to_str().unwrap(), "2"],
    );
    assert_eq!(std::fs::read(dest).unwrap(), data, "the SDK reads back the whole file");
}

#[test]
fn a_file_changed_since_its_upload_began_is_not_resumed_and_a_discarded_upload_is_forgotten() {
    let net = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&net, &[]);
    let (account, proxy) = slow_link(&net);
    let files = tempfile::tempdir().unwrap();
    let (big, other) = (files.path().join("big.bin"), files.path().join("other.bin"));
    std::fs::write(&big, vec![7u8; 40 * MIB]).unwrap();
    std::fs::write(&other, vec![9u8; 40 * MIB]).unwrap();
    let dir = upload_until_the_app_dies(&account, &container, &[&big, &other], 0.2);
    // Someone changes one file before the app starts again.
    std::fs::write(&big, vec![8u8; 40 * MIB]).unwrap();
    proxy.bandwidth(None);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = restarted(&rt, dir);
    t.wait_for_contains("2 transfers were interrupted");
    t.click(&format!("Discard Upload other.bin to {container}/other.bin"));
    t.wait_for_contains("1 transfer was interrupted");
    t.click(&format!("Resume Upload big.bin to {container}/big.bin"));
    t.wait_for_contains("changed (or is gone) since the upload began, so it was not resumed");
    for blob in ["big.bin", "other.bin"] {
        assert!(
            net.block_on(client.get_blob_properties(&container, blob, None))
                .is_err(),
            "{blob}: nothing was committed"
        );
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while entries(t.dir()) > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the refused and the discarded uploads are crossed out"
        );
        t.step();
    }
}

#[test]
fn a_folder_upload_cut_by_the_apps_end_resumes_without_the_files_it_finished() {
    let net = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&net, &[]);
    let (account, proxy) = slow_link(&net);
    let files = tempfile::tempdir().unwrap();
    let root = files.path().join("photos");
    std::fs::create_dir(&root).unwrap();
    let mut contents = Vec::new();
    for i in 0..8 {
        let mut data = vec![0u8; 3 * MIB];
        fastrand::Rng::with_seed(40 + i).fill(&mut data);
        std::fs::write(root.join(format!("p{i}.jpg")), &data).unwrap();
        contents.push(data);
    }
    // The folder goes up through the dialog; the app dies part-way.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_account(&rt, &account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("Upload folder…");
    dialogs.answer(Some(root.clone()));
    t.click("Upload folder…");
    // Until the journal notes a finished file (it is written after the file commits, on another thread).
    let dir = until_one_is_noted(t);
    rt.shutdown_background();
    let done = noted_part_way(&dir);

    proxy.bandwidth(None);
    let before = proxy.heads().len();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = restarted(&rt, dir);
    t.click(&format!("Resume Upload folder photos to {container}/"));
    t.wait_for_contains("file(s)");
    t.wait_app("the resumed folder", Duration::from_secs(60), |app| {
        app.jobs().iter().all(|j| !j.is_running())
    });
    let heads = proxy.heads()[before..].join("\n");
    for file in &done {
        let name = std::path::Path::new(file)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        assert!(
            !heads.contains(&format!("photos/{name}")),
            "{name} was finished and not sent again"
        );
    }
    let cs = common::emulator().connection_string();
    for (i, data) in contents.iter().enumerate() {
        let dest = files.path().join(format!("back{i}"));
        common::peer::run(
            &cs,
            &[
                "bench-download",
                &container,
                &format!("photos/p{i}.jpg"),
                dest.to_str().unwrap(),
                "1",
            ],
        );
        assert_eq!(&std::fs::read(dest).unwrap(), data, "p{i}.jpg read back by the SDK");
    }
    assert_eq!(entries(t.dir()), 0, "crossed out");
}

#[test]
fn a_folder_download_cut_by_the_apps_end_resumes_without_the_blobs_it_saved() {
    let net = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&net, &[]);
    let mut contents = Vec::new();
    for i in 0..8 {
        let mut data = vec![0u8; 3 * MIB];
        fastrand::Rng::with_seed(80 + i).fill(&mut data);
        let (name, headers) = (
            format!("photos/p{i}.jpg"),
            tessera::storage::blob::BlobHttpHeaders::default(),
        );
        let none = tessera::storage::blob::Conditions::none();
        let put = client.put_blob(
            &container,
            &name,
            bytes::Bytes::from(data.clone()),
            &headers,
            &[],
            &none,
        );
        net.block_on(put).unwrap();
        contents.push(data);
    }
    let (account, proxy) = slow_link(&net);
    let down = tempfile::tempdir().unwrap();
    // The folder is selected (Ctrl+click) and downloaded through the dialog; the app dies part-way.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_account(&rt, &account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("photos/ (folder)");
    t.harness
        .get_by_label("photos/ (folder)")
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    t.step();
    dialogs.answer(Some(down.path().to_path_buf()));
    t.click("Download…");
    let dir = until_one_is_noted(t);
    rt.shutdown_background();
    let done = noted_part_way(&dir);

    proxy.bandwidth(None);
    let before = proxy.heads().len();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = restarted(&rt, dir);
    t.click(&format!(
        "Resume Download folder {container}/photos/ to {}",
        down.path().display()
    ));
    t.wait_for_contains("saved by an earlier run");
    t.wait_app("the resumed folder", Duration::from_secs(60), |app| {
        app.jobs().iter().all(|j| !j.is_running())
    });
    let heads = proxy.heads()[before..].join("\n");
    for blob in &done {
        assert!(
            !heads.contains(blob.as_str()),
            "{blob} was saved and not asked for again"
        );
    }
    // Every blob once, under its own name, as the service holds it; nothing numbered, no partial left.
    let mut names: Vec<String> = std::fs::read_dir(down.path().join("photos"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let expected: Vec<String> = (0..8).map(|i| format!("p{i}.jpg")).collect();
    assert_eq!(names, expected);
    for (i, data) in contents.iter().enumerate() {
        let file = std::fs::read(down.path().join(format!("photos/p{i}.jpg"))).unwrap();
        assert!(file == *data, "p{i}.jpg holds the blob's bytes");
    }
}
