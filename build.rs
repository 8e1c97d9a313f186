//! Build script: on Windows targets, embeds the icon and the version resource (from Cargo.toml) in tessera.exe.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/tessera.ico");
    // The target, not the host: build scripts run on the host, so `cfg(windows)` here would be the wrong question.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut resource = winresource::WindowsResource::new();
        resource
            .set_icon("assets/tessera.ico")
            .set("ProductName", "Tessera")
            .set("FileDescription", "Tessera, an Azure Storage explorer")
            .set("LegalCopyright", "The Tessera developers. MIT or Apache-2.0.");
        if let Err(e) = resource.compile() {
            panic!("embedding the Windows icon and version resource failed: {e}");
        }
    }
}
