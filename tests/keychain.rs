//! The real keychain, on Linux: a private D-Bus session with `gnome-keyring-daemon` (unlocked with a test
//! password) behind the app's Secret Service store. A key saved through the app is read back after a restart,
//! is in no file the app writes, and goes when its account is removed. (Every other test uses the mock store.)
#![cfg(target_os = "linux")]

mod common;
mod ui;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};

use tessera::app::accounts::secrets::Secrets;
use tessera::storage::EMULATOR_KEY;
use ui::TestApp;

/// The session bus and the keyring daemon, stopped when dropped.
struct Keychain {
    bus: Child,
    daemon: Child,
    _home: tempfile::TempDir,
}

impl Drop for Keychain {
    fn drop(&mut self) {
        let _ = self.daemon.kill();
        let _ = self.bus.kill();
        let _ = (self.daemon.wait(), self.bus.wait());
    }
}

fn start_keychain() -> Keychain {
    let home = tempfile::tempdir().unwrap();
    let run = home.path().join("run");
    std::fs::create_dir(&run).unwrap();
    let mut bus = Command::new("dbus-daemon")
        .args(["--session", "--nofork", "--print-address=1"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("dbus-daemon runs (Debian: dbus; scripts/install-deps test installs it)");
    let mut address = String::new();
    BufReader::new(bus.stdout.take().unwrap())
        .read_line(&mut address)
        .unwrap();
    let address = address.trim().to_string();
    assert!(address.starts_with("unix:"), "the session bus said {address:?}");
    // SAFETY: set once, before this binary's only test talks to any bus or keychain; nothing else reads or
    // writes the environment meanwhile.
    unsafe {
        std::env::set_var("DBUS_SESSION_BUS_ADDRESS", &address);
        std::env::set_var("HOME", home.path());
        std::env::set_var("XDG_RUNTIME_DIR", &run);
        std::env::set_var("XDG_DATA_HOME", home.path().join("data"));
    }
    let mut daemon = Command::new("gnome-keyring-daemon")
        .args(["--unlock", "--components=secrets", "--foreground"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnome-keyring-daemon runs (Debian: gnome-keyring)");
    // The login keyring is created, or unlocked, with the password read from standard input.
    daemon.stdin.take().unwrap().write_all(b"test password").unwrap();
    // Ready once it owns the Secret Service's name on the bus.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let owned = Command::new("dbus-send")
            .args([
                "--session",
                "--print-reply",
                "--dest=org.freedesktop.DBus",
                "/org/freedesktop/DBus",
            ])
            .args(["org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"])
            .output()
            .expect("dbus-send runs");
        if String::from_utf8_lossy(&owned.stdout).contains("boolean true") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "gnome-keyring-daemon never took the Secret Service's name"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    Keychain {
        bus,
        daemon,
        _home: home,
    }
}

/// Every file under `dir`, as text.
fn files_under(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push((
                path.clone(),
                String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned(),
            ));
        }
    }
    out
}

#[test]
fn a_key_in_the_secret_service_survives_a_restart_is_in_no_file_and_goes_with_its_account() {
    let _keychain = start_keychain();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = common::unique("keychain");
    rt.block_on(common::client().create_container(&container, tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    let cs = common::emulator().connection_string();
    assert!(cs.contains(EMULATOR_KEY), "the account is saved with its key");

    // Saved through the app, into the Secret Service.
    let mut t = TestApp::with_secrets(&rt, tempfile::tempdir().unwrap(), Secrets::platform());
    t.add_account_from_connection_string("Keychained", &cs);
    t.wait_for("Account `Keychained` saved.");
    let id = t.harness.state().profile("Keychained").unwrap().id.clone();
    // Connecting to the keychain blocks, so the app did it off the UI thread: wait for what it reports.
    t.wait_app("the key in the keychain", std::time::Duration::from_secs(60), |app| {
        app.stored_secret(&id).ok().flatten().as_deref() == Some(EMULATOR_KEY)
    });
    assert!(
        t.harness.state().keychain_in_use(),
        "the real keychain took it, not this run's memory"
    );
    let dir = t.into_dir();
    for (path, text) in files_under(dir.path()) {
        assert!(!text.contains(EMULATOR_KEY), "the key is in {}", path.display());
        assert!(
            !text.contains(&EMULATOR_KEY[..20]),
            "part of the key is in {}",
            path.display()
        );
    }

    // A restart on the same files: the account works from the key read back from the keychain.
    let mut t = TestApp::with_secrets(&rt, dir, Secrets::platform());
    t.click("Keychained");
    t.wait_for("Blob containers");
    t.click_contains("Blob containers");
    t.wait_for(&container);

    // Removed (after the question): the key leaves the keychain.
    t.context_click("Keychained");
    t.click("Remove account…");
    t.click("Remove Keychained");
    t.wait_app("the account gone", std::time::Duration::from_secs(30), |app| {
        app.profile("Keychained").is_none()
    });
    let fresh = Secrets::platform();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while fresh.load(&id).unwrap().is_some() {
        assert!(std::time::Instant::now() < deadline, "the key stayed in the keychain");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
