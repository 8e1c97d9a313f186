//! When to try a request again (transient faults, growing jittered delays, Retry-After) and when to stop
//! sending altogether (a circuit breaker per service of an account).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use crate::Service;
use crate::words::Said;

/// Retries for an interactive tool: few, quick, capped, because a person is waiting.
#[derive(Clone, Debug)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// A Retry-After longer than this is not waited out: the user is told instead.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            base_delay: Duration::from_millis(200),
            max_delay: Duration::from_secs(3),
            max_retry_after: Duration::from_secs(10),
        }
    }
}

impl RetryPolicy {
    /// No retries at all (the conflict lab wants to see every failure as it is).
    pub fn none() -> Self {
        RetryPolicy {
            max_retries: 0,
            ..Self::default()
        }
    }

    /// The wait before retry number `retry` (1-based), or None when the service asked for a longer wait than
    /// a person should sit through.
    pub fn delay(&self, retry: u32, retry_after: Option<Duration>) -> Option<Duration> {
        if let Some(wait) = retry_after {
            return (wait <= self.max_retry_after).then_some(wait);
        }
        let exponential = self.base_delay.saturating_mul(1 << retry.saturating_sub(1).min(16));
        let capped = exponential.min(self.max_delay);
        // Full jitter over the upper half keeps clients that failed together from retrying together.
        let jitter = 0.5 + fastrand::f64() * 0.5;
        Some(capped.mul_f64(jitter))
    }
}

/// 408, 500, 502, 503 and 504 may pass; every other status says something about the request itself, as does
/// a 500 FeatureNotSupported (Azurite's answer to a header it does not serve, such as a CRC64 on Append Block).
pub fn is_transient_status(status: u16, code: Option<&str>) -> bool {
    matches!(status, 408 | 500 | 502 | 503 | 504) && code != Some("FeatureNotSupported")
}

/// A status that says the service did not carry the request out, so a write may be sent again: 503 (ServerBusy,
/// throttling) refuses work before doing it. 500 OperationTimedOut, 502 and 504 may come after the write
/// happened; those stay "outcome unknown" for writes.
pub fn write_never_ran(status: u16) -> bool {
    status == 503
}

/// Retry-After is either seconds or an HTTP date.
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let when = httpdate::parse_http_date(value).ok()?;
    Some(when.duration_since(SystemTime::now()).unwrap_or(Duration::ZERO))
}

/// Stops sending to a service of an account after repeated failures, for a while, then lets one try through.
pub struct CircuitBreaker {
    threshold: u32,
    open_for: Duration,
    state: Mutex<HashMap<Service, BreakerState>>,
}

/// The last failure, worded when a refused request says it: the breaker is shared by every window, and the
/// request that failed may have spoken another language than the one refused now.
pub type Wording = Arc<dyn Fn() -> Said + Send + Sync>;

#[derive(Default)]
struct BreakerState {
    consecutive_failures: u32,
    open_until: Option<Instant>,
    last_failure: Option<Wording>,
}

/// Why the breaker refused a request.
pub struct CircuitOpen {
    pub remaining: Duration,
    pub failures: u32,
    /// The last failure, for the app to word.
    pub last_failure: Said,
}

impl CircuitBreaker {
    pub fn new(threshold: u32, open_for: Duration) -> Self {
        CircuitBreaker {
            threshold: threshold.max(1),
            open_for,
            state: Mutex::new(HashMap::new()),
        }
    }

    pub fn check(&self, service: Service) -> Result<(), CircuitOpen> {
        let state = self.state.lock().expect("breaker lock");
        match state.get(&service) {
            Some(s) => match s.open_until {
                Some(until) if until > Instant::now() => Err(CircuitOpen {
                    remaining: until - Instant::now(),
                    failures: s.consecutive_failures,
                    last_failure: s.last_failure.as_ref().map(|words| words()).unwrap_or_else(Said::empty),
                }),
                _ => Ok(()),
            },
            None => Ok(()),
        }
    }

    pub fn record_success(&self, service: Service) {
        self.state.lock().expect("breaker lock").remove(&service);
    }

    /// `words` says the failure in the language of the thread that calls it.
    pub fn record_failure(&self, service: Service, words: impl Fn() -> Said + Send + Sync + 'static) {
        let mut state = self.state.lock().expect("breaker lock");
        let s = state.entry(service).or_default();
        s.consecutive_failures += 1;
        s.last_failure = Some(Arc::new(words));
        // Once open, every further failure (the half-open probe included) opens it again.
        if s.consecutive_failures >= self.threshold {
            s.open_until = Some(Instant::now() + self.open_for);
        }
    }

    pub fn is_open(&self, service: Service) -> bool {
        self.check(service).is_err()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_grow_stay_capped_and_are_jittered() {
        let p = RetryPolicy::default();
        for retry in 1..=10 {
            let d = p.delay(retry, None).unwrap();
            let full = p.base_delay.saturating_mul(1 << (retry - 1)).min(p.max_delay);
            assert!(
                d >= full / 2 && d <= full,
                "retry {retry}: {d:?} not within [{:?}, {full:?}]",
                full / 2
            );
        }
    }

    #[test]
    fn retry_after_is_honoured_up_to_the_cap() {
        let p = RetryPolicy::default();
        assert_eq!(p.delay(1, Some(Duration::from_secs(2))), Some(Duration::from_secs(2)));
        assert_eq!(p.delay(1, Some(Duration::from_secs(60))), None);
        assert_eq!(parse_retry_after("3"), Some(Duration::from_secs(3)));
        let later = httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(30));
        let parsed = parse_retry_after(&later).unwrap();
        assert!(
            parsed > Duration::from_secs(28) && parsed <= Duration::from_secs(30),
            "{parsed:?}"
        );
        assert_eq!(parse_retry_after("soon"), None);
    }

    #[test]
    fn breaker_opens_after_threshold_and_closes_on_success() {
        let b = CircuitBreaker::new(3, Duration::from_secs(60));
        for _ in 0..2 {
            b.record_failure(Service::Table, || "503".into());
        }
        assert!(!b.is_open(Service::Table));
        b.record_failure(Service::Table, || "503 ServerBusy".into());
        let open = b.check(Service::Table).expect_err("open after 3 failures");
        assert_eq!(open.failures, 3);
        assert_eq!(open.last_failure.to_string(), "503 ServerBusy");
        assert!(!b.is_open(Service::Blob), "one service's failures do not stop another");
        b.record_success(Service::Table);
        assert!(!b.is_open(Service::Table));
    }

    #[test]
    fn breaker_lets_a_probe_through_after_the_pause() {
        let b = CircuitBreaker::new(1, Duration::from_millis(0));
        b.record_failure(Service::Queue, || "reset".into());
        assert!(b.check(Service::Queue).is_ok(), "after the pause one request may try");
    }

    #[test]
    fn the_last_failure_is_said_in_the_language_of_the_request_refused() {
        use crate::words::said;
        let b = CircuitBreaker::new(1, Duration::from_secs(60));
        // The failure is kept as it was said, not as words: each refusal is worded when and where it is shown.
        b.record_failure(Service::Blob, || said("pipeline-not-retried"));
        let refused = b.check(Service::Blob).err().unwrap().last_failure;
        assert_eq!(refused, said("pipeline-not-retried"));
    }
}
