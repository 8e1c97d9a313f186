//! Drafts kept (the gaps left after issue 41), driven through the UI against a real Azurite: text typed to append,
//! the service settings window, the entity editor's close button and typing done while a save is out each count as
//! unsaved when a window or tab closes, and nothing the user typed is dropped without a question; a snapshot saved
//! to a file never replaces a file that appeared there meanwhile.

mod common;
mod ui;

use std::time::Duration;

use common::fault_proxy::FaultProxy;
use egui_kittest::kittest::Queryable;
use tessera::storage::blob::Conditions;
use ui::TestApp;

/// A new container with an empty append blob `log.txt`, its tab open and the blob selected; the container's name,
/// and the proxy the account goes through (kept while the test runs).
fn append_blob_shown<'a>(rt: &'a tokio::runtime::Runtime, name: &str) -> (TestApp<'a>, String, FaultProxy) {
    let (account, proxy, container) = common::blobs::proxied_container(rt, name, &[]);
    let client = common::client();
    rt.block_on(client.create_append_blob(&container, "log.txt", &Conditions::create_only()))
        .unwrap();
    let mut t = TestApp::with_account(rt, &account);
    t.open_resource("Blob containers", &container);
    t.click("log.txt");
    t.wait_for_contains("only at the end shown (position 0)");
    (t, container, proxy)
}

#[test]
fn text_typed_to_append_is_asked_about_when_its_tab_closes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut t, container, _proxy) = append_blob_shown(&rt, "appdraft");
    t.type_into("Text to append:", "not yet;");
    t.close_tab();
    t.wait_for_contains(&format!("Close `{container}` with unsaved edits?"));
    t.wait_for_contains("8 bytes of text typed to append, not yet appended");
    t.click("Cancel");
    assert_eq!(t.harness.state().open_tab_count(), 1, "Cancel keeps the tab");
    let typed = t.harness.get_by_label("Text to append:").value().unwrap_or_default();
    assert_eq!(typed, "not yet;", "and the text as typed");
    // Appended, the box is empty and the tab closes without a question.
    t.click("Append text");
    t.wait_for_contains("Appended 8 bytes to `log.txt` at offset 0");
    t.close_tab();
    assert_eq!(t.harness.state().open_tab_count(), 0);
}

#[test]
fn a_second_click_on_close_editor_while_it_asks_does_not_drop_the_edit() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, _proxy, table) = common::table_with_ann(&rt, "kept");
    let mut t = TestApp::with_account(&rt, &account);
    t.edit_ann(&table);
    // A double click on Close editor: the first asks, the second is not an answer to the question.
    t.click("Close editor");
    t.click("Close editor");
    t.wait_for_contains("without saving? Your changes below are lost.");
    assert!(
        t.table().editor().is_some_and(|e| e.texts().any(|v| v == "Ann Smith")),
        "the edit is still there, asked about"
    );
    t.click("Keep editing");
    assert!(t.table().editor().is_some_and(|e| e.texts().any(|v| v == "Ann Smith")));
    // Only Discard drops it.
    t.click("Close editor");
    t.click("Discard my changes and close");
    t.wait_table("the editor closed", |p| p.editor().is_none());
}

#[test]
fn closing_the_service_settings_with_an_unsaved_draft_asks_and_a_save_out_still_lands() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    let mut t = TestApp::with_account(&rt, &account);
    t.context_click("Test emulator");
    t.click("Service settings…");
    t.wait_for_contains("CORS rules (0 of at most 5)");
    t.press("Add CORS rule");
    t.replace_text("Rule 1 origins:", "https://kept.example");
    // The window's close button asks; Keep editing keeps the draft.
    t.press("Close window");
    t.wait_for_contains("Close the service settings of Test emulator with unsaved changes?");
    t.press("Keep editing");
    let origins = t.harness.get_by_label("Rule 1 origins:").value().unwrap_or_default();
    assert_eq!(origins, "https://kept.example", "Keep editing keeps the draft");
    // Saved through a slow link, then closed while the save is out: nothing unsaved, so no question; the
    // window goes, the save lands and is said.
    proxy.latency(Duration::from_secs(2), Duration::ZERO);
    t.press("Save settings");
    t.press("Close window");
    assert!(
        t.harness.query_by_label_contains("with unsaved changes?").is_none(),
        "what is being saved is not asked about"
    );
    t.wait_steps("the window closed", Duration::from_secs(10), |t| {
        t.harness.query_by_label("Rule 1 origins:").is_none()
    });
    t.wait_for_contains("The service settings of Test emulator, saved after their window closed.");
    proxy.latency(Duration::ZERO, Duration::ZERO);
    let cs = common::emulator().connection_string();
    let seen = common::peer::run(&cs, &["service-properties", "blob"]);
    assert_eq!(seen["cors"][0]["origins"], "https://kept.example");
}

fn sdk(args: &[&str]) -> serde_json::Value {
    common::peer::run(&common::emulator().connection_string(), args)
}

#[test]
fn tags_typed_while_their_save_is_out_are_asked_about_and_kept_when_it_lands() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = common::blobs::proxied_container(&rt, "tagsout", &[("a.txt", "a")]);
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.type_first_tag("a.txt", "status", "sent");
    // Every answer now takes two seconds: more is typed while the save is out, then the tab is closed.
    proxy.latency(Duration::from_secs(2), Duration::ZERO);
    t.click("Save tags");
    t.type_into("Value 1:", "-and-more");
    t.close_tab();
    t.wait_for_contains(&format!("Close `{container}` with unsaved edits?"));
    t.wait_for_contains("the tags of `a.txt`");
    t.click("Cancel");
    // The save lands with what it sent; what was typed since stays in the form, still unsaved.
    t.wait_steps("the tag save landed", Duration::from_secs(30), |t| {
        t.harness.query_by_label("Saving the tags…").is_none() && t.harness.query_by_label("Save tags").is_some()
    });
    proxy.latency(Duration::ZERO, Duration::ZERO);
    assert_eq!(
        sdk(&["blob-tags", &container, "a.txt"])["tags"],
        serde_json::json!({"status": "sent"})
    );
    let typed = t.harness.get_by_label("Value 1:").value().unwrap_or_default();
    assert_eq!(typed, "sent-and-more");
    assert_eq!(
        t.blob().unsaved(),
        ["the tags of `a.txt`"],
        "typing beyond what was saved is still unsaved"
    );
}

/// The container's own form (its metadata) keeps the draft rule like every form: while a save of exactly what
/// is typed is out, closing the tab does not ask about it; typing beyond it is asked about; once it lands the
/// form is clean.
#[test]
fn a_container_metadata_save_out_for_exactly_what_is_typed_is_not_asked_about() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = common::blobs::proxied_container(&rt, "contout", &[("a.txt", "a")]);
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.click("Add container metadata");
    t.type_into("Container metadata name 1", "team");
    t.type_into("Container metadata value 1", "mine");
    let settings = format!("the settings of container `{container}`");
    assert_eq!(t.blob().unsaved(), std::slice::from_ref(&settings));
    proxy.latency(Duration::from_secs(2), Duration::ZERO);
    t.click("Save container metadata");
    assert!(t.blob().unsaved().is_empty(), "on its way exactly as typed");
    t.type_into("Container metadata value 1", "s");
    assert_eq!(t.blob().unsaved(), [settings], "typing beyond what was sent");
    t.replace_text("Container metadata value 1", "mine");
    assert!(t.blob().unsaved().is_empty());
    t.wait_steps("the save landed", Duration::from_secs(30), |_| {
        sdk(&["container-metadata", &container])["metadata"] == serde_json::json!({"team": "mine"})
    });
    proxy.latency(Duration::ZERO, Duration::ZERO);
    t.wait_app("the form clean", Duration::from_secs(30), |app| {
        app.active_blob()
            .is_some_and(|p| !p.is_busy() && p.unsaved().is_empty() && !p.has_sent_work())
    });
}

#[test]
fn a_policy_saves_reply_does_not_replace_what_was_typed_meanwhile() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = common::blobs::proxied_container(&rt, "polout", &[("a.txt", "a")]);
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.click("Stored access policies (0 of 5)");
    t.click("Add policy");
    t.replace_text("Policy 1 id:", "late");
    proxy.latency(Duration::from_secs(2), Duration::ZERO);
    t.click("Save policies");
    t.type_into("Policy 1 id:", "r");
    // The typing beyond what was sent is asked about while the save is out.
    assert_eq!(
        t.blob().unsaved(),
        [format!("the stored access policies of `{container}`")]
    );
    t.wait_steps("the policy save landed", Duration::from_secs(30), |_| {
        sdk(&["container-policies", &container])["policies"][0]["id"] == "late"
    });
    proxy.latency(Duration::ZERO, Duration::ZERO);
    // The reply and the read after it land: the form still shows what was typed, still unsaved.
    t.idle_for(Duration::from_secs(3));
    let typed = t.harness.get_by_label("Policy 1 id:").value().unwrap_or_default();
    assert_eq!(typed, "later", "the save's reply left the typing alone");
    assert_eq!(
        t.blob().unsaved(),
        [format!("the stored access policies of `{container}`")]
    );
}

#[test]
fn a_file_that_appears_where_a_snapshot_is_being_saved_is_kept_and_the_snapshot_saved_beside_it() {
    use tessera::app::runtime::dialogs::ScriptedDialogs;
    use tessera::app::runtime::jobs::JobState;
    const MIB: usize = 1 << 20;
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = common::blobs::proxied_container(&rt, "snapsave", &[]);
    let client = common::client();
    let mut data = vec![0u8; 8 * MIB];
    fastrand::Rng::with_seed(5).fill(&mut data);
    let options = Default::default();
    let none = Conditions::none();
    let put = |body: Vec<u8>| client.put_blob(&container, "disk.bin", bytes::Bytes::from(body), &options, &[], &none);
    let snapshot = rt.block_on(async {
        put(data.clone()).await.unwrap();
        let snapshot = client
            .snapshot_blob(&container, "disk.bin", &Conditions::none())
            .await
            .unwrap();
        put(b"newer".to_vec()).await.unwrap();
        snapshot
    });
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_account(&rt, &account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("disk.bin");
    t.click("More");
    t.click("Show snapshots");
    // Nothing is at the destination when it is chosen; a file of that name appears while the save runs.
    let into = tempfile::tempdir().unwrap();
    dialogs.answer(Some(into.path().join("old.bin")));
    proxy.bandwidth(Some(2 * MIB as u64));
    t.click(&format!("Save snapshot {snapshot} of disk.bin"));
    let partial = into.path().join(".old.bin.tessera-partial");
    t.wait_app("the save under way", Duration::from_secs(60), |_| partial.exists());
    std::fs::write(into.path().join("old.bin"), "the user's own file").unwrap();
    proxy.bandwidth(None);
    t.wait_app("the save done", Duration::from_secs(60), |app| {
        app.jobs().iter().any(|j| !matches!(j.state, JobState::Running))
    });
    assert_eq!(
        std::fs::read_to_string(into.path().join("old.bin")).unwrap(),
        "the user's own file",
        "the file that appeared is kept"
    );
    assert_eq!(
        std::fs::read(into.path().join("old (1).bin")).unwrap(),
        data,
        "the snapshot beside it"
    );
    let JobState::Done(said) = &t.harness.state().jobs()[0].state else {
        panic!("{:?}", t.harness.state().jobs()[0].state)
    };
    assert!(
        said.contains("old (1).bin") && said.contains("a file appeared at"),
        "{said}"
    );
}

/// A text of more than one block: 4 MiB less one byte of `x`, a two-byte `é` across the 4 MiB mark, then `tail`.
fn two_block_text(tail: usize) -> String {
    let mut text = "x".repeat((4 << 20) - 1);
    text.push('é');
    text.push_str(&"y".repeat(tail));
    text
}

#[test]
fn a_text_append_refused_part_way_says_how_much_went_in_and_the_rest_is_whole_text() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "textway");
    rt.block_on(client.create_append_blob(&container, "log", &Conditions::create_only()))
        .unwrap();
    let text = two_block_text(1000);
    // The first block ends before the `é` (never inside it); the second would grow the blob past the maximum.
    let max = (4 << 20) + 10;
    let (e, done) = rt
        .block_on(client.append_text(&container, "log", &text, (None, Some(max)), &Conditions::none()))
        .unwrap_err();
    assert_eq!(e.code.as_deref(), Some("MaxBlobSizeConditionNotMet"), "{e:?}");
    let total = text.len();
    assert!(
        e.message.to_string().starts_with(&format!(
            "4194303 of {total} bytes were appended (at offsets 0 to 4194302) before it stopped"
        )),
        "{}",
        e.message
    );
    assert_eq!(done.bytes, 4194303);
    assert!(
        text[done.bytes as usize..].starts_with('é'),
        "the rest is whole characters"
    );
    let seen = sdk(&["blob-sha256", &container, "log"]);
    assert_eq!(
        seen["size"], 4194303,
        "what the error says went in is what the blob holds"
    );
}

#[test]
fn a_text_append_refused_part_way_keeps_in_the_box_only_what_did_not_go_in() {
    use tessera::app::blob::features::append_page::AppendPage;
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut t, container, _proxy) = append_blob_shown(&rt, "textbox");
    // Four megabytes are not typed key by key: the box is filled as a paste would fill it.
    let text = two_block_text(1000);
    {
        let pane = t.harness.state_mut().active_blob_mut().unwrap();
        let append = pane.feature_mut::<AppendPage>().unwrap();
        append.text.edit = text.clone();
        append.max_size = (4 << 20) + 10;
    }
    t.click("Append text");
    t.wait_for_contains("4194303 of 4195305 bytes were appended");
    t.wait_for_contains("The text box now holds only the 1002 bytes that did not go in");
    let pane = t.harness.state_mut().active_blob_mut().unwrap();
    let left = pane.feature_mut::<AppendPage>().unwrap().text.edit.clone();
    assert_eq!(left, text[4194303..], "the box holds exactly what did not go in");
    assert_eq!(sdk(&["blob-sha256", &container, "log.txt"])["size"], 4194303);
}
