//! Every queue of an account over time, side by side: priority queues are usually one queue per priority, and
//! the question is which of them drains and which piles up.

use crate::app::widgets::i18n::tr;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::app::context::{Backend, InFlight};
use crate::app::queue::charts::{Backlog, backlogs_ui};
use crate::app::widgets::plot::now_secs;
use crate::storage::{Client, StorageError};

pub struct QueueBacklogs {
    pub profile_id: String,
    pub label: String,
    pub backlogs: BTreeMap<String, Backlog>,
    pub every: Duration,
    pub error: Option<StorageError>,
    /// The sample out: every queue's count.
    pending: InFlight<(), Result<Vec<(String, u64)>, StorageError>>,
    last: Option<Instant>,
}

impl QueueBacklogs {
    pub fn new(profile_id: &str, label: &str) -> Self {
        QueueBacklogs {
            profile_id: profile_id.to_string(),
            label: label.to_string(),
            backlogs: BTreeMap::new(),
            every: Duration::from_secs(5),
            error: None,
            pending: InFlight::default(),
            last: None,
        }
    }

    /// Samples every queue's approximate count when it is time, and records what arrived.
    pub fn poll(&mut self, backend: &Backend, client: &Client) {
        if let Some((_, result)) = self.pending.take() {
            match result {
                Ok(counts) => {
                    let at = now_secs();
                    for (name, n) in counts {
                        self.backlogs.entry(name).or_default().record(at, n);
                    }
                    self.error = None;
                }
                Err(e) => self.error = Some(e),
            }
        }
        if self.pending.is_empty() && self.last.is_none_or(|l| l.elapsed() >= self.every) {
            self.last = Some(Instant::now());
            let client = client.clone();
            self.pending.start(
                (),
                backend.spawn(async move {
                    let mut names = Vec::new();
                    let mut marker: Option<String> = None;
                    loop {
                        let page = client.list_queues(None, marker.as_deref(), None, false).await?;
                        names.extend(page.queues.into_iter().map(|q| q.name));
                        match page.next_marker {
                            Some(m) => marker = Some(m),
                            None => break,
                        }
                    }
                    let mut counts = Vec::new();
                    for name in names {
                        let count = client.queue_message_count(&name).await?;
                        counts.push((name, count));
                    }
                    Ok(counts)
                }),
            );
        }
    }

    /// Shows the window; returns false when the user closed it.
    pub fn window(&mut self, ctx: &egui::Context) -> bool {
        let mut open = true;
        egui::Window::new(tr!("backlogs-title", account = self.label.as_str()))
            .id(egui::Id::unique("queue-backlogs"))
            .open(&mut open)
            .default_size([640.0, 360.0])
            .show(ctx, |ui| {
                ui.label(tr!("backlogs-explain", seconds = self.every.as_secs()));
                if let Some(e) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
                }
                backlogs_ui(ui, "account", &self.backlogs, &[]);
            });
        open
    }

    pub fn wants_ticks(&self) -> bool {
        true
    }
}
