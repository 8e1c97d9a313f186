//! Blob index tags driven through the UI against a real Azurite, read back by Microsoft's Python SDK: tags added
//! and saved, bad ones said before sending, someone else's change met on save and re-applied on, the Tags
//! column, and Find by tags built condition by condition in the container and the account.

mod common;
mod ui;

use std::time::Duration;
use tessera::app::blob::features::find_tags::FindByTags;

use common::blobs::container_with;
use ui::TestApp;

fn tags_read_by_the_sdk(container: &str, blob: &str) -> serde_json::Value {
    let cs = common::emulator().connection_string();
    common::peer::run(&cs, &["blob-tags", container, blob])["tags"].clone()
}

fn wait_saved(t: &mut TestApp, blob: &'static str) {
    t.wait_app("the tags to be saved", Duration::from_secs(30), move |app| {
        app.active_blob()
            .and_then(|p| p.tags_draft(blob))
            .is_some_and(|d| !d.is_dirty())
    });
}

#[test]
fn tags_are_edited_checked_saved_conditionally_listed_and_found() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["a.txt", "b.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.type_first_tag("a.txt", "status", "new");
    t.click("Save tags");
    wait_saved(&mut t, "a.txt");
    assert_eq!(
        tags_read_by_the_sdk(&container, "a.txt"),
        serde_json::json!({"status": "new"})
    );

    // A character the service refuses is said before anything is sent; the tag can be removed.
    t.click("Add tag");
    t.type_into("Key 2:", "owner");
    t.type_into("Value 2:", "ann@example");
    t.click("Save tags");
    t.wait_for_contains("holds `@`");
    assert_eq!(
        tags_read_by_the_sdk(&container, "a.txt"),
        serde_json::json!({"status": "new"})
    );
    t.click("Remove tag 2");

    // The user types `done`; someone else sets `review` meanwhile, and a refresh falls between.
    t.replace_text("Value 1:", "done");
    let review = vec![("status".to_string(), "review".to_string())];
    rt.block_on(client.set_blob_tags(&container, "a.txt", &review, None, None))
        .unwrap();
    t.click("Refresh");
    t.wait_for_contains("Changed on the service since you read them (now: status=review)");
    assert_eq!(
        t.blob().tags_draft("a.txt").unwrap().edit[0].1,
        "done",
        "the edit stays"
    );
    t.click("Save tags");
    t.wait_for_contains("Not saved: someone changed the tags since you read them");
    assert_eq!(
        tags_read_by_the_sdk(&container, "a.txt"),
        serde_json::json!({"status": "review"})
    );
    t.click("Reload and re-apply my tags");
    t.click("Save tags");
    wait_saved(&mut t, "a.txt");
    assert_eq!(
        tags_read_by_the_sdk(&container, "a.txt"),
        serde_json::json!({"status": "done"})
    );

    // The Tags column lists them.
    t.click("More");
    t.click("Tags column");
    t.wait_for("status=done");

    // Find by tags: a condition built from its parts, in this container, then in the whole account.
    let tags = vec![
        ("status".to_string(), "done".to_string()),
        ("year".to_string(), "2026".to_string()),
    ];
    rt.block_on(client.set_blob_tags(&container, "b.txt", &tags, None, None))
        .unwrap();
    t.open_search("Find by tags");
    t.type_into("Tag:", "owner");
    t.type_into("Value:", "o'brien");
    t.click("Add condition");
    t.wait_for_contains("holds `'`");
    assert_eq!(
        t.blob().feature::<FindByTags>().unwrap().expression(),
        "",
        "a refused condition adds nothing"
    );
    t.replace_text("Tag:", "year");
    t.replace_text("Value:", "2026");
    t.click("Add condition");
    assert_eq!(
        t.blob()
            .feature::<FindByTags>()
            .unwrap()
            .shown()
            .map(|f| f.found().len()),
        None
    );
    t.click("Find by tags");
    t.wait_for_contains(&format!("1 blob found by tags in {container}: \"year\" = '2026'"));
    let found = t
        .blob()
        .feature::<FindByTags>()
        .unwrap()
        .shown()
        .unwrap()
        .found()
        .to_vec();
    assert_eq!(
        (found[0].container.as_str(), found[0].name.as_str()),
        (container.as_str(), "b.txt")
    );
    t.replace_text("Find by tags:", "\"status\" = 'done'");
    t.click("Whole account");
    t.click("Find by tags");
    t.wait_app("both blobs found in the account", Duration::from_secs(30), |app| {
        app.active_blob()
            .and_then(|p| p.feature::<FindByTags>().and_then(|f| f.shown()))
            .is_some_and(|f| {
                !f.is_loading()
                    && ["a.txt", "b.txt"]
                        .iter()
                        .all(|n| f.found().iter().any(|b| b.name == *n))
            })
    });
}

/// A blob with no tags has no `x-ms-if-tags` to send (it can name only tags a blob has): the tags are read again
/// just before the write, so tags someone set after the form was read are not overwritten, no refresh between.
#[test]
fn tags_someone_set_on_a_blob_that_had_none_are_not_overwritten() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["bare.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.type_first_tag("bare.txt", "status", "mine");
    let theirs = vec![("owner".to_string(), "ann".to_string())];
    rt.block_on(client.set_blob_tags(&container, "bare.txt", &theirs, None, None))
        .unwrap();
    t.click("Save tags");
    t.wait_for_contains("Not saved: someone changed the tags since you read them");
    assert_eq!(
        tags_read_by_the_sdk(&container, "bare.txt"),
        serde_json::json!({"owner": "ann"}),
        "their tags stay"
    );
    assert_eq!(
        t.blob().tags_draft("bare.txt").unwrap().edit,
        [("status".to_string(), "mine".to_string())],
        "and the edit is kept"
    );
}
