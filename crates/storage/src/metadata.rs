//! Metadata of blobs, containers and queues: the name rules (C# identifiers, ASCII values), the
//! `x-ms-meta-*` headers a write carries, and the pairs a read returns, names in the case they were stored.

use crate::error::{Result, StorageError};
use crate::pipeline::{Request, Response};
use crate::words::{Said, said};

/// The `x-ms-meta-*` headers as pairs, names in the case they came on the wire when the response was read by
/// the exact-case transport (`wire_names`), else as hyper gives them (lower case).
pub(crate) fn metadata_from_headers(resp: &Response) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = resp
        .headers
        .iter()
        .filter_map(|(n, v)| {
            let lower = n.as_str().strip_prefix("x-ms-meta-")?;
            let exact = resp
                .wire_names
                .iter()
                .find(|w| w.eq_ignore_ascii_case(n.as_str()))
                .map_or(lower, |w| &w["x-ms-meta-".len()..]);
            Some((exact.to_string(), v.to_str().ok()?.to_string()))
        })
        .collect();
    pairs.sort();
    pairs
}

/// Metadata names are C# identifiers; values travel as headers, so plain ASCII.
pub fn validate_metadata(metadata: &[(String, String)]) -> std::result::Result<(), Said> {
    for (i, (name, value)) in metadata.iter().enumerate() {
        let mut chars = name.chars();
        let ok_start = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
        if !ok_start || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(said!("error-metadata-name-characters", name = name.as_str()));
        }
        if metadata[..i].iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return Err(said!("error-metadata-name-twice", name = name.as_str()));
        }
        if !value.chars().all(|c| (' '..='~').contains(&c)) {
            return Err(said!("error-metadata-value-ascii", name = name.as_str()));
        }
    }
    Ok(())
}

pub(crate) fn apply_metadata(op: &Said, mut req: Request, metadata: &[(String, String)]) -> Result<Request> {
    validate_metadata(metadata).map_err(|m| StorageError::invalid(op, m))?;
    for (name, value) in metadata {
        req = req.header(format!("x-ms-meta-{name}"), value.clone()); // i18n-ignore: a header's name
    }
    Ok(req)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_is_checked_with_reasons() {
        assert!(validate_metadata(&[("ok_1".into(), "v".into())]).is_ok());
        assert_eq!(
            validate_metadata(&[("1bad".into(), "v".into())]),
            Err(said!("error-metadata-name-characters", name = "1bad"))
        );
        assert_eq!(
            validate_metadata(&[("a".into(), "é".into())]),
            Err(said!("error-metadata-value-ascii", name = "a"))
        );
        assert_eq!(
            validate_metadata(&[("a".into(), "1".into()), ("A".into(), "2".into())]),
            Err(said!("error-metadata-name-twice", name = "A"))
        );
    }
}
