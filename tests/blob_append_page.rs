//! Append and page blobs driven through the UI against a real Azurite, read back by Microsoft's Python SDK: an
//! append blob created and appended to, an append refused because someone else appended since the length shown
//! (while the app's refresh is slow), a page blob written from a file and its ranges shown.

mod common;
mod ui;

use std::time::Duration;

use bytes::Bytes;
use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::blob::{AppendConditions, Conditions};
use tessera::storage::{Client, ClientOptions};
use ui::TestApp;

fn sdk(args: &[&str]) -> serde_json::Value {
    common::peer::run(&common::emulator().connection_string(), args)
}

#[test]
fn an_append_blob_takes_text_at_the_end_shown_and_is_refused_after_someone_elses_append() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = common::blobs::proxied_container(&rt, "append", &[("readme.txt", "hello")]);
    let direct = Client::new(common::account(), ClientOptions::default()).unwrap();
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("readme.txt");
    t.click("New blob");
    t.type_into("New blob:", "log.txt");
    t.click("Create blob");
    t.wait_for_contains("Created append blob `log.txt`");
    t.click("log.txt");
    t.wait_for_contains("only at the end shown (position 0)");
    t.type_into("Text to append:", "one;");
    t.click("Append text");
    t.wait_for_contains("Appended 4 bytes to `log.txt` at offset 0");
    t.wait_for_contains("only at the end shown (position 4)");

    // Every answer now takes two seconds: no refresh can show the other writer's append before the click.
    proxy.latency(Duration::from_secs(2), Duration::ZERO);
    rt.block_on(direct.append_block(
        &container,
        "log.txt",
        Bytes::from_static(b"theirs;"),
        &Conditions::none(),
        AppendConditions::default(),
    ))
    .unwrap();
    t.type_into("Text to append:", "two;");
    t.click("Append text");
    t.wait_for_contains("AppendPositionConditionNotMet");
    proxy.latency(Duration::ZERO, Duration::ZERO);
    assert_eq!(sdk(&["blob-text", &container, "log.txt"])["text"], "one;theirs;");
    // The refused text is still in its box, as typed.
    let typed = t.harness.get_by_label("Text to append:").value().unwrap_or_default();
    assert_eq!(typed, "two;", "a refused append keeps the text");
    // Refresh shows their append; the same text, not typed again, then lands after it.
    t.click("Refresh");
    t.wait_for_contains("only at the end shown (position 11)");
    t.click("Append text");
    t.wait_for_contains("Appended 4 bytes to `log.txt` at offset 11");
    let typed = t.harness.get_by_label("Text to append:").value().unwrap_or_default();
    assert_eq!(typed, "", "an append that landed empties the box");
    assert_eq!(sdk(&["blob-text", &container, "log.txt"])["text"], "one;theirs;two;");
}

#[test]
fn a_page_blob_is_created_written_from_a_file_and_its_ranges_shown() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_client, container) = common::blobs::container_with(&rt, &["readme.txt"]);
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("readme.txt");
    t.click("New blob");
    t.type_into("New blob:", "disk.vhd");
    t.click("page blob");
    t.click("Create blob");
    t.wait_for_contains("Created page blob of 4096 bytes `disk.vhd`");
    t.click("disk.vhd");
    t.wait_for_contains("No pages written: all 4096 bytes are zeros.");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pages.bin");
    std::fs::write(&file, vec![7u8; 1024]).unwrap();
    dialogs.answer(Some(file));
    t.click("Write pages from a file…");
    t.wait_for_contains("wrote 1024 bytes of pages into `disk.vhd` at offset 0");
    t.wait_for_contains("1024 of 4096 bytes hold data: 0–1023");
    assert_eq!(
        sdk(&["page-ranges", &container, "disk.vhd"])["ranges"],
        serde_json::json!([[0, 1023]])
    );
    // A file whose length is not whole pages is said in words, and nothing is written.
    let odd = dir.path().join("odd.bin");
    std::fs::write(&odd, vec![1u8; 700]).unwrap();
    dialogs.answer(Some(odd));
    t.click("Write pages from a file…");
    failed_with(&mut t, "Pages are written 512 bytes at a time");
    assert_eq!(
        sdk(&["page-ranges", &container, "disk.vhd"])["ranges"],
        serde_json::json!([[0, 1023]])
    );
    // Clear pages asks first, naming the range, and clears only those pages.
    t.click("Refresh");
    t.wait_for_contains("1024 of 4096 bytes hold data: 0–1023");
    page_offset(&mut t, 512);
    t.click("Clear pages…");
    t.wait_for_contains("Bytes 512 to 1023 of `disk.vhd` will read as zeros");
    t.click("Clear 512 bytes");
    t.wait_for_contains("Cleared bytes 512–1023 of `disk.vhd`");
    assert_eq!(
        sdk(&["page-ranges", &container, "disk.vhd"])["ranges"],
        serde_json::json!([[0, 511]])
    );
}

/// Steps until a job failed with `words` in its error.
fn failed_with(t: &mut TestApp, words: &str) {
    t.wait_app(words, Duration::from_secs(60), |app| {
        app.jobs().iter().any(
            |j| matches!(&j.state, tessera::app::runtime::jobs::JobState::Failed(e) if e.plain_words().contains(words)),
        )
    });
}

#[test]
fn a_file_that_cannot_go_in_whole_writes_no_page_and_a_clear_of_a_changed_blob_is_refused() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = common::blobs::proxied_container(&rt, "pages", &[]);
    let direct = Client::new(common::account(), ClientOptions::default()).unwrap();
    const MIB: u64 = 1 << 20;
    rt.block_on(direct.create_page_blob(&container, "disk.vhd", 8 * MIB, &Conditions::create_only()))
        .unwrap();
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_account(&rt, &account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.click("disk.vhd");
    t.wait_for_contains("No pages written: all 8388608 bytes are zeros.");
    let dir = tempfile::tempdir().unwrap();
    // Past 4 MiB, then an odd tail: before, its first 4 MiB went in before the refusal.
    let odd = dir.path().join("odd.bin");
    std::fs::write(&odd, vec![1u8; 4 * MIB as usize + 700]).unwrap();
    dialogs.answer(Some(odd));
    t.click("Write pages from a file…");
    failed_with(&mut t, "not a multiple of 512");
    // Whole pages, but past the blob's end from the offset asked.
    let long = dir.path().join("long.bin");
    std::fs::write(&long, vec![2u8; 6 * MIB as usize]).unwrap();
    page_offset(&mut t, 4 * MIB);
    dialogs.answer(Some(long));
    t.click("Write pages from a file…");
    failed_with(&mut t, "run past the blob's end");
    assert_eq!(
        sdk(&["page-ranges", &container, "disk.vhd"])["ranges"],
        serde_json::json!([]),
        "nothing of either file was written"
    );
    // Someone writes a page while the details show the version before: the clear is refused (If-Match).
    page_offset(&mut t, 0);
    proxy.latency(Duration::from_secs(2), Duration::ZERO);
    rt.block_on(direct.put_pages(
        &container,
        "disk.vhd",
        0,
        Bytes::from(vec![9u8; 512]),
        &Conditions::none(),
    ))
    .unwrap();
    t.click("Clear pages…");
    t.click("Clear 512 bytes");
    t.wait_for_contains("ConditionNotMet");
    proxy.latency(Duration::ZERO, Duration::ZERO);
    assert_eq!(
        sdk(&["page-ranges", &container, "disk.vhd"])["ranges"],
        serde_json::json!([[0, 511]]),
        "their page stands"
    );
}

#[test]
fn an_append_past_the_max_size_is_refused_and_a_retried_positioned_append_lands_once() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "maxsize");
    rt.block_on(async {
        client
            .create_append_blob(&container, "log", &Conditions::create_only())
            .await
            .unwrap();
        let none = Conditions::none();
        let append = |data: &'static [u8], position, max_size| {
            client.append_block(
                &container,
                "log",
                Bytes::from_static(data),
                &none,
                AppendConditions { position, max_size },
            )
        };
        append(b"12345", Some(0), Some(8)).await.unwrap();
        let e = append(b"6789", None, Some(8)).await.unwrap_err();
        assert_eq!(e.code.as_deref(), Some("MaxBlobSizeConditionNotMet"), "{e:?}");
        // The same positioned append twice (a retry): the second is refused, nothing is doubled.
        append(b"67", Some(5), None).await.unwrap();
        let e = append(b"67", Some(5), None).await.unwrap_err();
        assert_eq!(e.code.as_deref(), Some("AppendPositionConditionNotMet"), "{e:?}");
    });
    assert_eq!(sdk(&["blob-text", &container, "log"])["text"], "1234567");
}

#[test]
fn a_file_append_refused_part_way_says_how_much_went_in() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "partway");
    rt.block_on(client.create_append_blob(&container, "log", &Conditions::create_only()))
        .unwrap();
    const MIB: usize = 1 << 20;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nine.log");
    std::fs::write(&file, vec![b'x'; 9 * MIB]).unwrap();
    // No position known, so only the service can refuse: at the third 4 MiB block, past 6 MiB.
    let progress = tessera::storage::TransferProgress::new();
    let e = rt
        .block_on(client.append_file(
            &container,
            "log",
            &file,
            (None, Some(6 * MIB as u64)),
            &Conditions::none(),
            &progress,
            &Default::default(),
        ))
        .unwrap_err();
    assert_eq!(e.code.as_deref(), Some("MaxBlobSizeConditionNotMet"), "{e:?}");
    assert!(
        e.message
            .to_string()
            .starts_with("4194304 of 9437184 bytes were appended (at offsets 0 to 4194303) before it stopped"),
        "{}",
        e.message
    );
    let seen = common::peer::run(
        &common::emulator().connection_string(),
        &["blob-sha256", &container, "log"],
    );
    assert_eq!(
        seen["size"],
        4 * MIB,
        "what the error says went in is what the blob holds"
    );
}

/// What typing into the Write at offset box does.
fn page_offset(t: &mut TestApp, offset: u64) {
    let pane = t.harness.state_mut().active_blob_mut().unwrap();
    pane.feature_mut::<tessera::app::blob::features::append_page::AppendPage>()
        .unwrap()
        .set_page_offset(offset);
}
