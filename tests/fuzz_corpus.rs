//! The fuzz targets' inputs replayed on stable, in CI: every seed (real answers captured from Azurite, and
//! real user text) and every input that once crashed a parser (fuzz/regressions) goes through the same entry
//! point its fuzz target calls. `capture_seed_corpora` (ignored; run it by name) rewrites fuzz/seeds from a
//! live Azurite.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bytes::Bytes;
use reqwest::Method;
use tessera::fuzzing;
use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess, SasPermissions};
use tessera::storage::queue::MessageTtl;
use tessera::storage::table::{BatchOperation, EdmDateTime, EdmValue, EntityDraft};
use tessera::storage::{Client, Request, Service};

/// A fuzz target's entry point.
type Target = fn(&[u8]);

/// Each fuzz target and its entry point.
const TARGETS: [(&str, Target); 10] = [
    ("connection_string", fuzzing::connection_string),
    ("sas", fuzzing::sas),
    ("odata_filter", fuzzing::odata_filter),
    ("entity_page", fuzzing::entity_page),
    ("entity", fuzzing::entity),
    ("entity_round_trip", fuzzing::entity_round_trip),
    ("batch_response", fuzzing::batch_response),
    ("xml_listing", fuzzing::xml_listing),
    ("error_body", fuzzing::error_body),
    ("import", fuzzing::import),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn every_seed_and_every_past_crash_goes_through_its_parser_cleanly() {
    let mut seeds = 0;
    for (target, entry) in TARGETS {
        let target_seeds = files(&fuzz_dir().join("seeds").join(target));
        assert!(!target_seeds.is_empty(), "fuzz target {target} has no seeds");
        for path in target_seeds
            .iter()
            .chain(&files(&fuzz_dir().join("regressions").join(target)))
        {
            let data = std::fs::read(path).unwrap();
            if let Err(panic) = std::panic::catch_unwind(|| entry(&data)) {
                let why = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()));
                panic!("{target} fails on {}: {why:?}", path.display());
            }
            seeds += 1;
        }
    }
    assert!(seeds >= 2 * TARGETS.len(), "only {seeds} inputs replayed");
}

#[test]
fn an_entity_with_every_type_at_its_extremes_reads_back_as_written() {
    let mut draft = EntityDraft::new("", "row ü \u{10FFFF}");
    let extremes = [
        EdmValue::Int32(i32::MIN),
        EdmValue::Int32(i32::MAX),
        EdmValue::Int64(i64::MIN),
        EdmValue::Int64(i64::MAX),
        EdmValue::Double(f64::MAX),
        EdmValue::Double(f64::MIN_POSITIVE),
        EdmValue::Double(5e-324),
        EdmValue::Double(-0.0),
        EdmValue::Double(f64::NAN),
        EdmValue::Double(f64::INFINITY),
        EdmValue::Double(f64::NEG_INFINITY),
        EdmValue::Double(3.0),
        EdmValue::Boolean(false),
        EdmValue::DateTime(EdmDateTime::MIN),
        EdmValue::DateTime(EdmDateTime::MAX),
        EdmValue::Guid(uuid::Uuid::nil()),
        EdmValue::Guid(uuid::Uuid::max()),
        EdmValue::Binary(Vec::new()),
        EdmValue::Binary(vec![0xff; 64 * 1024 - 1]),
        EdmValue::String(String::new()),
        EdmValue::String("\u{0}\u{1f}\"\\\u{7f}\u{2028}\u{fffe}".into()),
    ];
    for (i, v) in extremes.into_iter().enumerate() {
        draft.set(format!("P{i}"), v);
    }
    draft.validate(&"test".into()).unwrap();
    fuzzing::entity_round_trips(&draft.to_entity());
}

#[test]
fn the_entity_generator_draws_valid_entities_of_every_type() {
    let mut rng = fastrand::Rng::with_seed(1);
    let (mut valid, mut types) = (0, std::collections::BTreeSet::new());
    for _ in 0..1000 {
        let bytes: Vec<u8> = (0..rng.usize(..600)).map(|_| rng.u8(..)).collect();
        let draft = fuzzing::entity_from_bytes(&bytes);
        if draft.validate(&"test".into()).is_ok() {
            valid += 1;
            types.extend(draft.properties.iter().map(|p| p.value.edm_type()));
        }
    }
    assert!(
        valid > 500,
        "only {valid} of 1000 drawn entities are valid: the round trip would test little"
    );
    assert_eq!(types.len(), 8, "drew only {types:?}");
}

proptest::proptest! {
    // A failure shrinks for at most a minute: each case is a pure round trip, so a minute is thousands of tries.
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 3000,
        max_shrink_time: 60_000,
        ..Default::default()
    })]
    #[test]
    fn generated_entities_read_back_as_written(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..600)) {
        fuzzing::entity_round_trip(&bytes);
    }
}

/// Writes one seed file.
fn seed(target: &str, name: &str, data: impl AsRef<[u8]>) {
    let dir = fuzz_dir().join("seeds").join(target);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), data).unwrap();
}

/// Sends a request and keeps the raw answer's body as a seed.
async fn capture(client: &Client, target: &str, name: &str, req: Request) -> Bytes {
    let resp = client.send(req).await.unwrap_or_else(|e| panic!("{name}: {e}"));
    seed(target, name, &resp.body);
    resp.body
}

/// An error answer's body, as the service sends it to a signed request for something that is not there.
async fn capture_error(service: Service, name: &str, url: String) {
    let account = common::account();
    let url = url::Url::parse(&url).unwrap();
    let tessera::storage::Credential::SharedKey(key) = &account.credential else {
        unreachable!()
    };
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-ms-version", tessera::storage::API_VERSION.parse().unwrap());
    headers.insert("x-ms-date", httpdate::fmt_http_date(SystemTime::now()).parse().unwrap());
    if service == Service::Table {
        headers.insert("accept", "application/json;odata=minimalmetadata".parse().unwrap());
    }
    let input = tessera::storage::SigningInput {
        method: "GET",
        url: &url,
        headers: &headers,
        content_length: 0,
    };
    let auth = tessera::storage::sign_shared_key(service, &account.name, key, &input).authorization;
    headers.insert("authorization", auth.parse().unwrap());
    let resp = reqwest::Client::new().get(url).headers(headers).send().await.unwrap();
    let status = resp.status();
    assert!(status.as_u16() >= 400, "{name}: {status}");
    let body = resp.bytes().await.unwrap();
    assert!(!body.is_empty(), "{name}: the error ({}) came without a body", status);
    seed("error_body", name, body);
}

fn every_type(pk: &str, rk: &str) -> EntityDraft {
    EntityDraft::new(pk, rk)
        .with("Text", EdmValue::String("tab\t\"quote\" ünï €".into()))
        .with("Int", EdmValue::Int32(i32::MIN))
        .with("Long", EdmValue::Int64(i64::MAX))
        .with("Double", EdmValue::Double(-1.5e300))
        .with("Whole", EdmValue::Double(3.0))
        .with("Flag", EdmValue::Boolean(true))
        .with(
            "When",
            EdmValue::DateTime(EdmDateTime::from_ticks(638_000_000_000_000_123).unwrap()),
        )
        .with(
            "Id",
            EdmValue::Guid("0f8fad5b-d9cb-469f-a165-70867728950e".parse().unwrap()),
        )
        .with("Bytes", EdmValue::Binary(vec![0, 255, 1, 254]))
}

#[tokio::test]
#[ignore = "rewrites fuzz/seeds from a live Azurite; run by name"]
async fn capture_seed_corpora() {
    let client = common::client();
    let account = common::account();
    let (table, container, queue) = (common::unique("seed"), common::unique("seed-"), common::unique("seed-"));

    // Entities of every type, a page, one entity, batches that succeed and fail.
    client.create_table(&table).await.unwrap();
    for i in 0..3 {
        client
            .insert_entity(&table, &every_type("p", &format!("r{i}")))
            .await
            .unwrap();
    }
    client
        .insert_entity(
            &table,
            &EntityDraft::new("p", "plain").with("Only", EdmValue::String(String::new())),
        )
        .await
        .unwrap();
    let page = Request::new(Service::Table, Method::GET, "seed", format!("/{table}()"))
        .header("accept", "application/json;odata=fullmetadata");
    capture(&client, "entity_page", "fullmetadata", page).await;
    let page = Request::new(Service::Table, Method::GET, "seed", format!("/{table}()"))
        .header("accept", "application/json;odata=minimalmetadata");
    capture(&client, "entity_page", "minimalmetadata", page).await;
    let one = Request::new(
        Service::Table,
        Method::GET,
        "seed",
        format!("/{table}(PartitionKey='p',RowKey='r0')"),
    )
    .header("accept", "application/json;odata=fullmetadata");
    capture(&client, "entity", "every_type", one).await;
    let one = Request::new(
        Service::Table,
        Method::GET,
        "seed",
        format!("/{table}(PartitionKey='p',RowKey='plain')"),
    )
    .header("accept", "application/json;odata=minimalmetadata");
    capture(&client, "entity", "plain", one).await;
    let tables = Request::new(Service::Table, Method::GET, "seed", "/Tables").header("accept", "application/json");
    capture(&client, "entity_page", "tables", tables).await;
    let base = account
        .table_endpoint
        .clone()
        .unwrap()
        .as_str()
        .trim_end_matches('/')
        .to_string();
    for (name, ops) in [
        (
            "ok",
            vec![
                BatchOperation::Insert(every_type("b", "1")),
                BatchOperation::Insert(every_type("b", "2")),
            ],
        ),
        (
            "conflict",
            vec![
                BatchOperation::Insert(every_type("b", "3")),
                BatchOperation::Insert(every_type("b", "1")),
            ],
        ),
    ] {
        let boundary = "batch_seed";
        let body = fuzzing::batch_request_body(&base, &table, &ops, boundary);
        let req = Request::new(Service::Table, Method::POST, "seed", "/$batch")
            .header("content-type", format!("multipart/mixed; boundary={boundary}"))
            .body(body);
        capture(&client, "batch_response", name, req).await;
    }

    // Listings and messages.
    client
        .create_container(&container, PublicAccess::None, &[("Owner".into(), "seed".into())])
        .await
        .unwrap();
    for name in ["a.txt", "dir/b.txt", "dir/sub/c.bin", "ünï €.txt"] {
        let meta = [("Kind".to_string(), "seed".to_string())];
        let body = Bytes::from_static(b"seed");
        client
            .put_blob(
                &container,
                name,
                body,
                &BlobHttpHeaders::default(),
                &meta,
                &Conditions::none(),
            )
            .await
            .unwrap();
    }
    let list = |query: &[(&str, &str)]| {
        let mut req = Request::new(Service::Blob, Method::GET, "seed", format!("/{container}"))
            .query("restype", "container")
            .query("comp", "list");
        for (k, v) in query {
            req = req.query(*k, *v);
        }
        req
    };
    capture(&client, "xml_listing", "blobs_flat", list(&[("include", "metadata")])).await;
    capture(&client, "xml_listing", "blobs_folders", list(&[("delimiter", "/")])).await;
    capture(&client, "xml_listing", "blobs_paged", list(&[("maxresults", "2")])).await;
    let containers = Request::new(Service::Blob, Method::GET, "seed", "/")
        .query("comp", "list")
        .query("include", "metadata");
    capture(&client, "xml_listing", "containers", containers).await;
    client
        .create_queue(&queue, &[("Owner".into(), "seed".into())])
        .await
        .unwrap();
    let queues = Request::new(Service::Queue, Method::GET, "seed", "/")
        .query("comp", "list")
        .query("include", "metadata");
    capture(&client, "xml_listing", "queues", queues).await;
    let put = Request::new(Service::Queue, Method::POST, "seed", format!("/{queue}/messages"))
        .header("content-type", "application/xml")
        .body("<QueueMessage><MessageText>aGVsbG8=</MessageText></QueueMessage>");
    capture(&client, "xml_listing", "put_message", put).await;
    client
        .put_message(&queue, "plain <text> & more", None, MessageTtl::Default)
        .await
        .unwrap();
    let peek = Request::new(Service::Queue, Method::GET, "seed", format!("/{queue}/messages"))
        .query("peekonly", "true")
        .query("numofmessages", "32");
    capture(&client, "xml_listing", "peek", peek).await;
    let get = Request::new(Service::Queue, Method::GET, "seed", format!("/{queue}/messages"))
        .query("numofmessages", "32")
        .query("visibilitytimeout", "1");
    capture(&client, "xml_listing", "get", get).await;

    // Error bodies as each service writes them.
    let base = |u: &Option<url::Url>| format!("{}/", u.as_ref().unwrap().as_str().trim_end_matches('/'));
    let (blob, queue_url, table_url) = (
        base(&account.blob_endpoint),
        base(&account.queue_endpoint),
        base(&account.table_endpoint),
    );
    capture_error(
        Service::Blob,
        "container_not_found",
        format!("{blob}nothere?restype=container&comp=list"),
    )
    .await;
    capture_error(
        Service::Queue,
        "queue_not_found",
        format!("{queue_url}nothere/messages"),
    )
    .await;
    capture_error(
        Service::Table,
        "entity_not_found",
        format!("{table_url}{table}(PartitionKey='no',RowKey='no')"),
    )
    .await;
    // A lease error as the service words it, message with its RequestId and Time lines.
    seed(
        "error_body",
        "blob_lease",
        "\u{feff}<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>LeaseIdMissing</Code><Message>There is currently a lease on the blob and no lease ID was specified in the request.\nRequestId:9d2b\nTime:2026-11-22T10:00:00.0000000Z</Message></Error>",
    );

    // Entities drawn from bytes (the generator favours each type's edges).
    let mut rng = fastrand::Rng::with_seed(7);
    for n in 0..4 {
        let bytes: Vec<u8> = (0..300).map(|_| rng.u8(..)).collect();
        seed("entity_round_trip", &format!("drawn{n}"), bytes);
    }

    // User text: connection strings, SAS tokens and URLs, filters, import files.
    let key = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    for (name, text) in [
        ("dev", "UseDevelopmentStorage=true".to_string()),
        ("dev_proxy", "UseDevelopmentStorage=true;DevelopmentStorageProxyUri=http://127.0.0.1:9999".to_string()),
        ("key", format!("DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={key};EndpointSuffix=core.windows.net")),
        ("emulator", format!("DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={key};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;QueueEndpoint=http://127.0.0.1:10001/devstoreaccount1;TableEndpoint=http://127.0.0.1:10002/devstoreaccount1;")),
        ("portal_sas", "BlobEndpoint=https://acct.blob.core.windows.net/;QueueEndpoint=https://acct.queue.core.windows.net/;FileEndpoint=https://acct.file.core.windows.net/;TableEndpoint=https://acct.table.core.windows.net/;SharedAccessSignature=sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2026-12-01T00:00:00Z&st=2026-11-01T00:00:00Z&spr=https&sig=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG%3D".to_string()),
        ("secondary", format!("DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={key};BlobSecondaryEndpoint=https://acct-secondary.blob.core.windows.net/")),
    ] {
        seed("connection_string", name, text);
    }
    let expiry = SystemTime::now() + Duration::from_secs(3600);
    let url = client
        .blob_sas_url(&container, Some("a.txt"), SasPermissions::read_only(), None, expiry)
        .unwrap();
    seed("sas", "blob_url", &url);
    seed("sas", "token", url.split_once('?').unwrap().1);
    let url = client
        .blob_sas_url(&container, None, SasPermissions::read_only(), None, expiry)
        .unwrap();
    seed("sas", "container_url", &url);
    seed(
        "sas",
        "queue_url",
        "https://acct.queue.core.windows.net/orders?sv=2022-11-02&se=2026-12-01&sp=rap&sig=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG%3D",
    );
    seed(
        "sas",
        "table_url",
        "http://127.0.0.1:10002/devstoreaccount1/people?sv=2019-02-02&tn=people&sp=raud&se=2026-12-01T00%3A00%3A00Z&sig=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG%3D",
    );
    for (name, text) in [
        ("keys", "PartitionKey eq 'p' and RowKey ge 'r1'"),
        (
            "types",
            "Int lt 5 and Long ge 9223372036854775807L or Double ne -1.5e300 and Flag eq true",
        ),
        (
            "dates",
            "When ge datetime'2026-11-22T10:00:00.1234567Z' and Id eq guid'0f8fad5b-d9cb-469f-a165-70867728950e'",
        ),
        ("binary", "Bytes eq X'00ff' or Bytes eq binary'0102'"),
        ("not", "not (PartitionKey eq 'a''b') and (Text gt '' or Text le 'zz')"),
    ] {
        seed("odata_filter", name, text);
    }
    let dir = tempfile::tempdir().unwrap();
    let entities: Vec<_> = (0..2).map(|i| every_type("p", &format!("r{i}")).to_entity()).collect();
    let refs: Vec<_> = entities.iter().map(|e| &**e).collect();
    for format in [
        tessera::app::table::features::io::ExportFormat::CsvTyped,
        tessera::app::table::features::io::ExportFormat::CsvPlain,
        tessera::app::table::features::io::ExportFormat::Json,
    ] {
        let path = dir.path().join(format!("{format:?}.{}", format.extension()));
        let progress = tessera::storage::TransferProgress::new();
        tessera::app::table::features::io::export(&path, format, &refs, &progress, &Default::default()).unwrap();
        seed("import", &format!("{format:?}"), std::fs::read(&path).unwrap());
    }
}
