//! `tessera lens`: the lens without the window, for a team's own integration tests in CI. Reads its arguments,
//! starts the endpoint, prints the connection string for the app, writes each decoded request as a JSON line and
//! applies the rules file's faults and holds (a hold there waits its set time).

use std::io::Write;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

use crate::lens::rules::{Action, parse_rules};
use crate::lens::{Lens, LensOptions};
use crate::storage::Account;

pub const HELP: &str = "\
tessera lens: a local endpoint in front of one storage account, for your own app.

Your app connects to the endpoint instead of the account; every request passes on to the account unchanged
(Shared Key, SAS and bearer-token requests alike), and Tessera writes down what each one was, applies the fault
and hold rules you give it, and streams bodies both ways.

USAGE:
    tessera lens --connection-string \"<connection string>\" [OPTIONS]
    tessera lens --connection-string-env VARIABLE [OPTIONS]
    tessera lens --account NAME [OPTIONS]

THE ACCOUNT (one of):
    --connection-string TEXT      the account's connection string (key or SAS; Azure, the emulator, any endpoint)
    --connection-string-env VAR   read it from this environment variable (not shown in the process list)
    --account NAME                an account saved in Tessera's window, by its name there (its key or SAS
                                  from the system's keychain)

OPTIONS:
    --rules FILE      fault and hold rules, JSON: {\"rules\": [ { ... }, ... ]} (below)
    --log FILE        write each request, decoded, as one JSON line (\"-\" for standard output)
    --ports B,Q,T     the blob, queue and table ports (default: any free ones, printed at start)
    --bind ADDRESS    listen on this address instead of 127.0.0.1. WARNING: anyone who reaches the port uses
                      the account with its credential; use only on a network you trust
    --silence SECONDS answer 504 when the account sends nothing for this long (default 60)
    --show-secret     print the connection string with its key or SAS (by default it is printed without,
                      to add your own AccountKey=... or SharedAccessSignature=...)
    -h, --help        this text

WHAT IS PRINTED:
    one line per service (its local endpoint and the account's), then `connection string: ...`, the string
    your app should use. The endpoint runs until the process is stopped.

THE LOG (one JSON object per request):
    number, time, service, method, operation (\"Put Block\", \"Update Entity\", \"Get Messages\", ...),
    resource (\"container/blob\", \"queue\", \"table/PartitionKey/RowKey\"), url (SAS signature redacted),
    if_match, etag, lease_id, pop_receipt, next_visible, dequeue_count, continuation_sent, continuation,
    parts (a batch's), status, error_code, request_id, client_request_id, duration_ms, retry_of (the first
    try of the operation this request repeats), rules (the rules that acted on it), problem (what the lens
    refused or saw go wrong). No key, SAS signature or token is ever written.

RULES (each matches on any of: service, operation, resource, resource_prefix, method; fires on the next
`times` matches, every `every`th match, or with `probability`; all optional):
    {\"operation\": \"Put Blob\", \"action\": {\"kind\": \"answer\", \"status\": 503, \"code\": \"ServerBusy\"}, \"times\": 1}
    {\"resource_prefix\": \"orders/\", \"action\": {\"kind\": \"delay\", \"ms\": 300}}
    {\"operation\": \"Get Blob\", \"action\": {\"kind\": \"cut\", \"after_bytes\": 1024}, \"every\": 3}
    {\"operation\": \"Update Entity\", \"action\": {\"kind\": \"hold\", \"stage\": \"before\", \"ms\": 5000}}
  answer: the service's error body for the status (code and message optional); delay: added latency;
  cut: forward, then close the connection after that many bytes of the answer; hold: wait before forwarding
  (\"before\") or before returning the answer (\"after\") for `ms` milliseconds.
";

/// Finds a saved account by the name the window shows (given by the binary, which knows the app's account list).
pub type SavedAccount<'a> = &'a dyn Fn(&str) -> Result<Account, String>;

/// Runs `tessera lens ARGS`; the process's exit code.
pub fn run(args: &[String], saved: SavedAccount) -> i32 {
    let options = match parse(args, saved) {
        Ok(Some(options)) => options,
        Ok(None) => {
            print!("{HELP}");
            return 0;
        }
        Err(why) => {
            eprintln!("tessera lens: {why}\nRun `tessera lens --help` for how to use it.");
            return 2;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tessera lens: could not start: {e}");
            return 1;
        }
    };
    runtime.block_on(serve(options))
}

struct Headless {
    account: Account,
    rules: Vec<crate::lens::rules::Rule>,
    log: Option<String>,
    lens: LensOptions,
    show_secret: bool,
}

fn parse(args: &[String], saved: SavedAccount) -> Result<Option<Headless>, String> {
    let mut connection_string = None;
    let mut account = None;
    let mut rules = Vec::new();
    let mut log = None;
    let mut lens = LensOptions::default();
    let mut show_secret = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--connection-string" => connection_string = Some(value(arg)?),
            "--connection-string-env" => {
                let var = value(arg)?;
                connection_string =
                    Some(std::env::var(&var).map_err(|_| format!("the environment variable {var} is not set"))?);
            }
            "--account" => account = Some(saved(&value(arg)?)?),
            "--rules" => {
                let path = value(arg)?;
                let text = std::fs::read_to_string(&path).map_err(|e| format!("could not read {path}: {e}"))?;
                rules = parse_rules(&text).map_err(|e| format!("the rules in {path} are not valid: {e}"))?;
            }
            "--log" => log = Some(value(arg)?),
            "--ports" => {
                let text = value(arg)?;
                let ports: Vec<u16> = text
                    .split(',')
                    .map(|p| p.trim().parse())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("--ports takes three port numbers, blob,queue,table: not {text:?}"))?;
                lens.ports = ports
                    .try_into()
                    .map_err(|_| format!("--ports takes three port numbers, blob,queue,table: not {text:?}"))?;
            }
            "--bind" => {
                let text = value(arg)?;
                lens.bind = text
                    .parse::<IpAddr>()
                    .map_err(|_| format!("--bind takes an IP address: not {text:?}"))?;
            }
            "--silence" => {
                let text = value(arg)?;
                let seconds: f64 = text
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0)
                    .ok_or_else(|| format!("--silence takes a number of seconds: not {text:?}"))?;
                lens.silence = Duration::from_secs_f64(seconds);
            }
            "--show-secret" => show_secret = true,
            other => {
                return Err(format!("unknown argument {:?}", crate::storage::redact_text(other)));
            }
        }
    }
    let account = match (account, connection_string) {
        (Some(_), Some(_)) => return Err("give either --account or a connection string, not both".into()),
        (Some(account), None) => account,
        (None, Some(text)) => Account::from_connection_string(&text).map_err(|e| {
            format!(
                "the connection string is not valid: {}",
                crate::storage::redact_text(&e.to_string())
            )
        })?,
        (None, None) => {
            return Err(
                "the account is missing: give --connection-string, --connection-string-env or --account".into(),
            );
        }
    };
    Ok(Some(Headless {
        account,
        rules,
        log,
        lens,
        show_secret,
    }))
}

async fn serve(options: Headless) -> i32 {
    if !options.lens.bind.is_loopback() {
        eprintln!(
            "WARNING: the lens listens on {}: anyone who reaches it uses the account with its credential.",
            options.lens.bind
        );
    }
    let lens = match Lens::start(options.account.clone(), options.lens.clone()).await {
        Ok(lens) => lens,
        Err(why) => {
            eprintln!("tessera lens: {why}");
            return 1;
        }
    };
    if let Some(path) = &options.log {
        let out: Box<dyn Write + Send> = if path == "-" {
            Box::new(std::io::stdout())
        } else {
            match std::fs::File::create(path) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    eprintln!("tessera lens: could not write the log {path}: {e}");
                    return 1;
                }
            }
        };
        let out = Mutex::new(out);
        lens.listen(move |record| {
            let line = serde_json::to_string(record).unwrap_or_default();
            let mut out = out.lock().expect("log");
            // Each line flushed: a run killed at any moment keeps every request it finished.
            let _ = writeln!(out, "{line}").and_then(|_| out.flush());
        });
    }
    for rule in &options.rules {
        if let Action::Hold { ms: None, .. } = rule.action {
            eprintln!(
                "tessera lens: the hold rule {:?} has no `ms`: without the window nothing releases it, so it holds until the app gives up",
                rule.name
            );
        }
        lens.add_rule(rule.clone());
    }
    let account = &options.account;
    let mut out = std::io::stdout();
    let _ = writeln!(out, "Tessera lens for the account {}", account.name);
    for service in crate::storage::Service::ALL {
        if let (Some(local), Ok(upstream)) = (lens.endpoint(service), account.endpoint(service)) {
            let _ = writeln!(
                out,
                "{:<6}{local} -> {}",
                service.name(),
                upstream.as_str().trim_end_matches('/')
            );
        }
    }
    if options.show_secret {
        let _ = writeln!(out, "connection string: {}", lens.connection_string());
    } else {
        let _ = writeln!(
            out,
            "connection string: {}\n(add your AccountKey=... or SharedAccessSignature=...; --show-secret prints it whole)",
            lens.connection_string_without_secret()
        );
    }
    let _ = out.flush();
    std::future::pending::<()>().await;
    0
}
