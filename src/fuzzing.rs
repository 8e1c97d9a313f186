//! The fuzz targets' entry points (fuzz/ calls them; tests/fuzz_corpus.rs replays their corpora on stable):
//! every parser that reads text from a user or a server, each fed raw bytes, each checking what must hold
//! whatever the input: no panic, secrets never in the Debug output, and where a value is read back, reading
//! what was written gives the same value. Not part of the app's interface.

use crate::storage::Service;
use crate::storage::answers;
use crate::storage::table::{BatchOperation, Entity, EntityDraft, parse_entity, parse_entity_page, parse_filter};
use crate::storage::{Account, SasToken};

/// Connection strings, as pasted into the account dialog. A key that was read never shows in Debug output.
pub fn connection_string(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = Account::parse_connection_string(text);
    if let Ok(p) = &parsed {
        let shown = format!("{:?}", p.account);
        for part in text.split(';') {
            if let Some((name, value)) = part.split_once('=')
                && name.trim().eq_ignore_ascii_case("AccountKey")
                && value.trim().len() >= 16
                // Where the key's characters also stand elsewhere in the input (an endpoint, say), they may
                // rightly show there: the check only holds for a key found once.
                && text.matches(value.trim()).count() == 1
            {
                assert!(!shown.contains(value.trim()), "the account key shows in {shown}");
            }
        }
        let _ = p.account.identity();
    }
    let _ = crate::app::accounts::editor::ignored_settings(text);
}

/// SAS tokens and SAS URLs. The signature never shows in Debug output or in redacted text.
pub fn sas(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(token) = SasToken::new(text) {
        let _ = token.expiry();
        let _ = token.expired(std::time::SystemTime::now());
        check_sig_hidden(text, token.query(), &format!("{token:?}"));
        check_sig_hidden(text, token.query(), &crate::storage::redact_text(token.query()));
    }
    for service in [None, Some(Service::Blob), Some(Service::Queue), Some(Service::Table)] {
        if let Ok(account) = Account::from_sas_url(text, service)
            && let crate::storage::Credential::Sas(token) = &account.credential
        {
            // The account's name and endpoints come from the URL's public parts; the secret is in the credential.
            check_sig_hidden(text, token.query(), &format!("{:?}", account.credential));
        }
    }
    let _ = crate::storage::redact_text(text);
}

/// A signature long enough to be a secret (a real one is 44 characters) must not appear in `shown`, except as
/// often as the same characters stand in the input outside `sig` parameters (in a host name, another parameter):
/// those are no secret. Only a signature a service could have made is checked: base64, perhaps percent-encoded.
/// (Other characters let the check fool itself: a `sig` of NULs and a `)` matched another parameter's NULs
/// followed by the `)` that closes `SasToken(…)` in Debug output.)
fn check_sig_hidden(input: &str, query: &str, shown: &str) {
    let base64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | '%');
    for part in query.split('&') {
        if let Some(sig) = part.strip_prefix("sig=")
            && sig.len() >= 16
            && sig.chars().all(base64)
        {
            // (Without regard to case: a host name shows in lower case whatever the input's case.)
            let as_sig = query.split('&').filter(|p| *p == part).count();
            let sig_lower = sig.to_lowercase();
            let in_input = input.to_lowercase().matches(&sig_lower).count();
            let in_query = query.to_lowercase().matches(&sig_lower).count();
            let elsewhere = in_input.max(in_query).saturating_sub(as_sig);
            assert!(
                shown.matches(sig).count() <= elsewhere,
                "the signature shows in {shown}"
            );
        }
    }
}

/// The OData filter checker. A filter it accepts, written back out, reads as the same filter.
pub fn odata_filter(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(expr) = parse_filter(text) {
        let _ = crate::storage::table::scan_kind(Some(&expr));
        let written = expr.to_string();
        match parse_filter(&written) {
            Ok(again) => assert!(
                again == expr,
                "{text:?} was written as {written:?}, which reads as {again:?}"
            ),
            Err(e) => panic!("{text:?} was written as {written:?}, which does not parse: {e}"),
        }
    }
}

/// A page of entities as the service returns it. Every entity read survives the app's own write and export.
pub fn entity_page(data: &[u8]) {
    if let Ok(entities) = parse_entity_page(data) {
        entities.iter().for_each(entity_round_trips);
    }
}

/// One entity as the service returns it.
pub fn entity(data: &[u8]) {
    if let Ok(e) = parse_entity(data) {
        entity_round_trips(&e);
    }
}

/// What the app writes for an entity (its request body, its JSON export) reads back as the same entity.
pub fn entity_round_trips(e: &Entity) {
    let draft = without_service_fields(e.to_draft());
    let written = parse_entity(&draft.to_json_body()).unwrap_or_else(|why| {
        panic!(
            "the body written for {draft:?} does not read back: {why}\n{}",
            String::from_utf8_lossy(&draft.to_json_body())
        )
    });
    assert_eq!(
        without_service_fields(written.to_draft()),
        draft,
        "the written body reads back differently"
    );
    let export = serde_json::to_vec(&vec![e.to_json()]).expect("an entity's JSON serialises");
    let (imported, failures) = crate::app::table::features::io::parse_import("export", &export, true)
        .unwrap_or_else(|why| panic!("the export of {draft:?} does not import: {why}"));
    assert!(failures.is_empty());
    assert_eq!(imported.len(), 1);
    assert_eq!(imported[0].1, draft, "the export imports differently");
}

fn without_service_fields(mut d: EntityDraft) -> EntityDraft {
    d.etag = None;
    d.timestamp = None;
    d
}

/// A batch's multipart answer, read against five operations.
pub fn batch_response(data: &[u8]) {
    let ops: Vec<BatchOperation> = (0..5)
        .map(|i| BatchOperation::Insert(EntityDraft::new("p", format!("r{i}"))))
        .collect();
    match answers::read_batch_response(&"Batch".into(), &ops, data, Some("request-id")) {
        Ok(outcome) => assert_eq!(outcome.statuses.len(), outcome.etags.len()),
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// The XML answers: the container, blob and queue listings, peeked, dequeued and put messages.
pub fn xml_listing(data: &[u8]) {
    let _ = crate::storage::blob::parse_blob_listing(data);
    let Ok(root) = answers::parse_xml(data) else { return };
    let _ = answers::container_page(&root);
    let _ = answers::queue_page(&root);
    let _ = answers::peeked_messages(&root);
    for m in answers::dequeued_messages(&root) {
        let _ = crate::app::queue::text::decode(&m.text);
    }
    let _ = answers::put_receipt(&"Put".into(), &root);
}

/// Error bodies (JSON for tables, XML for blobs and queues), and the message built from them.
pub fn error_body(data: &[u8]) {
    let (code, message) = answers::parse_error_body(data);
    if let (Some(code), Some(message)) = (code, message) {
        let mut e = crate::storage::StorageError::new(crate::storage::ErrorKind::Service, "Fuzz", message);
        e.code = Some(code);
        e.status = Some(409);
        let _ = e.to_string();
    }
}

/// The import file readers: CSV (typed or plain) and JSON, and the Import window's: every row built as the
/// defaults and a counter with new keys would build it (inference over every column included).
pub fn import(data: &[u8]) {
    for json in [false, true] {
        if let Ok((drafts, _)) = crate::app::table::features::io::parse_import("Import", data, json) {
            for (_, d) in drafts {
                let _ = d.validate(&"Import".into());
            }
        }
        if let Ok(source) = crate::app::table::features::import_plan::ImportSource::parse(data, json) {
            let mut choices = source.default_choices();
            for round in 0..2 {
                for (i, row) in source.rows.iter().take(64).enumerate() {
                    let _ = source.entity(&choices, row, i, &|_| "guid".into());
                }
                if round == 0 {
                    choices.partition = crate::app::table::features::import_plan::PartitionFrom::Fixed("p".into());
                    choices.row_key = crate::app::table::features::import_plan::RowKeyFrom::Counter(u64::MAX - 1);
                }
            }
        }
    }
}

/// The body of a batch request the app would send, for capturing the service's answers to seed the corpora.
pub fn batch_request_body(base: &str, table: &str, operations: &[BatchOperation], boundary: &str) -> Vec<u8> {
    answers::batch_body(base, table, operations, boundary)
}

/// Entities drawn from bytes, every Edm type and its extremes: what the app writes reads back the same.
pub fn entity_round_trip(data: &[u8]) {
    let draft = entity_from_bytes(data);
    if draft.validate(&"Fuzz".into()).is_ok() {
        entity_round_trips(&draft.to_entity());
    }
}

/// Draws an entity from bytes: keys and strings of any characters, and values that favour each type's edges.
pub fn entity_from_bytes(data: &[u8]) -> EntityDraft {
    let mut draw = Draw(data);
    let (pk, rk) = (draw.key(), draw.key());
    let mut draft = EntityDraft::new(pk, rk);
    for i in 0..draw.byte() % 12 {
        draft.set(format!("P{i}"), draw.value());
    }
    draft
}

/// Bytes read as choices; when they run out every choice is zero.
struct Draw<'a>(&'a [u8]);

impl Draw<'_> {
    fn byte(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
        self.0 = rest;
        first
    }

    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        std::array::from_fn(|_| self.byte())
    }

    fn text(&mut self, max: u8) -> String {
        let len = u16::from(self.byte()) % (u16::from(max) + 1);
        (0..len)
            .filter_map(|_| {
                let [a, b, c] = self.bytes();
                // Mostly ASCII, sometimes anywhere in Unicode (surrogates are skipped: no Rust string holds one).
                match a % 4 {
                    0..=2 => Some(char::from(b % 128)),
                    _ => char::from_u32(u32::from_le_bytes([b, c, a % 17, 0])),
                }
            })
            .collect()
    }

    /// A key: any characters but the few keys may not hold (a draft holding one is refused before sending).
    fn key(&mut self) -> String {
        let text = self.text(12);
        text.chars()
            .filter(|c| crate::storage::table::validate_key("key", &c.to_string()).is_ok())
            .collect()
    }

    fn value(&mut self) -> crate::storage::table::EdmValue {
        use crate::storage::table::{EdmDateTime, EdmValue};
        let kind = self.byte();
        let edge = self.byte().is_multiple_of(4);
        match kind % 8 {
            0 => EdmValue::String(self.text(255)),
            1 if edge => EdmValue::Int32([i32::MIN, i32::MAX, 0, -1][usize::from(self.byte() % 4)]),
            1 => EdmValue::Int32(i32::from_le_bytes(self.bytes())),
            2 if edge => EdmValue::Int64([i64::MIN, i64::MAX, 0, -1][usize::from(self.byte() % 4)]),
            2 => EdmValue::Int64(i64::from_le_bytes(self.bytes())),
            3 if edge => {
                let edges = [
                    f64::MIN,
                    f64::MAX,
                    f64::MIN_POSITIVE,
                    5e-324,
                    -0.0,
                    0.0,
                    f64::NAN,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    1.0,
                    0.1,
                    9007199254740993.0,
                ];
                EdmValue::Double(edges[usize::from(self.byte()) % edges.len()])
            }
            3 => EdmValue::Double(f64::from_le_bytes(self.bytes())),
            4 => EdmValue::Boolean(self.byte() % 2 == 1),
            5 => {
                let (min, max) = (EdmDateTime::MIN.ticks(), EdmDateTime::MAX.ticks());
                let ticks = if edge {
                    [min, max, min + 1, max - 1][usize::from(self.byte() % 4)]
                } else {
                    min + (i64::from_le_bytes(self.bytes()) & i64::MAX) % (max - min + 1)
                };
                EdmValue::DateTime(EdmDateTime::from_ticks(ticks).expect("ticks in range"))
            }
            6 if edge => EdmValue::Guid([uuid::Uuid::nil(), uuid::Uuid::max()][usize::from(self.byte() % 2)]),
            6 => EdmValue::Guid(uuid::Uuid::from_bytes(self.bytes())),
            _ => {
                let len = usize::from(self.byte()) * usize::from(self.byte() % 4);
                EdmValue::Binary((0..len).map(|_| self.byte()).collect())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check_sig_hidden;

    const QUERY: &str = "sv=2022-11-02&sp=r&sig=Q2FuIHlvdSBzZWUgbWU%2Fbm8gc2VjcmV0cyBoZXJl%3D";

    #[test]
    #[should_panic(expected = "the signature shows")]
    fn a_signature_in_the_output_is_caught() {
        check_sig_hidden(QUERY, QUERY, &format!("SasToken({QUERY})"));
    }

    #[test]
    fn a_redacted_signature_passes() {
        check_sig_hidden(QUERY, QUERY, "SasToken(sv=2022-11-02&sp=r&sig=<redacted>)");
    }
}
