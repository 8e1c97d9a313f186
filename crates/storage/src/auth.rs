//! Signing: the SharedKey string-to-sign for Blob/Queue and for Table, and its HMAC. Knows nothing of operations.

use base64::Engine;
use hmac::{Hmac, KeyInit, Mac};
use reqwest::header::HeaderMap;
use sha2::Sha256;
use url::Url;

use crate::Service;
use crate::account::AccountKey;

/// What a signature covers: the request as it will go on the wire.
pub struct SigningInput<'a> {
    pub method: &'a str,
    pub url: &'a Url,
    pub headers: &'a HeaderMap,
    pub content_length: u64,
}

/// The Authorization header value and the string it signed (shown in the inspector when the service says 403).
pub struct Signature {
    pub authorization: String,
    pub string_to_sign: String,
}

pub fn sign_shared_key(service: Service, account: &str, key: &AccountKey, input: &SigningInput) -> Signature {
    let string_to_sign = match service {
        Service::Table => table_string_to_sign(account, input),
        Service::Blob | Service::Queue => blob_queue_string_to_sign(account, input),
    };
    let signature = hmac_sha256_base64(key.bytes(), &string_to_sign);
    Signature {
        authorization: format!("SharedKey {account}:{signature}"),
        string_to_sign,
    }
}

pub fn hmac_sha256_base64(key: &[u8], text: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(text.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// Blob and Queue: verb, the eleven standard headers, canonicalized `x-ms-` headers, canonicalized resource.
pub fn blob_queue_string_to_sign(account: &str, input: &SigningInput) -> String {
    let h = |name| header(input.headers, name);
    // Since version 2015-02-21 a zero Content-Length is signed as the empty string.
    let length = if input.content_length == 0 {
        String::new()
    } else {
        input.content_length.to_string()
    };
    // The Date line stays empty because every request carries x-ms-date, which is signed with the x-ms- headers.
    let mut s = format!(
        "{}\n{}\n{}\n{}\n{}\n{}\n\n{}\n{}\n{}\n{}\n{}\n",
        input.method,
        h("content-encoding"),
        h("content-language"),
        length,
        h("content-md5"),
        h("content-type"),
        h("if-modified-since"),
        h("if-match"),
        h("if-none-match"),
        h("if-unmodified-since"),
        h("range"),
    );
    let mut ms_headers: Vec<(String, String)> = input
        .headers
        .iter()
        .filter(|(name, _)| name.as_str().starts_with("x-ms-"))
        .map(|(name, value)| {
            (
                name.as_str().to_string(),
                value.to_str().unwrap_or("").trim().to_string(),
            )
        })
        .collect();
    ms_headers.sort_by(|a, b| service_header_order(&a.0, &b.0));
    for (name, value) in ms_headers {
        s.push_str(&name);
        s.push(':');
        s.push_str(&value);
        s.push('\n');
    }
    s.push_str(&canonicalized_resource(account, input.url));
    s
}

/// The order in which the service sorts canonicalized `x-ms-*` header names: a culture-aware comparison (the
/// service runs on .NET), not byte order. Three levels, as a collation does:
/// 1. letters, digits and punctuation by weight, with `-` and `'` ignored: `_` sorts before digits, digits
///    before letters (bytes put digits first, so `file1` / `file_name` signed in byte order fail with 403);
/// 2. case, which never decides here because names are lower-cased before they are sorted;
/// 3. where the ignored `-` and `'` stand: at the first position where only one name has one, that name
///    sorts after the other.
///
/// Header names are HTTP tokens, so only ASCII letters, digits and ``!#$%&'*+-.^_`|~`` need a weight.
pub fn service_header_order(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let primary = |s: &str| -> Vec<u16> { s.bytes().map(primary_weight).filter(|&w| w != 0).collect() };
    let by_weight = primary(a).cmp(&primary(b));
    if by_weight != Ordering::Equal {
        return by_weight;
    }
    // Both spell the same letters and digits; they differ only in where `-` and `'` stand.
    let (a, b) = (a.as_bytes(), b.as_bytes());
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i).copied(), b.get(i).copied());
        let (sx, sy) = (x.map(special_weight), y.map(special_weight));
        match (sx, sy) {
            // The name that ended first sorts first.
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(0), Some(0)) => {}
            (Some(0), Some(_)) => return Ordering::Less,
            (Some(_), Some(0)) => return Ordering::Greater,
            (Some(p), Some(q)) if p != q => return p.cmp(&q),
            _ => {}
        }
    }
    Ordering::Equal
}

/// The first-level weight of a header-name byte; 0 means ignored at that level.
fn primary_weight(byte: u8) -> u16 {
    const PUNCTUATION: &[u8] = b"!#$%&*.^_`|~+";
    match byte {
        b'-' | b'\'' => 0,
        b'0'..=b'9' => 100 + u16::from(byte - b'0'),
        b'a'..=b'z' => 200 + u16::from(byte - b'a'),
        b'A'..=b'Z' => 200 + u16::from(byte - b'A'),
        _ => PUNCTUATION.iter().position(|&p| p == byte).map_or(0, |i| 1 + i as u16),
    }
}

/// The third-level weight: only the characters the first level ignores carry one.
fn special_weight(byte: u8) -> u8 {
    match byte {
        b'\'' => 1,
        b'-' => 2,
        _ => 0,
    }
}

/// `/account/path` then every query parameter, lower-cased, sorted, decoded, values comma-joined.
fn canonicalized_resource(account: &str, url: &Url) -> String {
    let mut s = format!("/{account}{}", url.path());
    let mut params: Vec<(String, Vec<String>)> = Vec::new();
    for (name, value) in url.query_pairs() {
        let name = name.to_lowercase();
        match params.iter_mut().find(|(n, _)| *n == name) {
            Some((_, values)) => values.push(value.into_owned()),
            None => params.push((name, vec![value.into_owned()])),
        }
    }
    params.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, mut values) in params {
        values.sort();
        s.push('\n');
        s.push_str(&name);
        s.push(':');
        s.push_str(&values.join(","));
    }
    s
}

/// Table's shorter form: verb, Content-MD5, Content-Type, Date, and the resource with only `comp`.
pub fn table_string_to_sign(account: &str, input: &SigningInput) -> String {
    let h = |name| header(input.headers, name);
    let mut resource = format!("/{account}{}", input.url.path());
    if let Some((_, comp)) = input.url.query_pairs().find(|(k, _)| k == "comp") {
        resource.push_str("?comp=");
        resource.push_str(&comp);
    }
    let date = match h("x-ms-date") {
        "" => h("date"),
        d => d,
    };
    format!(
        "{}\n{}\n{}\n{}\n{}",
        input.method,
        h("content-md5"),
        h("content-type"),
        date,
        resource
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn input<'a>(method: &'a str, url: &'a Url, headers: &'a HeaderMap, content_length: u64) -> SigningInput<'a> {
        SigningInput {
            method,
            url,
            headers,
            content_length,
        }
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        h
    }

    #[test]
    fn blob_string_to_sign_matches_the_documented_layout() {
        let url = Url::parse("http://127.0.0.1:10000/devstoreaccount1/photos/cat%20one.jpg?comp=metadata&timeout=30")
            .unwrap();
        let h = headers(&[
            ("x-ms-version", "2024-11-04"),
            ("x-ms-date", "Sun, 22 Nov 2026 08:00:00 GMT"),
            ("x-ms-meta-Owner", "  me "),
            ("content-type", "text/plain"),
            ("if-match", "\"0x8D\""),
        ]);
        let input = input("PUT", &url, &h, 5);
        let expected = "PUT\n\n\n5\n\ntext/plain\n\n\n\"0x8D\"\n\n\n\n\
            x-ms-date:Sun, 22 Nov 2026 08:00:00 GMT\nx-ms-meta-owner:me\nx-ms-version:2024-11-04\n\
            /devstoreaccount1/devstoreaccount1/photos/cat%20one.jpg\ncomp:metadata\ntimeout:30";
        assert_eq!(blob_queue_string_to_sign("devstoreaccount1", &input), expected);
    }

    #[test]
    fn zero_length_and_repeated_parameters() {
        let url = Url::parse("https://acct.queue.core.windows.net/?comp=list&include=metadata&Include=b").unwrap();
        let h = headers(&[("x-ms-date", "d"), ("x-ms-version", "v")]);
        let input = input("GET", &url, &h, 0);
        let s = blob_queue_string_to_sign("acct", &input);
        assert!(s.starts_with("GET\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:d\n"), "{s:?}");
        assert!(s.ends_with("/acct/\ncomp:list\ninclude:b,metadata"), "{s:?}");
    }

    #[test]
    fn table_string_to_sign_keeps_only_comp() {
        let url = Url::parse("http://127.0.0.1:10002/devstoreaccount1/orders()?$filter=a&comp=acl").unwrap();
        let h = headers(&[
            ("x-ms-date", "Sun, 22 Nov 2026 08:00:00 GMT"),
            ("content-type", "application/json"),
        ]);
        let input = input("GET", &url, &h, 0);
        assert_eq!(
            table_string_to_sign("devstoreaccount1", &input),
            "GET\n\napplication/json\nSun, 22 Nov 2026 08:00:00 GMT\n/devstoreaccount1/devstoreaccount1/orders()?comp=acl"
        );
    }

    #[test]
    fn ms_headers_sort_the_way_the_service_does() {
        // The service's (culture-aware) order: `_` before digits before letters, `-` ignored but for ties.
        let expected = [
            "x-ms-blob-content-type",
            "x-ms-blob-type",
            "x-ms-client-request-id",
            "x-ms-date",
            "x-ms-lease-id",
            "x-ms-meta-__",
            "x-ms-meta-_1",
            "x-ms-meta-_x",
            "x-ms-meta-1a",
            "x-ms-meta-a",
            "x-ms-meta-a_1",
            "x-ms-meta-a_b",
            "x-ms-meta-a1",
            "x-ms-meta-ab",
            "x-ms-meta-file_name",
            "x-ms-meta-file1",
            "x-ms-meta-file2",
            "x-ms-meta-filea",
            "x-ms-meta-z_9",
            "x-ms-meta-z9",
            "x-ms-version",
        ];
        let mut shuffled = expected.to_vec();
        shuffled.reverse();
        shuffled.swap(3, 11);
        shuffled.sort_by(|a, b| service_header_order(a, b));
        assert_eq!(shuffled, expected);
        // Where only the ignored characters differ, their positions decide.
        assert_eq!(service_header_order("ab", "a-b"), std::cmp::Ordering::Less);
        assert_eq!(service_header_order("a-b", "ab-"), std::cmp::Ordering::Greater);
        assert_eq!(service_header_order("a'b", "a-b"), std::cmp::Ordering::Less);
        assert_eq!(service_header_order("x-ms-a", "x-ms-a"), std::cmp::Ordering::Equal);
    }

    #[test]
    fn metadata_names_with_underscores_and_digits_are_signed_in_service_order() {
        let url = Url::parse("http://127.0.0.1:10000/devstoreaccount1/c/b?comp=metadata").unwrap();
        let h = headers(&[
            ("x-ms-meta-file1", "a"),
            ("x-ms-meta-file_name", "b"),
            ("x-ms-date", "d"),
            ("x-ms-version", "v"),
        ]);
        let input = input("PUT", &url, &h, 0);
        let s = blob_queue_string_to_sign("devstoreaccount1", &input);
        assert!(
            s.contains("x-ms-date:d\nx-ms-meta-file_name:b\nx-ms-meta-file1:a\nx-ms-version:v\n"),
            "{s:?}"
        );
    }

    #[test]
    fn hmac_matches_a_known_vector() {
        // RFC 4231 test case 2.
        let sig = hmac_sha256_base64(b"Jefe", "what do ya want for nothing?");
        assert_eq!(sig, "W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=");
    }
}
