//! The words the app shows, in the user's language: Project Fluent message files built into the binary
//! (`locales/<language>/*.ftl`, one file per part of the window), the language the UI thread draws in, and
//! `t` / `tr!` to look a message up.
//!
//! The language is the UI thread's (set by the frame each frame from View > Language), not the process's: test
//! harnesses draw several apps at once on their own threads, each in its own language.

use std::cell::Cell;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

/// A language the app's words are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    Russian,
    Chinese,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::English, Language::Russian, Language::Chinese];

    /// Its BCP 47 tag, also the folder of its message file.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Russian => "ru",
            Language::Chinese => "zh-CN",
        }
    }

    /// Its name as its own speakers write it: the menu lists each language in itself, so that someone who reads
    /// only that one finds it.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Russian => "Русский",
            Language::Chinese => "简体中文",
        }
    }

    /// The language for a system locale ("ru-RU", "zh_CN.UTF-8", "zh-Hans-CN"); English for any other.
    pub fn for_locale(locale: &str) -> Language {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "ru" => Language::Russian,
            "zh" => Language::Chinese,
            _ => Language::English,
        }
    }

    /// The system's language, read once (it does not change while the app runs).
    pub fn system() -> Language {
        static SYSTEM: OnceLock<Language> = OnceLock::new();
        *SYSTEM.get_or_init(|| sys_locale::get_locale().map_or(Language::English, |l| Language::for_locale(&l)))
    }

    /// Its message files, each with its name: one per part of the window, so that a part's words are found
    /// (and translated) together.
    pub fn message_files(self) -> [(&'static str, &'static str); FILES] {
        macro_rules! files {
            ($dir:literal) => {
                [
                    (
                        "tessera.ftl",
                        include_str!(concat!("../locales/", $dir, "/tessera.ftl")),
                    ),
                    (
                        "blob.ftl",
                        include_str!(concat!("../locales/", $dir, "/blob.ftl")),
                    ),
                    (
                        "blob-features.ftl",
                        include_str!(concat!("../locales/", $dir, "/blob-features.ftl")),
                    ),
                    (
                        "table.ftl",
                        include_str!(concat!("../locales/", $dir, "/table.ftl")),
                    ),
                    (
                        "table-features.ftl",
                        include_str!(concat!("../locales/", $dir, "/table-features.ftl")),
                    ),
                    (
                        "dialogs.ftl",
                        include_str!(concat!("../locales/", $dir, "/dialogs.ftl")),
                    ),
                    ("lab.ftl", include_str!(concat!("../locales/", $dir, "/lab.ftl"))),
                    (
                        "errors.ftl",
                        include_str!(concat!("../locales/", $dir, "/errors.ftl")),
                    ),
                ]
            };
        }
        match self {
            Language::English => files!("en"),
            Language::Russian => files!("ru"),
            Language::Chinese => files!("zh-CN"),
        }
    }

    /// What separates groups of three digits: a comma in English and Chinese, a no-break space in Russian.
    pub fn digit_group_separator(self) -> char {
        match self {
            Language::Russian => '\u{a0}',
            _ => ',',
        }
    }

    /// What separates a number's fraction: a comma in Russian, a point otherwise.
    pub fn decimal_separator(self) -> char {
        match self {
            Language::Russian => ',',
            _ => '.',
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// How many message files each language has.
pub const FILES: usize = 8;

thread_local! {
    static CURRENT: Cell<Language> = const { Cell::new(Language::English) };
}

/// Makes `language` the one this thread's drawing speaks (the frame does it each frame).
pub fn set_language(language: Language) {
    install();
    CURRENT.with(|c| c.set(language));
}

/// The language this thread draws in.
pub fn language() -> Language {
    install();
    CURRENT.with(Cell::get)
}

/// Runs `f` speaking `language`: work done on another thread words its result in the window's language.
pub fn in_language<T>(language: Language, f: impl FnOnce() -> T) -> T {
    let before = self::language();
    set_language(language);
    let out = f();
    set_language(before);
    out
}

/// `work`, each step of it speaking `language`: what a request started from the window says when it ends
/// ("Put message …", a job's summary), it says in the window's language, whichever thread runs the step.
pub fn speaking<F: std::future::Future>(language: Language, work: F) -> impl std::future::Future<Output = F::Output> {
    let mut work = Box::pin(work);
    std::future::poll_fn(move |cx| in_language(language, || work.as_mut().poll(cx)))
}

/// Every language's messages, parsed once. A message file that does not parse is a build defect that the
/// tests catch (`every_language_has_every_message_with_the_same_variables`), so it fails loudly here.
fn bundles() -> &'static [FluentBundle<FluentResource>; 3] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 3]> = OnceLock::new();
    BUNDLES.get_or_init(|| Language::ALL.map(bundle))
}

fn bundle(language: Language) -> FluentBundle<FluentResource> {
    let id = language.tag().parse().expect("a language tag");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Fluent wraps each variable in Unicode isolation marks for right-to-left text; none of these languages
    // needs them, and egui would draw them as boxes.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(match language {
        Language::English => grouped::<0>,
        Language::Russian => grouped::<1>,
        Language::Chinese => grouped::<2>,
    }));
    for (file, text) in language.message_files() {
        let resource = FluentResource::try_new(text.to_string())
            .unwrap_or_else(|(_, errors)| panic!("locales/{}/{file} does not parse: {errors:?}", language.tag()));
        if let Err(errors) = bundle.add_resource(resource) {
            panic!("locales/{}/{file} repeats a message: {errors:?}", language.tag());
        }
    }
    bundle
}

/// Whole numbers in a message are grouped as the language groups them ("12,345", "12 345"); others as Fluent
/// writes them.
fn grouped<const L: usize>(value: &FluentValue, _: &intl_memoizer::concurrent::IntlLangMemoizer) -> Option<String> {
    let FluentValue::Number(n) = value else { return None };
    let whole = n.value.fract() == 0.0 && n.value.abs() < 1e15 && n.options.minimum_fraction_digits.is_none();
    whole.then(|| {
        let sign = if n.value < 0.0 { "-" } else { "" };
        format!("{sign}{}", group_digits(n.value.abs() as u64, Language::ALL[L]))
    })
}

/// `n` with its digits grouped in threes as `language` writes them.
pub fn group_digits(n: u64, language: Language) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3 * 2);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(language.digit_group_separator());
        }
        out.push(c);
    }
    out
}

/// What the storage client says (a message id with its arguments, or someone else's text), in this thread's
/// language: the one place the client's typed errors, notes and descriptions become words. Installed into the
/// client (`storage::words::set_wording`) the first time the app speaks, so `Display` of a client error and
/// `Said::words` speak the app's languages.
pub fn word(said: &crate::storage::Said) -> String {
    use crate::storage::{Arg, Said};
    match said {
        Said::Text(text) => text.clone(),
        Said::Parts(parts) => parts.iter().map(word).collect(),
        Said::Message { id, args } => {
            let mut fluent = FluentArgs::new();
            for (name, value) in args {
                match value {
                    Arg::Text(text) => fluent.set(name.clone(), text.clone()),
                    Arg::Number(n) => fluent.set(name.clone(), number(*n)),
                    Arg::Said(inner) => fluent.set(name.clone(), word(inner)),
                }
            }
            t_args(id, Some(&fluent))
        }
    }
}

/// Makes the client's `Said`s speak through [`word`]. Every way into the app's words calls it; a test that only
/// reads a client error's words calls it first.
pub fn install() {
    crate::storage::words::set_wording(word);
}

/// The message `id` in this thread's language.
pub fn t(id: &str) -> String {
    t_args(id, None)
}

/// The message `id` in this thread's language, its variables filled from `args`. A message a language lacks
/// is said in English; one English lacks shows its id (both are test failures, never silent in a release).
pub fn t_args(id: &str, args: Option<&FluentArgs>) -> String {
    let all = bundles();
    let said = |bundle: &FluentBundle<FluentResource>| {
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        Some(bundle.format_pattern(pattern, args, &mut errors).into_owned())
    };
    said(&all[language().index()])
        .or_else(|| said(&all[Language::English.index()]))
        .unwrap_or_else(|| id.to_string())
}

/// `tr!("id", name = value, …)`: the message with its variables; numbers select plural forms and are grouped
/// as the language groups them.
macro_rules! tr {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($name), $value);)*
        $crate::i18n::t_args($id, Some(&args))
    }};
}
pub(crate) use tr;

/// A value handed to a message: a number (plural forms and digit grouping apply) or words.
pub fn number(n: impl Into<f64>) -> FluentValue<'static> {
    FluentValue::from(n.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_locale_picks_its_language() {
        assert_eq!(Language::for_locale("ru-RU"), Language::Russian);
        assert_eq!(Language::for_locale("zh_CN.UTF-8"), Language::Chinese);
        assert_eq!(Language::for_locale("zh-Hans-CN"), Language::Chinese);
        assert_eq!(Language::for_locale("C.UTF-8"), Language::English);
        assert_eq!(Language::for_locale("de-DE"), Language::English);
    }

    #[test]
    fn plurals_and_numbers_follow_the_language() {
        set_language(Language::Russian);
        let closed = |n: u32| tr!("activity-closed", closed = n);
        assert!(closed(1).contains("1 закрытая вкладка"), "{}", closed(1));
        assert!(closed(3).contains("3 закрытые вкладки"), "{}", closed(3));
        assert!(closed(5).contains("5 закрытых вкладок"), "{}", closed(5));
        assert!(closed(21).contains("21 закрытая вкладка"), "{}", closed(21));
        let requests = tr!("inspector-tab", requests = 12345u32, failed = 0u32);
        assert!(requests.contains("12\u{a0}345 запросов"), "{requests}");
        set_language(Language::English);
        assert_eq!(
            tr!("inspector-tab", requests = 12345u32, failed = 1u32),
            "HTTP inspector (12,345 requests, 1 failed)"
        );
        assert_eq!(
            tr!("inspector-tab", requests = 1u32, failed = 0u32),
            "HTTP inspector (1 request, 0 failed)"
        );
        set_language(Language::Chinese);
        assert_eq!(tr!("activity-running", running = 2u32), "活动（2 个正在运行）");
        set_language(Language::English);
    }

    #[test]
    fn work_started_from_a_window_words_its_result_in_that_windows_language_on_any_thread() {
        let work = speaking(Language::Russian, async {
            tokio::task::yield_now().await;
            t("menu-view")
        });
        // Another thread, whose own language is English: each step of the work still speaks Russian.
        let said = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
            (rt.block_on(work), t("menu-view"))
        })
        .join()
        .unwrap();
        assert_eq!(
            said,
            ("Вид".to_string(), "View".to_string()),
            "and the thread's own language is left as it was"
        );
    }

    #[test]
    fn a_missing_message_is_said_in_english_or_by_its_id() {
        set_language(Language::Russian);
        assert_eq!(t("no-such-message"), "no-such-message");
        set_language(Language::English);
        assert_eq!(t("menu-view"), "View");
    }

    #[test]
    fn a_client_error_speaks_the_threads_language_and_the_service_words_stay_as_said() {
        // (Moved from the client's own tests, which no longer word through the app's languages.)
        use crate::storage::{ErrorKind, StorageError};
        install();
        let mut e = StorageError::new(
            ErrorKind::Service,
            "Update entity",
            "The update condition specified in the request was not satisfied.",
        );
        e.status = Some(412);
        e.code = Some("UpdateConditionNotSatisfied".into());
        e.request_id = Some("req-1".into());
        let evidence = "HTTP 412 UpdateConditionNotSatisfied: The update condition specified in the request";
        let russian = in_language(Language::Russian, || e.plain_words());
        assert!(
            russian.starts_with("Сбой операции «Update entity»: Кто-то другой"),
            "{russian}"
        );
        assert!(
            russian.contains(evidence) && russian.contains("идентификатор запроса req-1"),
            "{russian}"
        );
        let chinese = in_language(Language::Chinese, || e.plain_words());
        assert!(
            chinese.contains("其他人已更改了它") && chinese.contains(evidence),
            "{chinese}"
        );
        assert!(
            e.plain_words()
                .starts_with("Update entity failed: Someone else changed it")
        );
    }
}
