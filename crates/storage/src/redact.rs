//! Redaction of secrets (SAS signatures, SharedKey signatures, bearer tokens) from anything a person or a log
//! may see.

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

/// Any text that may quote a URL, a header or a token (an error's message, a log line): SAS signatures, bearer
/// tokens and anything shaped like a JWT are replaced.
pub fn redact_text(text: &str) -> String {
    redact_tokens(&redact_query(text))
}

/// Replaces what follows `Bearer ` and every JWT-shaped run (`eyJ…​.…​.…`).
fn redact_tokens(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let bearer = rest.find("Bearer ").map(|p| (p, p + "Bearer ".len()));
        let jwt = rest.find("eyJ").map(|p| (p, p));
        let Some((start, value_start)) = [bearer, jwt].into_iter().flatten().min() else {
            break;
        };
        let value_end = rest[value_start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '+' | '/' | '=' | '~')))
            .map_or(rest.len(), |e| value_start + e);
        let value = &rest[value_start..value_end];
        let is_bearer = value_start != start;
        let is_jwt = value.starts_with("eyJ") && value.matches('.').count() >= 2;
        if (is_bearer && !value.is_empty()) || is_jwt {
            out.push_str(&rest[..value_start]);
            out.push_str(REDACTED);
            rest = &rest[value_end..];
        } else {
            let step = value_start.max(start + 1);
            let step = (step..=rest.len())
                .find(|&i| rest.is_char_boundary(i))
                .unwrap_or(rest.len());
            out.push_str(&rest[..step]);
            rest = &rest[step..];
        }
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
            Some((scheme_and_account, _)) if !value.starts_with("Bearer ") => {
                format!("{scheme_and_account}:{REDACTED}")
            }
            _ if value.starts_with("Bearer ") => format!("Bearer {REDACTED}"),
            _ => REDACTED.to_string(),
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
    fn bearer_tokens_and_jwts_are_replaced_in_any_text() {
        assert_eq!(
            redact_text("Authorization: Bearer abc.def-ghi and more"),
            "Authorization: Bearer <redacted> and more"
        );
        assert_eq!(
            redact_text("token eyJhbGciOi.eyJzdWIi.c2ln, then eyJnotatoken"),
            "token <redacted>, then eyJnotatoken"
        );
        assert_eq!(
            redact_text("timed out: https://a/c?sv=1&sig=SECRET"),
            "timed out: https://a/c?sv=1&sig=<redacted>"
        );
        assert_eq!(redact_text("Bearer"), "Bearer");
        assert_eq!(redact_text("ünïcode eyJ é"), "ünïcode eyJ é");
    }

    #[test]
    fn authorization_keeps_only_scheme_and_account() {
        assert_eq!(
            redact_header("Authorization", "SharedKey acct:c2lnbmF0dXJl"),
            "SharedKey acct:<redacted>"
        );
        assert_eq!(
            redact_header("authorization", "Bearer eyJ0.eyJ1.sig"),
            "Bearer <redacted>"
        );
        assert_eq!(
            redact_header("x-ms-date", "Sun, 22 Nov 2026 08:00:00 GMT"),
            "Sun, 22 Nov 2026 08:00:00 GMT"
        );
    }
}
