//! The inspector's requests taken elsewhere: a HAR file (what browsers' and proxies' tools open) and a shell script
//! that replays them with curl and says, request by request, whether the service answered as it did then. No
//! secret goes along: the URLs and headers are redacted at their source, the Authorization header is left out,
//! and the script authenticates with an account SAS it reads from `AZURE_STORAGE_SAS` at run time.

use serde_json::{Value, json};

use crate::storage::RequestEvent;

/// Query parameters of a SAS: taken out of a URL before the script's own SAS goes on.
const SAS_PARAMS: [&str; 19] = [
    "sv", "ss", "srt", "sp", "se", "st", "spr", "sip", "sig", "sr", "si", "skoid", "sktid", "skt", "ske", "sks", "skv",
    "ses", "sdd",
];

/// Headers a replay must not send as they were: its own signature, length and date are not those of then.
const NOT_REPLAYED: [&str; 4] = ["authorization", "content-length", "x-ms-date", "date"];

/// A body as HAR holds it: text when it is UTF-8, else Base64 (HAR's `encoding`), and whether it was cut short.
fn har_text(body: &bytes::Bytes, size: Option<u64>) -> Value {
    let cut = size.is_some_and(|s| s > body.len() as u64);
    let mut v = match std::str::from_utf8(body) {
        Ok(text) => json!({"text": text}),
        Err(_) => {
            use base64::Engine;
            json!({"text": base64::engine::general_purpose::STANDARD.encode(body), "encoding": "base64"})
        }
    };
    if cut {
        v["comment"] = json!(format!(
            "the first {} bytes of {}", // i18n-ignore: the HAR file's own words
            body.len(),
            size.unwrap_or_default()
        ));
    }
    v
}

/// The requests (oldest first) as a HAR 1.2 log, with the bodies the inspector kept (the first 16 KiB of each,
/// for its newest 1,000 requests; a user delegation key's value redacted).
pub fn har(events: &[&RequestEvent]) -> String {
    let headers = |list: &[(String, String)]| -> Vec<Value> {
        list.iter()
            .map(|(n, v)| {
                let value = if n == "authorization" { "<redacted>" } else { v.as_str() };
                json!({"name": n, "value": value})
            })
            .collect()
    };
    let entries: Vec<Value> = events
        .iter()
        .map(|e| {
            let millis = e.duration.as_secs_f64() * 1000.0;
            let query: Vec<Value> = url::Url::parse(&e.url)
                .map(|u| u.query_pairs().map(|(k, v)| json!({"name": k, "value": v})).collect())
                .unwrap_or_default();
            let length = |v: Option<&str>| v.and_then(|l| l.parse::<u64>().ok());
            let sent = length(e.request_header("content-length"));
            let got = length(e.response_header("content-length"));
            let mime = e.response_header("content-type").unwrap_or("");
            let mut content = json!({"size": got.map_or(-1, |s| s as i64), "mimeType": mime});
            if let Some(Value::Object(fields)) = e.response_body.as_ref().map(|b| har_text(b, got)) {
                content.as_object_mut().expect("an object").extend(fields);
            }
            let mut request = json!({
                "method": e.method,
                "url": e.url,
                "httpVersion": "HTTP/1.1",
                "headers": headers(&e.request_headers),
                "queryString": query,
                "cookies": [],
                "headersSize": -1,
                "bodySize": sent.map_or(-1, |s| s as i64),
                "comment": e.operation.to_string(),
            });
            if let Some(body) = &e.request_body {
                let mut post = har_text(body, sent);
                post["mimeType"] = json!(e.request_header("content-type").unwrap_or("application/octet-stream"));
                request["postData"] = post;
            }
            json!({
                "startedDateTime": crate::storage::format_time(e.started, crate::storage::ISO_TICKS),
                "time": millis,
                "request": request,
                "response": {
                    "status": e.status.unwrap_or(0),
                    "statusText": e.error_code.clone().or_else(|| e.note.as_ref().map(|n| n.to_string())).unwrap_or_default(),
                    "httpVersion": "HTTP/1.1",
                    "headers": headers(&e.response_headers),
                    "cookies": [],
                    "content": content,
                    "redirectURL": "",
                    "headersSize": -1,
                    "bodySize": got.map_or(-1, |s| s as i64),
                },
                "cache": {},
                "timings": {"send": 0, "wait": millis, "receive": 0},
            })
        })
        .collect();
    let log = json!({
        "log": {
            "version": "1.2",
            "creator": {"name": "Tessera", "version": env!("CARGO_PKG_VERSION")},
            "comment": "Bodies: the first 16 KiB of each, for the inspector's newest 1,000 requests (none for a \
                        download, which streams); secrets are redacted.",
            "entries": entries,
        }
    });
    serde_json::to_string_pretty(&log).expect("JSON of strings and numbers")
}

/// A POSIX shell script that replays the requests (oldest first) with curl, each with the account SAS from
/// `AZURE_STORAGE_SAS`, and compares each status with the one recorded. It exits non-zero when any differ.
pub fn curl_script(events: &[&RequestEvent]) -> String {
    let mut sh = String::from(
        "#!/bin/sh\n# Requests recorded by Tessera's HTTP inspector, replayed with curl. Each is sent with an account \
         SAS\n# (the account's menu in Tessera: Account SAS..., Copy SAS token) and its status compared with the one\n\
         # recorded. A write goes with the body the inspector kept when it kept it whole (16 KiB at most);\n\
         # otherwise with an empty body, as its comment says.\n\
         set -u\n: \"${AZURE_STORAGE_SAS:?set AZURE_STORAGE_SAS to an account SAS token (without the leading ?)}\"\n\
         differ=0\nbody=$(mktemp)\ntrap 'rm -f \"$body\"' EXIT\n\
         replay() {\n  expected=$1; what=$2; shift 2\n  got=$(curl -sS -o /dev/null -w '%{http_code}' \"$@\")\n  \
         if [ \"$got\" = \"$expected\" ]; then echo \"same: $got $what\"; else echo \"DIFFERENT: $got, was $expected: $what\"; \
         differ=$((differ + 1)); fi\n}\n",
    );
    for e in events {
        let expected = e.status.map_or("000".to_string(), |s| s.to_string());
        sh.push_str(&format!("\n# {} ({})\n", e.operation, e.resource));
        if e.service.storage().is_none() {
            // A token or Resource Manager request: an account SAS does not stand in for what it carried.
            sh.push_str("# not replayed: a sign-in or Resource Manager request\n");
            continue;
        }
        // What the output names: the method and the resource, never the URL (it carries the SAS).
        let what = format!("{} /{}", e.method, e.resource.trim_start_matches('/')).replace('\'', "'\\''");
        let mut line = format!(
            "replay {expected} '{what}' -X {} \"{}\"", // i18n-ignore: a shell script
            e.method,
            shell_quote_double(&url_without_sas(&e.url))
        );
        for (name, value) in &e.request_headers {
            if NOT_REPLAYED.contains(&name.as_str()) {
                continue;
            }
            line.push_str(&format!(" \\\n  -H '{name}: {}'", value.replace('\'', "'\\''")));
        }
        if matches!(e.method.as_str(), "PUT" | "POST" | "MERGE" | "PATCH") {
            match whole_body(e) {
                // Written to a file first: a pipe into `replay` would run it in a subshell and lose its count.
                Some(body) => {
                    use base64::Engine;
                    let b64 = base64::engine::general_purpose::STANDARD.encode(body);
                    sh.push_str(&format!("printf '%s' '{b64}' | base64 -d > \"$body\"\n")); // i18n-ignore: a shell script
                    line.push_str(" \\\n  --data-binary @\"$body\"");
                }
                None => {
                    sh.push_str("# its body was not kept whole: replayed with an empty body\n");
                    line.push_str(" \\\n  --data-binary ''");
                }
            }
        }
        sh.push_str(&line);
        sh.push('\n');
    }
    sh.push_str("\n[ \"$differ\" -eq 0 ] || { echo \"$differ request(s) answered differently\"; exit 1; }\n");
    sh
}

/// The request's body when the inspector kept all of it (as long as its Content-Length says).
fn whole_body(e: &RequestEvent) -> Option<&[u8]> {
    let body = e.request_body.as_ref()?;
    let length: usize = e.request_header("content-length")?.parse().ok()?;
    (length == body.len()).then_some(body.as_ref())
}

/// The URL with any SAS taken out and `$AZURE_STORAGE_SAS` put on, for double quotes in a shell.
fn url_without_sas(url: &str) -> String {
    let Ok(mut u) = url::Url::parse(url) else {
        return url.to_string();
    };
    let kept: Vec<(String, String)> = u
        .query_pairs()
        .filter(|(k, _)| !SAS_PARAMS.contains(&k.as_ref()))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    u.set_query(None);
    if !kept.is_empty() {
        u.query_pairs_mut().extend_pairs(kept);
    }
    let sep = if u.query().is_some() { '&' } else { '?' };
    format!("{u}{sep}\u{0}")
}

/// `text` for inside double quotes, with the placeholder `\0` becoming `$AZURE_STORAGE_SAS`.
fn shell_quote_double(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\u{0}' => out.push_str("$AZURE_STORAGE_SAS"),
            '"' | '\\' | '$' | '`' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(url: &str) -> RequestEvent {
        RequestEvent {
            duration: std::time::Duration::from_millis(12),
            account: "a".into(),
            operation: "Read properties of `a$b.txt`".into(),
            resource: "c/a$b.txt".into(),
            request_headers: vec![
                ("authorization".into(), "SharedKey a:s3kr1tSig".into()),
                ("x-ms-version".into(), "2024-11-04".into()),
                ("x-ms-date".into(), "then".into()),
            ],
            response_headers: vec![("etag".into(), "\"0x1\"".into())],
            error_code: Some("BlobNotFound".into()),
            ..RequestEvent::sample(crate::storage::Service::Blob, "HEAD", url, Some(404))
        }
    }

    #[test]
    fn the_script_swaps_any_sas_for_its_own_and_sends_no_signature() {
        let e = event("http://127.0.0.1:1/acct/c/a%24b.txt?comp=tags&sv=2024&sig=%3Credacted%3E&se=x");
        let sh = curl_script(&[&e]);
        assert!(
            sh.contains(
                "replay 404 'HEAD /c/a$b.txt' -X HEAD \"http://127.0.0.1:1/acct/c/a%24b.txt?comp=tags&$AZURE_STORAGE_SAS\""
            ),
            "{sh}"
        );
        assert!(
            !sh.contains("SharedKey") && !sh.contains("x-ms-date") && !sh.contains("sig="),
            "{sh}"
        );
        assert!(sh.contains("-H 'x-ms-version: 2024-11-04'"));
    }

    #[test]
    fn the_har_holds_the_kept_bodies_and_says_when_they_were_cut() {
        let mut e = event("http://127.0.0.1:1/acct/c/a.txt");
        e.method = "PUT".into();
        e.request_headers.push(("content-length".into(), "20000".into()));
        e.request_body = crate::storage::kept_body(true, &vec![b'x'; 20_000]);
        e.response_body = Some(bytes::Bytes::from_static(&[0xff, 0x00]));
        let har: Value = serde_json::from_str(&har(&[&e])).unwrap();
        let entry = &har["log"]["entries"][0];
        assert_eq!(entry["request"]["postData"]["text"].as_str().unwrap().len(), 16 * 1024);
        assert_eq!(
            entry["request"]["postData"]["comment"],
            "the first 16384 bytes of 20000"
        );
        assert_eq!(entry["request"]["bodySize"], 20000);
        assert_eq!(entry["response"]["content"]["encoding"], "base64");
        assert_eq!(entry["response"]["content"]["text"], "/wA=");
    }

    #[test]
    fn a_user_delegation_keys_value_never_reaches_the_har() {
        let xml = "<?xml version=\"1.0\"?><UserDelegationKey><SignedOid>o</SignedOid><Value>c2VjcmV0a2V5</Value>\
                   </UserDelegationKey>";
        let kept = crate::storage::kept_body(true, xml.as_bytes()).unwrap();
        let text = std::str::from_utf8(&kept).unwrap();
        assert!(
            !text.contains("c2VjcmV0a2V5") && text.contains("<Value>redacted</Value>"),
            "{text}"
        );
        assert!(text.contains("<SignedOid>o</SignedOid>"));
        let refused = "<Error><Code>AuthenticationFailed</Code><AuthenticationErrorDetail>The MAC signature found in \
                       the HTTP request 'abcSIG=' is not the same as any computed signature.</AuthenticationErrorDetail>\
                       <CopySource>https://a.blob.core.windows.net/c/b?sv=1&amp;sig=s3cr3t</CopySource></Error>";
        let kept = crate::storage::kept_body(true, refused.as_bytes()).unwrap();
        let text = std::str::from_utf8(&kept).unwrap();
        assert!(!text.contains("abcSIG=") && !text.contains("s3cr3t"), "{text}");
        // Cut inside a character: the text stays text, still redacted.
        let mut long = vec![b'a'; crate::storage::BODY_KEPT - 1];
        long.extend("é sig=zzz".as_bytes());
        let kept = crate::storage::kept_body(true, &long).unwrap();
        assert!(std::str::from_utf8(&kept).is_ok());
    }

    #[test]
    fn a_write_goes_with_its_body_when_it_was_kept_whole() {
        let mut e = event("http://127.0.0.1:1/acct/c/a.txt");
        e.method = "PUT".into();
        e.request_headers.push(("content-length".into(), "5".into()));
        e.request_body = Some(bytes::Bytes::from_static(b"hello"));
        let sh = curl_script(&[&e]);
        assert!(sh.contains("printf '%s' 'aGVsbG8=' | base64 -d > \"$body\""), "{sh}");
        assert!(sh.contains("--data-binary @\"$body\""));
        e.request_headers.last_mut().unwrap().1 = "20000".into();
        assert!(curl_script(&[&e]).contains("not kept whole: replayed with an empty body"));
    }

    #[test]
    fn the_har_holds_each_request_without_its_signature() {
        let e = event("http://127.0.0.1:1/acct/c/a.txt");
        let har: Value = serde_json::from_str(&har(&[&e, &e])).unwrap();
        let entries = har["log"]["entries"].as_array().unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0]["response"]["status"], 404);
        assert_eq!(entries[0]["request"]["headers"][0]["value"], "<redacted>");
        assert!(!har.to_string().contains("s3kr1tSig"), "the signature never goes along");
    }
}
