//! Stored access policies and service SAS against a real Azurite, used by a plain HTTP client with no key: a
//! blob read through a SAS bound to a container's policy (and refused once the policy is gone), a message added
//! through a SAS bound to a queue's policy, a queue peeked and a table queried through SAS with their own
//! letters; the policies read back by Microsoft's Python SDK.

mod common;

use std::time::{Duration, SystemTime};

use tessera::storage::Service;
use tessera::storage::policies::StoredPolicy;
use tessera::storage::service_sas::{SasGrant, SasResource};

fn in_an_hour() -> String {
    let t = SystemTime::now() + Duration::from_secs(3600);
    let secs = t.duration_since(SystemTime::UNIX_EPOCH).unwrap().as_secs();
    time::OffsetDateTime::from_unix_timestamp(secs as i64)
        .unwrap()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap()
}

async fn status_of(request: reqwest::RequestBuilder) -> (u16, String) {
    let resp = request.send().await.unwrap();
    (resp.status().as_u16(), resp.text().await.unwrap())
}

#[test]
fn a_sas_bound_to_a_container_policy_reads_until_the_policy_is_removed() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::container_with(&rt, &["a.txt"]);
    rt.block_on(async {
        let read = client.get_policies(Service::Blob, &container).await.unwrap();
        assert!(read.policies.is_empty());
        let readers = StoredPolicy {
            id: "readers".into(),
            start: String::new(),
            expiry: in_an_hour(),
            permissions: "rl".into(),
        };
        client
            .set_policies(Service::Blob, &container, &[readers], &read, None)
            .await
            .unwrap();
        let cs = common::emulator().connection_string();
        let seen = common::peer::run(&cs, &["container-policies", &container]);
        assert_eq!(seen["policies"][0]["id"], "readers");
        assert_eq!(seen["policies"][0]["permission"], "rl");

        let bound = SasGrant {
            policy: Some("readers".into()),
            ..Default::default()
        };
        let url = client
            .service_sas_url(&SasResource::Blob(container.clone(), "a.txt".into()), &bound)
            .unwrap();
        let http = reqwest::Client::new();
        assert_eq!(status_of(http.get(&url)).await, (200, "content".to_string()));
        // Removing the policy revokes every SAS bound to it.
        let read = client.get_policies(Service::Blob, &container).await.unwrap();
        client
            .set_policies(Service::Blob, &container, &[], &read, None)
            .await
            .unwrap();
        assert_eq!(status_of(http.get(&url)).await.0, 403);
    });
}

#[test]
fn queue_and_table_sas_do_what_their_letters_allow() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let queue = common::unique("sasq");
    let table = common::unique("sast").replace('-', "");
    rt.block_on(async {
        client.create_queue(&queue, &[]).await.unwrap();
        let read = client.get_policies(Service::Queue, &queue).await.unwrap();
        let adders = StoredPolicy {
            id: "adders".into(),
            start: String::new(),
            expiry: in_an_hour(),
            permissions: "a".into(),
        };
        client
            .set_policies(Service::Queue, &queue, &[adders], &read, None)
            .await
            .unwrap();
        let cs = common::emulator().connection_string();
        let seen = common::peer::run(&cs, &["queue-policies", &queue]);
        assert_eq!(
            seen["policies"],
            serde_json::json!([{"id": "adders", "permission": "a"}])
        );
        let q = SasResource::Queue(queue.clone());
        let add = client
            .service_sas_url(
                &q,
                &SasGrant {
                    policy: Some("adders".into()),
                    ..Default::default()
                },
            )
            .unwrap();
        let (base, sas) = add.split_once('?').unwrap();
        let http = reqwest::Client::new();
        let body = "<QueueMessage><MessageText>through a policy</MessageText></QueueMessage>";
        let (status, _) = status_of(http.post(format!("{base}/messages?{sas}")).body(body)).await;
        assert_eq!(status, 201);
        // Adding is all that policy allows: a peek through it is refused.
        assert_eq!(
            status_of(http.get(format!("{base}/messages?peekonly=true&{sas}")))
                .await
                .0,
            403
        );
        let peek = SasGrant {
            permissions: "rp".into(),
            expiry: Some(SystemTime::now() + Duration::from_secs(600)),
            ..Default::default()
        };
        let url = client.service_sas_url(&q, &peek).unwrap();
        let (base, sas) = url.split_once('?').unwrap();
        let (status, text) = status_of(http.get(format!("{base}/messages?peekonly=true&{sas}"))).await;
        assert_eq!(status, 200);
        assert!(text.contains("through a policy"), "{text}");

        client.create_table(&table).await.unwrap();
        let read_only = SasGrant {
            permissions: "r".into(),
            expiry: Some(SystemTime::now() + Duration::from_secs(600)),
            ..Default::default()
        };
        let url = client
            .service_sas_url(&SasResource::Table(table.clone()), &read_only)
            .unwrap();
        let (base, sas) = url.split_once('?').unwrap();
        let query = format!("{base}()?{sas}");
        let (status, text) = status_of(http.get(&query).header("accept", "application/json;odata=nometadata")).await;
        assert_eq!(status, 200, "{text}");
        // Reading is all it allows: an insert through it is refused.
        let insert = http
            .post(format!("{base}?{sas}"))
            .header("content-type", "application/json")
            .header("accept", "application/json;odata=nometadata")
            .body(r#"{"PartitionKey":"p","RowKey":"r"}"#);
        assert_eq!(status_of(insert).await.0, 403);
    });
}
