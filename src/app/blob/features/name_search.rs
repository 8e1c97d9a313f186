//! Find in names: blobs whose names contain a text (in any case, or exactly) or match a regular expression,
//! over the folder shown or the whole container, found by walking the flat listing in the background and shown
//! as they arrive. The service only finds names by their start; this finds them anywhere in the name.

use crate::app::context::feature::Feature;
use egui::RichText;
use regex::{Regex, RegexBuilder};

use crate::app::blob::core::{BlobCore, Found};
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects, Tool};
use crate::app::blob::listed::ListedBlobs;
use crate::app::blob::walk::{Walk, WalkJob};
use crate::app::context::PaneContext;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::{BlobItem, ListBlobsOptions};

/// How the typed text is matched against a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameMatch {
    /// Contains the text, upper and lower case alike (what a user means by "search" first).
    ContainsAnyCase,
    ContainsExactCase,
    /// A regular expression (Rust's `regex` syntax), found anywhere in the name unless anchored.
    Regex,
}

impl NameMatch {
    pub const ALL: [NameMatch; 3] = [
        NameMatch::ContainsAnyCase,
        NameMatch::ContainsExactCase,
        NameMatch::Regex,
    ];

    pub fn describe(self) -> String {
        t(match self {
            NameMatch::ContainsAnyCase => "blob-name-search-any-case",
            NameMatch::ContainsExactCase => "blob-name-search-exact-case",
            NameMatch::Regex => "blob-name-search-regex",
        })
    }
}

/// What the Find in names row holds as the user types.
#[derive(Clone, Debug)]
pub struct FindForm {
    pub text: String,
    pub how: NameMatch,
    /// The whole container rather than the folder shown.
    pub whole_container: bool,
}

impl Default for FindForm {
    fn default() -> Self {
        FindForm {
            text: String::new(),
            how: NameMatch::ContainsAnyCase,
            whole_container: false,
        }
    }
}

/// The typed text as a matcher, or what is wrong with it in plain words (before any request is sent).
pub fn matcher(text: &str, how: NameMatch) -> Result<Regex, String> {
    if text.is_empty() {
        return Err(t("blob-name-search-empty"));
    }
    let pattern = match how {
        NameMatch::Regex => text.to_string(),
        // One engine for all three: a literal is escaped, and the regex crate finds literals as fast as a
        // substring search would.
        _ => regex::escape(text),
    };
    RegexBuilder::new(&pattern)
        .case_insensitive(how == NameMatch::ContainsAnyCase)
        .build()
        .map_err(|e| tr!("blob-name-search-bad-regex", text = text, why = e.to_string()))
}

/// A search under way or ended (its matches are shown in the folder's place, held by the core).
pub struct NameSearch {
    pub(crate) job: WalkJob<Vec<BlobItem>>,
}

/// Find in names: the row as typed, what is wrong with it, and the search shown.
#[derive(Default)]
pub struct FindInNames {
    pub(crate) form: FindForm,
    pub(crate) problem: Option<String>,
    pub(crate) search: Option<NameSearch>,
    /// The tab's search box finds names this way rather than by their start (chosen in its drop-down).
    box_mode: Option<NameMatch>,
}

/// A search as the tests and benches read it: its matches (held by the core) and its walk.
pub struct SearchShown<'a> {
    pub(crate) search: &'a NameSearch,
    pub(crate) found: &'a ListedBlobs,
}

impl SearchShown<'_> {
    /// The matches, compactly (as the list holds them: `get` reads one whole).
    pub fn matches(&self) -> &ListedBlobs {
        self.found
    }

    /// Blobs looked at so far.
    pub fn listed(&self) -> u64 {
        self.search.job.listed
    }

    pub fn is_running(&self) -> bool {
        self.search.job.is_running()
    }

    pub fn job(&self) -> &WalkJob<Vec<BlobItem>> {
        &self.search.job
    }
}

impl Feature for FindInNames {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, _: &mut PaneContext, fx: &mut Effects) {
        if let Some(s) = &mut self.search {
            for found in s.job.take() {
                fx.found_more(found);
            }
        }
    }

    fn busy(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.job.is_running())
    }
}

impl BlobFeature for FindInNames {
    fn tool(&self) -> Option<Tool> {
        Some(Tool {
            icon: crate::app::widgets::icon::FIND,
            name: "blob-name-search-tool",
            hint: "blob-name-search-tool-hint",
            search: true,
        })
    }

    fn tool_in_use(&self, _: &BlobCore, _: &PaneContext) -> bool {
        if self.problem.is_some() {
            return true;
        }
        self.search.is_some()
    }

    fn event(&mut self, event: &BlobEvent, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        // The results of Find in names were for the folder left.
        if let BlobEvent::FolderChanged = event {
            self.search = None;
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        find_row(self, ui, core, ctx, fx);
    }
}

/// The blobs of a page whose names (after `skip` bytes, the scope's prefix) match.
fn matching(page: Vec<BlobItem>, re: &Regex, skip: usize) -> Vec<BlobItem> {
    page.into_iter()
        .filter(|b| re.is_match(b.name.get(skip..).unwrap_or(&b.name)))
        .collect()
}

impl FindInNames {
    /// Starts Find in names with what the row holds; a text that cannot be matched is said in words and nothing
    /// is listed. A search already under way is replaced (dropping it stops it).
    pub fn find_in_names(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let form = self.form.clone();
        let re = match matcher(&form.text, form.how) {
            Ok(re) => re,
            Err(why) => {
                self.problem = Some(why);
                return;
            }
        };
        self.problem = None;
        let scope = if form.whole_container {
            String::new()
        } else {
            core.prefix.clone()
        };
        let options = ListBlobsOptions {
            prefix: Some(scope.clone()).filter(|p| !p.is_empty()),
            max_results: Some(5000),
            ..Default::default()
        };
        let skip = scope.len();
        // A flat listing loaded whole already holds every name of the scope: those are searched, off the UI
        // thread, with no request (ten million names in a second or two, not 2,000 pages listed again).
        let loaded = core.view.flat
            && core.started
            && core.listed.next_marker.is_none()
            && core.reading.all_pages.is_none()
            && core.reading.listing.is_empty()
            && core.view.searched.is_none()
            && core.listed.error.is_none()
            && (scope == core.prefix);
        let walk = match loaded {
            true => {
                let range = core.listed.blobs.starting_with(&scope);
                Walk::over_rows(ctx.backend, core.listed.blobs.clone(), range, move |list, rows| {
                    rows.filter(|&i| {
                        let name = list.name(i);
                        re.is_match(name.get(skip..).unwrap_or(name))
                    })
                    .map(|i| list.get(i))
                    .collect()
                })
            }
            false => Walk::start(
                ctx.backend,
                ctx.client.clone(),
                core.container.clone(),
                vec![options],
                move |page| matching(page.blobs, &re, skip),
            ),
        };
        let place = if scope.is_empty() {
            tr!("blob-name-search-whole-of", container = core.container.as_str())
        } else {
            format!("`{scope}`")
        };
        let id = match form.how {
            NameMatch::ContainsAnyCase => "blob-name-search-what-any-case",
            NameMatch::ContainsExactCase => "blob-name-search-what-exact-case",
            NameMatch::Regex => "blob-name-search-what-regex",
        };
        let mut what = tr!(id, text = form.text.as_str(), place = place);
        if loaded {
            what = tr!(
                "blob-name-search-in-loaded",
                what = what,
                count = core.listed.blobs.len()
            );
        }
        fx.show_found(Some(Found {
            what,
            rows: ListedBlobs::new(),
        }));
        self.search = Some(NameSearch {
            job: WalkJob::new(walk),
        });
    }

    /// Stops the search; the matches found so far stay listed.
    pub fn stop_find(&mut self) {
        if let Some(s) = &mut self.search {
            s.job.stop();
        }
    }

    /// Back to the folder's listing (a search under way stops).
    pub fn close_find(&mut self, fx: &mut Effects) {
        self.search = None;
        fx.show_found(None);
    }

    /// How the tab's search box finds names: by their start (None, the box's own filter) or as Find in names does.
    pub fn box_mode(&self) -> Option<NameMatch> {
        self.box_mode
    }

    /// The search box's drop-down chose how it finds names. The form follows, so the strip says the same.
    pub fn set_box_mode(&mut self, how: Option<NameMatch>) {
        self.box_mode = how;
        if let Some(how) = how {
            self.form.how = how;
        }
    }

    /// The search box's text, when it finds names as Find in names does (the form's text: one text, two places).
    pub fn box_text(&mut self) -> &mut String {
        &mut self.form.text
    }

    /// Enter in the search box: finds in the folder shown; an empty box goes back to the folder.
    pub fn find_from_box(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if self.form.text.is_empty() {
            self.problem = None;
            self.close_find(fx);
            return;
        }
        self.form.whole_container = false;
        self.find_in_names(core, ctx, fx);
    }

    /// What the Find in names row holds (the tests and the benches type into it through this).
    pub fn form_mut(&mut self) -> &mut FindForm {
        &mut self.form
    }
}

/// The Find in names row, and under it how the search is going.
fn find_row(f: &mut FindInNames, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(t("blob-name-search-label"));
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut f.form.text)
                    .desired_width(180.0)
                    .hint_text(t("blob-name-search-hint")),
            )
            .labelled_by(label.id);
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        // Three choices, all in sight: which one is on is read at a glance (and by a screen reader).
        for how in NameMatch::ALL {
            ui.radio_value(&mut f.form.how, how, how.describe());
        }
        let whole = if core.prefix.is_empty() {
            t("blob-name-search-whole")
        } else {
            tr!("blob-name-search-whole-not-only", prefix = core.prefix.as_str())
        };
        ui.checkbox(&mut f.form.whole_container, whole);
        let running = f.search.as_ref().is_some_and(|s| s.job.is_running());
        if running {
            if ui.button(t("blob-name-search-stop")).clicked() {
                f.stop_find();
            }
        } else if ui
            .button(t("blob-name-search-find"))
            .on_hover_text(t("blob-name-search-find-hint"))
            .clicked()
            || entered
        {
            f.find_in_names(core, ctx, fx);
        }
        if f.search.is_some() && ui.button(t("blob-name-search-back")).clicked() {
            f.close_find(fx);
        }
    });
    if let Some(why) = &f.problem {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    if let (Some(s), Some(found)) = (&f.search, &core.listed.found) {
        ui.label(
            RichText::new(tr!(
                "blob-name-search-matches",
                count = found.rows.len(),
                what = found.what.as_str()
            ))
            .strong(),
        );
        crate::app::blob::walk::job_state(ui, &s.job);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(found: Vec<BlobItem>) -> Vec<String> {
        found.into_iter().map(|b| b.name).collect()
    }

    fn page(names: &[&str]) -> Vec<BlobItem> {
        names
            .iter()
            .map(|n| BlobItem {
                name: n.to_string(),
                ..Default::default()
            })
            .collect()
    }

    #[test]
    fn contains_in_any_case_exact_case_and_regex() {
        let p = || page(&["logs/Error-1.txt", "logs/error-2.TXT", "logs/ok.txt", "a+b.txt"]);
        let any = matcher("error", NameMatch::ContainsAnyCase).unwrap();
        assert_eq!(names(matching(p(), &any, 0)), ["logs/Error-1.txt", "logs/error-2.TXT"]);
        let exact = matcher("error", NameMatch::ContainsExactCase).unwrap();
        assert_eq!(names(matching(p(), &exact, 0)), ["logs/error-2.TXT"]);
        // A literal's special characters are literal.
        let plus = matcher("a+b", NameMatch::ContainsAnyCase).unwrap();
        assert_eq!(names(matching(p(), &plus, 0)), ["a+b.txt"]);
        let re = matcher(r"-\d\.txt$", NameMatch::Regex).unwrap();
        assert_eq!(names(matching(p(), &re, 0)), ["logs/Error-1.txt"]);
    }

    #[test]
    fn the_scope_prefix_is_not_searched() {
        let p = page(&["logs/a.txt", "logs/logs.txt"]);
        let re = matcher("logs", NameMatch::ContainsAnyCase).unwrap();
        assert_eq!(names(matching(p, &re, "logs/".len())), ["logs/logs.txt"]);
    }

    #[test]
    fn bad_input_is_said_before_any_request() {
        assert!(
            matcher("", NameMatch::ContainsAnyCase)
                .unwrap_err()
                .contains("Type what")
        );
        let why = matcher("(unclosed", NameMatch::Regex).unwrap_err();
        assert!(why.contains("not a regular expression"), "{why}");
        // The same text is fine as a literal.
        assert!(matcher("(unclosed", NameMatch::ContainsAnyCase).is_ok());
    }
}
