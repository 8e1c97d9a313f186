//! Account SAS through the UI against a real Azurite: made from the account's context menu for a key account,
//! copied as a connection string that Microsoft's Python SDK reads a blob and peeks a queue with, and that
//! grants only what was asked (a write is refused); bad letters are said before anything is signed.

mod common;
mod ui;

use tessera::storage::blob::PublicAccess;
use tessera::storage::queue::MessageTtl;
use tessera::storage::{Account, Client};
use ui::TestApp;

#[test]
fn an_account_sas_reaches_blobs_and_queues_with_only_the_rights_asked_for() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::container_with(&rt, &["a.txt"]);
    let queue = common::unique("sasq");
    rt.block_on(async {
        client.create_queue(&queue, &[]).await.unwrap();
        client
            .put_message(&queue, "hello through a SAS", None, MessageTtl::Default)
            .await
            .unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.context_click("Test emulator");
    t.click("Account SAS…");
    t.wait_for_contains("Account SAS for Test emulator");

    // A letter no account SAS takes: said, nothing copied.
    t.replace_text("Permissions (rwdxylacuptfi):", "rz");
    t.click("Copy SAS connection string");
    t.wait_for_contains("`z` is not one of the permissions an account SAS takes");

    t.replace_text("Permissions (rwdxylacuptfi):", "rl");
    let cs = t.copied_by_clicking("Copy SAS connection string");
    assert!(cs.contains("SharedAccessSignature=") && cs.contains("sp=rl"), "{cs}");
    assert!(
        !cs.contains("AccountKey") && !cs.contains("Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq"),
        "the account key never leaves in a SAS"
    );
    // Someone else's code reads with it: a blob, a queue's message.
    let text = common::peer::run(&cs, &["blob-text", &container, "a.txt"]);
    assert_eq!(text["text"], "content");
    let peeked = common::peer::run(&cs, &["peek", &queue, "1"]);
    assert_eq!(peeked["messages"][0], "hello through a SAS");
    // Read and list only: creating a container is refused by the service.
    let with_sas = Client::new(Account::from_connection_string(&cs).unwrap(), Default::default()).unwrap();
    let refused = rt
        .block_on(with_sas.create_container(&common::unique("nope"), PublicAccess::None, &[]))
        .unwrap_err();
    assert_eq!(refused.status, Some(403), "{refused:?}");
}
