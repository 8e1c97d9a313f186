//! What a job over many blobs says when some of them failed: what it did, then each failed blob named with the
//! service's code, the first failure's error carrying the words.

use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;

/// A job's words when some of its blobs failed: what it did, then each failed blob named with the service's code;
/// the first failure's error (its code and request id) carries the words.
pub(super) fn with_failures(
    words: String,
    verb: &str,
    failed: &[(String, StorageError)],
) -> Result<String, StorageError> {
    let Some((_, first)) = failed.first() else {
        return Ok(words);
    };
    let names: Vec<String> = failed
        .iter()
        .take(10)
        .map(|(n, e)| format!("{n} ({})", e.code.clone().unwrap_or_else(|| t("blob-actions-failed"))))
        .collect();
    let mut e = first.clone();
    e.message = crate::storage::Said::text(tr!(
        "blob-actions-failures",
        words = words,
        count = failed.len(),
        verb = verb,
        names = names.join(", "),
        why = first.message.to_string()
    ));
    Err(e)
}
