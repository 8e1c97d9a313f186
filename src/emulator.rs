//! Starting and stopping a local Azurite (in memory, loopback, free ports, no telemetry) for tests,
//! benchmarks and the run command.

use std::io::Read;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use crate::storage::Account;

/// A running Azurite. Dropping it stops the emulator; so does the death of this process.
pub struct Emulator {
    child: Child,
    /// Held open so the watchdog shell sees this process alive; closing it stops the emulator.
    lifeline: Option<ChildStdin>,
    ports: [u16; 3],
    log: PathBuf,
    https: bool,
}

/// How to start Azurite beyond the defaults (in memory, loopback, no telemetry).
#[derive(Clone, Debug, Default)]
pub struct EmulatorOptions {
    /// Accept any x-ms-version: Microsoft's newer SDKs (the tests' independent readers) send versions this
    /// Azurite does not know yet.
    pub skip_api_version_check: bool,
    /// Serve HTTPS with this PEM certificate and key (Azurite checks bearer tokens only over HTTPS).
    pub https: Option<(PathBuf, PathBuf)>,
    /// Accept Microsoft Entra ID bearer tokens (`--oauth basic`: audience, issuer and times, not the signature).
    pub oauth: bool,
    /// More accounts beside `devstoreaccount1`, by name, each with the emulator's well-known key
    /// (`AZURITE_ACCOUNTS`): what copies across accounts are tried on.
    pub more_accounts: Vec<String>,
    /// `--loose`: accept headers Azurite does not serve instead of refusing them; with it a CRC64 per block is
    /// taken (and not checked), which strict mode refuses with 500 FeatureNotSupported.
    pub loose: bool,
}

/// Where the project's pinned Azurite lives once `npm ci` has run.
const AZURITE_SCRIPT: &str = "node_modules/azurite/dist/src/azurite.js";

impl Emulator {
    /// Starts Azurite on three free loopback ports and waits until all three accept connections.
    pub fn start() -> Result<Emulator, String> {
        Self::start_with(&EmulatorOptions::default())
    }

    /// Starts Azurite with these options on three free loopback ports.
    pub fn start_with(options: &EmulatorOptions) -> Result<Emulator, String> {
        let script = find_azurite()?;
        let mut last_error = String::new();
        // Another process may take a port between choosing it and Azurite binding it; try again with new ones.
        for _ in 0..3 {
            let ports = free_ports()?;
            match Self::start_on(&script, ports, options) {
                Ok(e) => return Ok(e),
                Err(e) => last_error = e,
            }
        }
        Err(last_error)
    }

    /// The demo's emulator: on the given ports when all three are free (so the emulator preset reaches it), else
    /// on any. It accepts any x-ms-version, so the user's own app on a newer SDK than this Azurite knows can be
    /// tried against it (through the lens, say) rather than refused with InvalidHeaderValue.
    pub fn start_preferring(ports: [u16; 3]) -> Result<Emulator, String> {
        let options = EmulatorOptions {
            skip_api_version_check: true,
            ..EmulatorOptions::default()
        };
        let free = ports.iter().all(|p| TcpListener::bind(("127.0.0.1", *p)).is_ok());
        if free {
            let script = find_azurite()?;
            if let Ok(e) = Self::start_on(&script, ports, &options) {
                return Ok(e);
            }
        }
        Self::start_with(&options)
    }

    fn start_on(script: &Path, ports: [u16; 3], options: &EmulatorOptions) -> Result<Emulator, String> {
        let log = std::env::temp_dir().join(format!("tessera-azurite-{}-{}.log", std::process::id(), ports[0]));
        let stderr = std::fs::File::create(&log).map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        let mut args: Vec<String> = vec![
            script.display().to_string(),
            "--inMemoryPersistence".into(),
            "--disableTelemetry".into(),
            "--silent".into(),
        ];
        for (service, port) in ["blob", "queue", "table"].iter().zip(ports) {
            args.push(format!("--{service}Host"));
            args.push("127.0.0.1".into());
            args.push(format!("--{service}Port"));
            args.push(port.to_string());
        }
        if options.loose {
            args.push("--loose".into());
        }
        if options.skip_api_version_check {
            args.push("--skipApiVersionCheck".into());
        }
        if let Some((cert, key)) = &options.https {
            args.extend([
                "--cert".into(),
                cert.display().to_string(),
                "--key".into(),
                key.display().to_string(),
            ]);
        }
        if options.oauth {
            args.extend(["--oauth".into(), "basic".into()]);
        }
        if let Ok(debug_log) = std::env::var("TESSERA_AZURITE_DEBUG_LOG") {
            args.push("--debug".into());
            args.push(debug_log);
        }
        let mut command = watchdog_command(&args);
        if !options.more_accounts.is_empty() {
            // Azurite serves only the accounts listed here once any are: the default one is listed first.
            let accounts: Vec<String> = std::iter::once(crate::storage::EMULATOR_ACCOUNT.to_string())
                .chain(options.more_accounts.iter().cloned())
                .map(|name| format!("{name}:{}", crate::storage::EMULATOR_KEY))
                .collect();
            command.env("AZURITE_ACCOUNTS", accounts.join(";"));
        }
        // Azurite says on stdout which ports it bound: the log holds both, and the start waits for those words.
        let stdout = stderr
            .try_clone()
            .map_err(|e| format!("cannot share {}: {e}", log.display()))?;
        command.stdin(Stdio::piped()).stdout(stdout).stderr(stderr);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start node for Azurite: {e}. Is Node.js installed?"))?;
        let lifeline = child.stdin.take();
        let mut emulator = Emulator {
            child,
            lifeline,
            ports,
            log,
            https: options.https.is_some(),
        };
        emulator.wait_until_listening(Duration::from_secs(30))?;
        Ok(emulator)
    }

    /// Waits until Azurite itself says it listens on each of its three ports. A port answering is not enough:
    /// between `free_ports` releasing a port and Azurite binding it, another listener (a test's proxy) may take
    /// it; Azurite then exits on EADDRINUSE, behind the watchdog shell that outlives it, while the port answers.
    fn wait_until_listening(&mut self, limit: Duration) -> Result<(), String> {
        let deadline = Instant::now() + limit;
        loop {
            let text = self.log_text();
            let bound = |port: u16| {
                text.lines()
                    .any(|l| l.contains("successfully listening at") && l.ends_with(&format!("127.0.0.1:{port}")))
            };
            if self.ports.iter().all(|p| bound(*p)) {
                break;
            }
            if text.contains("Exit due to") || text.contains("EADDRINUSE") {
                return Err(format!("Azurite could not listen: {text}"));
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("Azurite exited ({status}) before listening: {text}"));
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "Azurite did not listen on {:?} within {limit:?}: {text}",
                    self.ports
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        for port in self.ports {
            let addr = SocketAddr::from(([127, 0, 0, 1], port));
            if TcpStream::connect_timeout(&addr, Duration::from_secs(2)).is_err() {
                return Err(format!(
                    "Azurite said it listens on port {port}, which refuses: {}",
                    self.log_text()
                ));
            }
        }
        Ok(())
    }

    fn log_text(&self) -> String {
        let mut text = String::new();
        if let Ok(mut f) = std::fs::File::open(&self.log) {
            let _ = f.read_to_string(&mut text);
        }
        if text.trim().is_empty() {
            "(no output)".into()
        } else {
            text
        }
    }

    /// Blob, queue and table ports.
    pub fn ports(&self) -> [u16; 3] {
        self.ports
    }

    /// The emulator's well-known account on this instance's ports.
    pub fn account(&self) -> Account {
        self.account_named(crate::storage::EMULATOR_ACCOUNT)
    }

    /// An account this instance serves (the well-known one, or one of `EmulatorOptions::more_accounts`), path
    /// style, over HTTPS when the instance serves it.
    pub fn account_named(&self, name: &str) -> Account {
        let mut account = Account::emulator_at("127.0.0.1", self.ports);
        for endpoint in [
            &mut account.blob_endpoint,
            &mut account.queue_endpoint,
            &mut account.table_endpoint,
        ]
        .into_iter()
        .flatten()
        {
            endpoint.set_path(&format!("/{name}"));
            if self.https {
                let _ = endpoint.set_scheme("https");
            }
        }
        account.name = name.to_string();
        account
    }

    /// A connection string for this instance, as a user would paste it.
    pub fn connection_string(&self) -> String {
        self.connection_string_of(crate::storage::EMULATOR_ACCOUNT)
    }

    /// The connection string of one of the accounts this instance serves.
    pub fn connection_string_of(&self, name: &str) -> String {
        let [b, q, t] = self.ports;
        let scheme = if self.https { "https" } else { "http" };
        format!(
            "DefaultEndpointsProtocol={scheme};AccountName={name};AccountKey={key};\
             BlobEndpoint={scheme}://127.0.0.1:{b}/{name};QueueEndpoint={scheme}://127.0.0.1:{q}/{name};\
             TableEndpoint={scheme}://127.0.0.1:{t}/{name};",
            key = crate::storage::EMULATOR_KEY,
        )
    }

    pub fn stop(&mut self) {
        // Closing the lifeline lets the watchdog stop node and exit; kill is the fallback.
        self.lifeline.take();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                let _ = std::fs::remove_file(&self.log);
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

impl Drop for Emulator {
    fn drop(&mut self) {
        self.stop();
    }
}

/// On Unix a small shell stays between us and node: when our end of its stdin closes (we exit, crash or
/// drop the emulator), it stops node. Statics in test binaries are never dropped, so this is what cleans up.
#[cfg(unix)]
fn watchdog_command(args: &[String]) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(r#"node "$@" </dev/null & pid=$!; read -r _; kill "$pid" 2>/dev/null; wait "$pid""#)
        .arg("azurite-watchdog")
        .args(args);
    c
}

#[cfg(not(unix))]
fn watchdog_command(args: &[String]) -> Command {
    let mut c = Command::new("node");
    c.args(args);
    c
}

/// The pinned Azurite: `TESSERA_AZURITE` if set, else the project's `node_modules`, searched upwards from
/// the current directory and from where this crate was built.
pub fn find_azurite() -> Result<PathBuf, String> {
    if let Ok(path) = std::env::var("TESSERA_AZURITE") {
        return Ok(PathBuf::from(path));
    }
    let mut roots: Vec<PathBuf> = Vec::new();
    if let Ok(cwd) = std::env::current_dir() {
        roots.extend(cwd.ancestors().map(Path::to_path_buf));
    }
    roots.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(exe.ancestors().map(Path::to_path_buf));
    }
    roots
        .into_iter()
        .map(|r| r.join(AZURITE_SCRIPT))
        .find(|p| p.is_file())
        .ok_or_else(|| {
            "Azurite is not installed for this project. Run `npm ci` in the project folder (it installs the \
             pinned azurite 3.35.0), or set TESSERA_AZURITE to azurite.js."
                .to_string()
        })
}

fn free_ports() -> Result<[u16; 3], String> {
    // Hold all three at once so they differ, then release them for Azurite.
    let listeners: Vec<TcpListener> = (0..3)
        .map(|_| TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free loopback port: {e}")))
        .collect::<Result<_, _>>()?;
    let ports: Vec<u16> = listeners
        .iter()
        .map(|l| l.local_addr().map(|a| a.port()).unwrap_or(0))
        .collect();
    Ok([ports[0], ports[1], ports[2]])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A port another listener took between `free_ports` and Azurite's bind answers connections, but Azurite
    /// exited: the start must fail (and be retried on other ports), not hand out an emulator that refuses.
    #[test]
    fn a_port_taken_by_another_listener_fails_the_start_though_it_answers() {
        let script = find_azurite().expect("azurite installed (npm ci)");
        let taken = TcpListener::bind("127.0.0.1:0").unwrap();
        let [blob, queue, _] = free_ports().unwrap();
        let ports = [blob, queue, taken.local_addr().unwrap().port()];
        let started = Emulator::start_on(&script, ports, &EmulatorOptions::default());
        assert!(started.is_err(), "an emulator whose table port is someone else's");
        // The retrying start finds ports of its own.
        let emulator = Emulator::start_with(&EmulatorOptions::default()).unwrap();
        assert!(TcpStream::connect(("127.0.0.1", emulator.ports[2])).is_ok());
    }
}
