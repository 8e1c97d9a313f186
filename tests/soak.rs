//! A short fault soak: a few hundred mixed operations on tables, blobs and queues at once through proxies that
//! fail one request in ten in every way a network and a busy service can, then a direct read-back: nothing
//! the app said was done is missing, nothing it said ran once applied twice, every "may or may not have
//! happened" is explained by what the service holds, and every download matches what was uploaded.
//! The long soak (thousands of operations) is `cargo bench --bench soak`; the jobs that write many things are held
//! to the same faults by the job model (`tests/job_model/`).

mod common;

use common::soak::{self, Soak};
use tessera::storage::{Client, TransferProgress};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_is_lost_or_applied_twice_when_one_request_in_ten_fails() {
    let direct = common::client();
    let (account, proxies) = common::account_through_proxies().await;
    let client = Client::new(account, soak::client_options()).unwrap();
    let soak = Soak::new(&direct).await;
    for (n, proxy) in proxies.iter().enumerate() {
        proxy.random_faults(Some((0.10, soak::every_fault(), 7 + n as u64)));
    }
    soak.run(&client, 70, 8, 42, &TransferProgress::new()).await;
    for proxy in &proxies {
        proxy.random_faults(None);
    }
    let report = soak.check(&direct).await;
    let faults: usize = proxies.iter().map(|p| p.fault_counts().values().sum::<usize>()).sum();
    let kinds: std::collections::BTreeSet<&str> = proxies.iter().flat_map(|p| p.fault_counts().into_keys()).collect();
    eprintln!("soak: {report:#?}\nfaults injected: {faults} of kinds {kinds:?}");
    assert!(report.total_ops() >= 210, "ran {} operations", report.total_ops());
    assert!(faults >= 20, "only {faults} faults were injected");
    assert!(report.is_clean(), "the soak found damage: {report:#?}");
    assert_eq!(
        report.resolved_share(),
        1.0,
        "unexplained unknown outcomes: {:?}",
        report.unexplained
    );
    assert!(report.downloads > 0, "no download completed: {report:#?}");
}
