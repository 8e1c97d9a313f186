//! What an action on a held message sends, and what its reply changes: an update brings a new receipt (and, for
//! an edit, the text now stored), a delete or move ends the entry. A move keeps what can be kept (the text as
//! now stored, the time to live it had left) and says what cannot (id, insertion time, dequeue count).

use std::time::{Duration, SystemTime};

use crate::app::widgets::i18n::{t, tr};
use crate::storage::queue::{DequeuedMessage, MessageTtl};
use crate::storage::{Client, StorageError};

/// What to do with a dequeued message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageAction {
    Delete,
    ReturnNow,
    Extend(u32),
    Edit(String),
    MoveTo(String),
}

/// What an action ended with.
#[derive(Clone, Debug)]
pub enum ActionDone {
    /// Updated: the new receipt, when it shows again, and the text now stored when the action changed it.
    Updated {
        receipt: String,
        next_visible: Option<SystemTime>,
        text: Option<String>,
    },
    /// It left this queue; the words say how.
    Left(String),
}

pub type ActionResult = Result<ActionDone, StorageError>;

/// Runs one action on a held message (its receipt, text and expiry as the entry holds them now).
pub async fn run(client: Client, queue: String, m: DequeuedMessage, action: MessageAction) -> ActionResult {
    let updated = |r: crate::storage::queue::UpdateReceipt, text: Option<String>| ActionDone::Updated {
        receipt: r.pop_receipt,
        next_visible: r.next_visible,
        text,
    };
    match action {
        MessageAction::Delete => client
            .delete_message(&queue, &m.id, &m.pop_receipt)
            .await
            .map(|_| ActionDone::Left(t("moved-deleted"))),
        MessageAction::ReturnNow => client
            .update_message(&queue, &m.id, &m.pop_receipt, 0, None)
            .await
            .map(|r| updated(r, None)),
        MessageAction::Extend(s) => client
            .update_message(&queue, &m.id, &m.pop_receipt, s, None)
            .await
            .map(|r| updated(r, None)),
        MessageAction::Edit(text) => client
            .update_message(&queue, &m.id, &m.pop_receipt, remaining(&m), Some(&text))
            .await
            .map(|r| updated(r, Some(text))),
        MessageAction::MoveTo(target) => move_message(&client, &queue, &target, &m)
            .await
            .map(|ttl| ActionDone::Left(moved_words(&target, ttl))),
    }
}

/// An edit keeps the message hidden for the rest of its current timeout.
fn remaining(m: &DequeuedMessage) -> u32 {
    m.next_visible
        .and_then(|t| t.duration_since(SystemTime::now()).ok())
        .map(|d| d.as_secs() as u32)
        .unwrap_or(0)
}

/// The time to live a moved copy gets: what the original had left (never-expiring stays so), or why there is
/// nothing left to give it.
pub fn ttl_left(m: &DequeuedMessage, now: SystemTime) -> Result<MessageTtl, String> {
    ttl_left_of(m.expires, now)
}

/// As `ttl_left`, from a message's expiry alone (a peeked message has no receipt, but has that).
pub fn ttl_left_of(expires: Option<SystemTime>, now: SystemTime) -> Result<MessageTtl, String> {
    // The service states "never" as the end of year 9999; anything past a century from now is that.
    let never = now + Duration::from_secs(100 * 365 * 24 * 3600);
    match expires {
        None => Ok(MessageTtl::Never),
        Some(end) if end >= never => Ok(MessageTtl::Never),
        Some(end) => match end.duration_since(now) {
            Ok(left) if left.as_secs() >= 1 => Ok(MessageTtl::Seconds(left.as_secs())),
            _ => Err(t("ttl-run-out")),
        },
    }
}

/// Puts a copy on the target queue, then deletes the original, in that order: if the delete fails, the
/// message exists twice (and says so) rather than nowhere. Answers the time to live the copy got.
pub async fn move_message(
    client: &Client,
    from: &str,
    to: &str,
    m: &DequeuedMessage,
) -> Result<MessageTtl, StorageError> {
    let ttl = ttl_left(m, SystemTime::now()).map_err(|why| StorageError::invalid(t("op-move-message"), why))?;
    client.put_message(to, &m.text, None, ttl).await?;
    client
        .delete_message(from, &m.id, &m.pop_receipt)
        .await
        .map_err(|mut e| {
            e.message = crate::storage::Said::text(tr!(
                "moved-delete-failed",
                to = to,
                from = from,
                why = e.message.to_string()
            ));
            e
        })?;
    Ok(ttl)
}

/// What a move says: where to, and what it kept.
fn moved_words(to: &str, ttl: MessageTtl) -> String {
    let kept = match ttl {
        MessageTtl::Seconds(s) => tr!("moved-ttl-left", seconds = s),
        _ => t("moved-ttl-never"),
    };
    tr!("moved-done", queue = to, kept = kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(expires: Option<SystemTime>) -> DequeuedMessage {
        DequeuedMessage {
            id: "m".into(),
            pop_receipt: "r".into(),
            inserted: None,
            expires,
            next_visible: None,
            dequeue_count: 3,
            text: "t".into(),
        }
    }

    #[test]
    fn a_moved_copy_keeps_the_time_to_live_left_and_never_stays_never() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let in_an_hour = message(Some(now + Duration::from_secs(3600)));
        assert_eq!(ttl_left(&in_an_hour, now), Ok(MessageTtl::Seconds(3600)));
        let year_9999 = SystemTime::UNIX_EPOCH + Duration::from_secs(253_402_300_799);
        assert_eq!(ttl_left(&message(Some(year_9999)), now), Ok(MessageTtl::Never));
        assert!(ttl_left(&message(Some(now)), now).is_err());
    }
}
