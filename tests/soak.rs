//! A short fault soak: a few hundred mixed operations on tables, blobs and queues at once through proxies that
//! fail one request in ten in every way a network and a busy service can, then a direct read-back: nothing
//! the app said was done is missing, nothing it said ran once applied twice, every "may or may not have
//! happened" is explained by what the service holds, and every download matches what was uploaded.
//! The long soak (thousands of operations) is `cargo bench --bench soak`.

mod common;

use std::time::Duration;

use common::fault_proxy::Fault;
use common::soak::Soak;
use tessera::storage::{Client, ClientOptions, RetryPolicy};

fn every_fault() -> Vec<Fault> {
    vec![
        Fault::Status { status: 503, retry_after: Some(0) },
        Fault::Status { status: 500, retry_after: None },
        Fault::Status { status: 408, retry_after: None },
        Fault::Reset,
        Fault::ResetAfterForward,
        Fault::Truncate,
        Fault::Stall(Duration::from_secs(4)),
        Fault::Delay(Duration::from_millis(1500)),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_is_lost_or_applied_twice_when_one_request_in_ten_fails() {
    let direct = common::client();
    let (account, proxies) = common::account_through_proxies().await;
    let options = ClientOptions {
        // A stall of 4 s must fail the attempt: the silence limit is short, as on a link that died.
        read_timeout: Duration::from_secs(2),
        retry: RetryPolicy {
            base_delay: Duration::from_millis(20),
            max_delay: Duration::from_millis(200),
            ..RetryPolicy::default()
        },
        // The soak is about each request's outcome, not about the breaker stopping a storm.
        breaker_threshold: 1000,
        ..ClientOptions::default()
    };
    let client = Client::new(account, options).unwrap();
    let soak = Soak::new(&direct).await;
    for (n, proxy) in proxies.iter().enumerate() {
        proxy.random_faults(Some((0.10, every_fault(), 7 + n as u64)));
    }
    soak.run(&client, 70, 8, 42).await;
    for proxy in &proxies {
        proxy.random_faults(None);
    }
    let report = soak.check(&direct).await;
    let faults: usize = proxies.iter().map(|p| p.fault_counts().values().sum::<usize>()).sum();
    let kinds: std::collections::BTreeSet<&str> =
        proxies.iter().flat_map(|p| p.fault_counts().into_keys()).collect();
    eprintln!("soak: {report:#?}\nfaults injected: {faults} of kinds {kinds:?}");
    assert!(report.total_ops() >= 210, "ran {} operations", report.total_ops());
    assert!(faults >= 20, "only {faults} faults were injected");
    assert!(report.is_clean(), "the soak found damage: {report:#?}");
    assert_eq!(report.resolved_share(), 1.0, "unexplained unknown outcomes: {:?}", report.unexplained);
    assert!(report.downloads > 0, "no download completed: {report:#?}");
}
