//! The real window read through the platform's own accessibility interface, as a screen reader reads it (Linux:
//! AT-SPI). `scripts/atspi/run.sh` starts Xvfb, a private D-Bus session with the AT-SPI bus switched on, and this
//! build's `tessera --demo`; `scripts/atspi/walk.py` (pyatspi, the client Orca uses) finds the app on the bus, the
//! explorer's Blob containers node, opens the demo container with AT-SPI actions, finds a blob's row and its
//! details by role and name, acquires a lease and hears the result announced as a live notice, and moves the
//! focus with Tab. `scripts/install-deps test` installs what it needs (at-spi2-core, python3-pyatspi, Xvfb).

#[cfg(target_os = "linux")]
#[test]
fn the_real_window_is_walked_through_at_spi_and_a_writes_result_is_announced() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(root.join("scripts/atspi/run.sh"))
        .env("TESSERA_BIN", env!("CARGO_BIN_EXE_tessera"))
        .current_dir(root)
        .output()
        .expect("scripts/atspi/run.sh runs (bash)");
    let said = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "the AT-SPI walk failed:\n{said}");
    for step in [
        "OK   application on the a11y bus",
        "OK   'click' action on 'demo'",
        "OK   blob row cell: [label] 'readme.txt'",
        "OK   details panel shows the blob",
        "OK   the lease's result announced as a live notice",
        "OK   focus after Tab",
        "ALL STEPS FOUND",
    ] {
        assert!(said.contains(step), "the walk did not say `{step}`:\n{said}");
    }
}
