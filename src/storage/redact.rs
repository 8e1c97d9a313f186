//! Redaction of secrets (SAS signatures, SharedKey signatures) from anything a person or a log may see.

/// The text that stands where a secret was.
pub const REDACTED: &str = "<redacted>";

/// Replaces the value of every `sig=` parameter in a query string or URL.
pub fn redact_query(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(pos) = find_sig(rest) {
        let value_start = pos + 4;
        out.push_str(&rest[..value_start]);
        out.push_str(REDACTED);
        let value_end = rest[value_start..]
            .find(['&', '#', ' ', '"', '\'', ';'])
            .map_or(rest.len(), |e| value_start + e);
        rest = &rest[value_end..];
    }
    out.push_str(rest);
    out
}

/// Finds `sig=` at the start of a query parameter (not inside another name such as `xsig=`).
fn find_sig(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find("sig=") {
        let at = from + found;
        if at == 0 || matches!(text.as_bytes()[at - 1], b'?' | b'&' | b';' | b' ') {
            return Some(at);
        }
        from = at + 4;
    }
    None
}

/// A header value as it may be shown: Authorization keeps its scheme and account, never the signature.
pub fn redact_header(name: &str, value: &str) -> String {
    if name.eq_ignore_ascii_case("authorization") {
        return match value.split_once(':') {
            Some((scheme_and_account, _)) => format!("{scheme_and_account}:{REDACTED}"),
            None => REDACTED.to_string(),
        };
    }
    redact_query(value)
}

/// The first `max` characters of a text, for quoting user input in messages.
pub fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let cut: String = text.chars().take(max).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sas_signatures_are_replaced_wherever_they_stand() {
        assert_eq!(
            redact_query("https://a.blob.core.windows.net/c?sv=2024&sig=abc%2Bdef&se=2026"),
            "https://a.blob.core.windows.net/c?sv=2024&sig=<redacted>&se=2026"
        );
        assert_eq!(redact_query("sig=xyz"), "sig=<redacted>");
        assert_eq!(
            redact_query("SharedAccessSignature=sv=1&sig=q;AccountName=a"),
            "SharedAccessSignature=sv=1&sig=<redacted>;AccountName=a"
        );
        assert_eq!(redact_query("?xsig=keep"), "?xsig=keep");
    }

    #[test]
    fn authorization_keeps_only_scheme_and_account() {
        assert_eq!(
            redact_header("Authorization", "SharedKey acct:c2lnbmF0dXJl"),
            "SharedKey acct:<redacted>"
        );
        assert_eq!(
            redact_header("x-ms-date", "Sun, 22 Nov 2026 08:00:00 GMT"),
            "Sun, 22 Nov 2026 08:00:00 GMT"
        );
    }
}
