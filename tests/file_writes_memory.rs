//! Append a file streams it (issue 41): a file many times the 4 MiB block goes into an append blob through the UI
//! while this process's heap never holds more than a few blocks of it, and Microsoft's Python SDK reads back
//! exactly the file. The one test of its binary, so the heap it watches is its own.

mod common;
#[path = "common/heap.rs"]
mod heap;
mod ui;

use std::time::Duration;

use sha2::Digest;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::app::runtime::jobs::JobState;
use ui::TestApp;

const MIB: usize = 1 << 20;

#[test]
fn a_file_of_many_blocks_is_appended_in_blocks_with_the_heap_bounded_and_read_back_exactly() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "appendfile");
    rt.block_on(client.create_append_blob(&container, "log", &tessera::storage::blob::Conditions::create_only()))
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.log");
    let size = 48 * MIB + 1234;
    {
        // Written a block at a time: the test itself never holds the file either.
        use std::io::Write;
        let mut out = std::io::BufWriter::new(std::fs::File::create(&file).unwrap());
        let mut rng = fastrand::Rng::with_seed(41);
        let mut block = vec![0u8; MIB];
        let mut left = size;
        while left > 0 {
            rng.fill(&mut block);
            let n = left.min(MIB);
            out.write_all(&block[..n]).unwrap();
            left -= n;
        }
    }
    let expected = {
        use std::io::Read;
        let (mut hash, mut reader) = (sha2::Sha256::new(), std::fs::File::open(&file).unwrap());
        let mut block = vec![0u8; MIB];
        loop {
            let n = reader.read(&mut block).unwrap();
            if n == 0 {
                break;
            }
            hash.update(&block[..n]);
        }
        hash.finalize().iter().map(|b| format!("{b:02x}")).collect::<String>()
    };
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.click("log");
    t.wait_for_contains("only at the end shown (position 0)");
    let before = heap::reset_peak();
    dialogs.answer(Some(file.clone()));
    t.click("Append a file…");
    t.wait_app("the append job", Duration::from_secs(120), |app| {
        app.jobs().iter().any(|j| !j.is_running())
    });
    let peak = heap::peak() - before;
    eprintln!("the heap grew by at most {:.1} MiB", peak as f64 / MIB as f64);
    let state = t.harness.state().jobs()[0].state.clone();
    assert!(matches!(state, JobState::Done(_)), "{state:?}");
    // A block of 4 MiB is read, checksummed and sent at a time; the 48 MiB file would have been held whole.
    assert!(
        peak < 24 * MIB,
        "the heap grew by {} MiB while appending a {} MiB file",
        peak / MIB,
        size / MIB
    );
    let seen = common::peer::run(
        &common::emulator().connection_string(),
        &["blob-sha256", &container, "log"],
    );
    assert_eq!(seen["size"], size);
    assert_eq!(seen["sha256"], expected.as_str());
}
