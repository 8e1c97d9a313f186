//! Work on its way, keyed by what each reply is for (a blob, a folder's listing, a message and its receipt): the
//! one way the app holds replies. A reply is taken with its key; work whose purpose is gone is dropped (`keep`,
//! `start` over the same key) so its reply never lands somewhere else, and a collection of them is what a pane
//! or feature counts as busy.

use crate::app::runtime::backend::Pending;

/// Replies on their way, each with the key of what it is for, in the order the work was started.
pub struct InFlight<K, T> {
    out: Vec<(K, Pending<T>)>,
}

impl<K, T> Default for InFlight<K, T> {
    fn default() -> Self {
        InFlight { out: Vec::new() }
    }
}

impl<K: PartialEq, T> InFlight<K, T> {
    /// Sends work for `key` in place of what was out for the same key: a read dropped is aborted; a write (made
    /// with `PaneContext::send`) runs on, and only its reply goes unheard.
    pub fn start(&mut self, key: K, work: Pending<T>) {
        self.out.retain(|(k, _)| *k != key);
        self.out.push((key, work));
    }

    /// Sends work for `key` beside whatever else is out, also for the same key (one-off actions).
    pub fn add(&mut self, key: K, work: Pending<T>) {
        self.out.push((key, work));
    }

    /// Takes over the work out in `other` (a feature's one-off writes, handed to its pane).
    pub fn append(&mut self, other: InFlight<K, T>) {
        self.out.extend(other.out);
    }

    /// Every reply that arrived, with its key, in the order the work was started; the rest stay out.
    pub fn ready(&mut self) -> Vec<(K, T)> {
        let mut ready = Vec::new();
        let mut i = 0;
        while i < self.out.len() {
            match self.out[i].1.poll() {
                Some(value) => {
                    let (key, _) = self.out.remove(i);
                    ready.push((key, value));
                }
                None => i += 1,
            }
        }
        ready
    }

    /// The first reply that arrived, with its key (for a collection that holds one piece of work at a time).
    pub fn take(&mut self) -> Option<(K, T)> {
        for i in 0..self.out.len() {
            if let Some(value) = self.out[i].1.poll() {
                let (key, _) = self.out.remove(i);
                return Some((key, value));
            }
        }
        None
    }

    /// Keeps only the work whose purpose still holds: the rest is dropped, and its replies never land.
    pub fn keep(&mut self, wanted: impl Fn(&K) -> bool) {
        self.out.retain(|(k, _)| wanted(k));
    }

    /// Drops the work out for `key`.
    pub fn cancel(&mut self, key: &K) {
        self.out.retain(|(k, _)| k != key);
    }

    /// Drops everything out.
    pub fn clear(&mut self) {
        self.out.clear();
    }

    /// Whether work for `key` is out.
    pub fn is_out(&self, key: &K) -> bool {
        self.out.iter().any(|(k, _)| k == key)
    }

    /// Whether work whose key satisfies `f` is out.
    pub fn any(&self, f: impl Fn(&K) -> bool) -> bool {
        self.out.iter().any(|(k, _)| f(k))
    }

    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    pub fn len(&self) -> usize {
        self.out.len()
    }

    /// The keys of the work out, oldest first.
    pub fn keys(&self) -> impl Iterator<Item = &K> {
        self.out.iter().map(|(k, _)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::runtime::backend::Backend;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    fn until<T>(mut f: impl FnMut() -> Option<T>) -> T {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(v) = f() {
                return v;
            }
            assert!(Instant::now() < deadline, "nothing arrived");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_reply_comes_with_its_key_and_one_whose_purpose_is_gone_never_lands() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let mut out: InFlight<String, u32> = InFlight::default();
        out.start("a.txt".into(), backend.spawn(async { 1 }));
        out.start("b.txt".into(), backend.spawn(async { 2 }));
        // The selection moved off b.txt: its reply must not land on what is shown now.
        out.keep(|k| k == "a.txt");
        let (key, value) = until(|| out.take());
        assert_eq!((key.as_str(), value), ("a.txt", 1));
        assert!(out.is_empty());
        // Started again for the same key: only the newer reply lands.
        out.start("a.txt".into(), backend.spawn(async { 3 }));
        out.start("a.txt".into(), backend.spawn(async { 4 }));
        assert_eq!(out.len(), 1);
        assert_eq!(until(|| out.take()), ("a.txt".to_string(), 4));
        // Several for one key, beside each other, all land in order.
        out.add("op".into(), backend.spawn(async { 5 }));
        out.add("op".into(), backend.spawn(async { 6 }));
        let mut got = Vec::new();
        while got.len() < 2 {
            got.extend(out.ready().into_iter().map(|(_, v)| v));
        }
        got.sort();
        assert_eq!(got, [5, 6]);
    }
}
