//! The lens in the window: one account's forwarding endpoint for the user's own app, started off the UI thread
//! from the account's menu, its requests as they come, the fault and hold rules added while the app runs and
//! the requests held; closed (the window's X, or the app's close) with words on which app connections were
//! open. `crate::lens` does the forwarding; this holds only what the window shows and was asked.

pub mod har;
pub mod held;
pub mod requests;
pub mod rule_form;
pub mod window;

use std::net::{IpAddr, Ipv4Addr};

use crate::app::accounts::connections::{ConnState, Connections};
use crate::app::context::{Backend, Feed, InFlight, feed};
use crate::app::widgets::i18n::tr;
use crate::lens::record::Record;
use crate::lens::rules::Rule;
use crate::lens::{Lens, LensOptions};
use crate::storage::Account;

/// How many requests the window keeps, the oldest going first (the headless log keeps every one).
const KEPT: usize = 20_000;

/// The lens as the window holds it: at most one, on one account.
#[derive(Default)]
pub struct LensUi {
    /// An account asked for before its client was open: started once it is.
    wanted: Option<String>,
    pub(crate) window: Option<LensWindow>,
}

/// One running lens and what its window shows and was asked.
pub struct LensWindow {
    pub profile_id: String,
    pub label: String,
    account: Account,
    pub(crate) lens: Option<Lens>,
    /// The endpoint starting (binding its ports) off the UI thread, keyed by the address it binds.
    starting: InFlight<IpAddr, Result<Lens, String>>,
    /// Why the endpoint could not start (a port in use, the account's certificate).
    pub(crate) failed: Option<String>,
    /// Loopback, unless the user chose every interface after the warning.
    pub(crate) bind: IpAddr,
    /// Every request the app made, in the order they ended (the newest `KEPT`).
    pub(crate) records: Vec<Record>,
    /// The records the endpoint hands over as each request ends.
    incoming: Option<Feed<Record>>,
    pub(crate) filter: requests::Filter,
    pub(crate) form: rule_form::RuleForm,
    pub(crate) answer: held::AnswerForm,
    /// The question before listening beyond this computer is shown.
    pub(crate) asking_wide: bool,
    /// Copy as HAR was pressed: the frame writes the shown requests with the inspector's HAR writer.
    pub(crate) har_wanted: bool,
}

impl LensUi {
    /// "Let an app connect through Tessera…" on an account: its lens starts (or, already open, stays as it is);
    /// a lens on another account is closed first, and the words for that close returned.
    pub fn open(&mut self, backend: &Backend, connections: &Connections, profile_id: &str) -> Option<String> {
        if self.window.as_ref().is_some_and(|w| w.profile_id == profile_id) {
            return None;
        }
        let closed = self.close();
        self.wanted = Some(profile_id.to_string());
        self.poll(backend, connections);
        closed
    }

    /// Each frame: a lens asked for starts once its account is open; what the lens heard is taken in. Returns
    /// words for the user (the account could not be opened).
    pub fn poll(&mut self, backend: &Backend, connections: &Connections) -> Option<String> {
        if let Some(id) = self.wanted.clone() {
            match connections.get(&id) {
                Some(conn) if conn.client.is_some() => {
                    let client = conn.client.as_ref().expect("checked");
                    self.wanted = None;
                    self.window = Some(LensWindow::start(
                        backend,
                        id,
                        conn.profile.label.clone(),
                        client.account().clone(),
                    ));
                }
                Some(conn) if matches!(conn.state, ConnState::Failed(_)) => {
                    self.wanted = None;
                    return connections.client_or_why(&id).err();
                }
                Some(_) => {}
                None => self.wanted = None,
            }
        }
        if let Some(w) = &mut self.window {
            w.poll(backend);
        }
        None
    }

    /// Stops the lens, if one runs: the words say which app connections were open (they are closed now).
    pub fn close(&mut self) -> Option<String> {
        self.wanted = None;
        self.window.take().map(|mut w| w.stop())
    }

    /// The app connections open through the lens now, each as "address", for the window's close.
    pub fn open_connections(&self) -> Vec<String> {
        self.window
            .as_ref()
            .and_then(|w| w.lens.as_ref())
            .map(|l| l.open_connections().iter().map(|a| a.to_string()).collect())
            .unwrap_or_default()
    }

    /// The shown requests, once Copy as HAR was pressed, as the inspector's HAR writer takes them.
    pub fn har_wanted(&mut self) -> Option<Vec<crate::storage::RequestEvent>> {
        let w = self.window.as_mut().filter(|w| w.har_wanted)?;
        w.har_wanted = false;
        Some(w.shown().map(har::event).collect())
    }

    /// Whether something is held: its time held moves each second.
    pub fn counting(&self) -> bool {
        self.window
            .as_ref()
            .and_then(|w| w.lens.as_ref())
            .is_some_and(|l| !l.held().is_empty())
    }
}

impl LensWindow {
    fn start(backend: &Backend, profile_id: String, label: String, account: Account) -> LensWindow {
        let mut w = LensWindow {
            profile_id,
            label,
            account,
            lens: None,
            starting: InFlight::default(),
            failed: None,
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            records: Vec::new(),
            incoming: None,
            filter: Default::default(),
            form: Default::default(),
            answer: Default::default(),
            asking_wide: false,
            har_wanted: false,
        };
        w.listen_on(backend, w.bind);
        w
    }

    /// (Re)starts the endpoint on `bind`, off the UI thread; the rules in force go along to the new one.
    pub(crate) fn listen_on(&mut self, backend: &Backend, bind: IpAddr) {
        let rules: Vec<Rule> = self
            .lens
            .take()
            .map(|l| {
                let rules = l.rules().into_iter().map(|s| s.rule).collect();
                l.close();
                rules
            })
            .unwrap_or_default();
        self.bind = bind;
        self.failed = None;
        let account = self.account.clone();
        let options = LensOptions {
            bind,
            ..LensOptions::default()
        };
        self.starting.start(
            bind,
            backend.spawn(async move {
                let lens = Lens::start(account, options).await?;
                for rule in rules {
                    lens.add_rule(rule);
                }
                Ok(lens)
            }),
        );
    }

    fn poll(&mut self, backend: &Backend) {
        if let Some((_, started)) = self.starting.take() {
            match started {
                Ok(lens) => {
                    let (tx, rx) = feed::unbounded(Some(backend));
                    lens.listen(move |record| {
                        tx.send_now(record.clone());
                    });
                    self.incoming = Some(rx);
                    self.lens = Some(lens);
                }
                Err(why) => self.failed = Some(why),
            }
        }
        if let Some(rx) = &mut self.incoming {
            self.records.extend(rx.arrived().items);
            if self.records.len() > KEPT {
                let over = self.records.len() - KEPT;
                self.records.drain(..over);
            }
        }
    }

    pub fn is_running(&self) -> bool {
        self.lens.is_some()
    }

    /// Every request the app made that the window keeps, in the order they ended.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// Where the app reaches `service` through the lens, once it listens.
    pub fn endpoint(&self, service: crate::storage::Service) -> Option<String> {
        self.lens.as_ref().and_then(|l| l.endpoint(service))
    }

    pub fn is_starting(&self) -> bool {
        !self.starting.is_empty()
    }

    /// The requests the filters let through, in the order they ended.
    pub(crate) fn shown(&self) -> impl Iterator<Item = &Record> {
        let lets_through = self.filter.matcher();
        self.records.iter().filter(move |r| lets_through(r))
    }

    /// Stops listening and closes the app's connections; words naming those that were open.
    fn stop(&mut self) -> String {
        let open = self.lens.take().map(Lens::close).unwrap_or_default();
        let account = self.label.as_str();
        match open.len() {
            0 => tr!("lens-closed-none-open", account = account),
            n => tr!(
                "lens-closed-open",
                account = account,
                count = n,
                connections = open.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}
