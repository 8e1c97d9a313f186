//! What the client has to say, as typed values the app words: a message id with its arguments (`said!`), or
//! text that is not the app's own (the service's message, an OS error, a path). The client never looks a message
//! up; the app turns each `Said` into words in the window's language (its message files hold every id named here).

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

/// Something the client says: one of the app's messages by id and arguments, or text of someone else's.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Said {
    /// The message `id` of the app's message files, its variables given by name.
    Message {
        /// The message's id (`error-hint-precondition`).
        id: Cow<'static, str>,
        /// Its variables, by name, in the order given.
        args: Vec<(Cow<'static, str>, Arg)>,
    },
    /// Words that are not the app's: the service's own message, an OS error's text, a name or a path.
    Text(String),
    /// Parts said one after the other (a story, then its evidence on a line of its own).
    Parts(Vec<Said>),
}

/// A value handed to a message: words, a number (the language picks its plural form and groups its digits), or
/// another thing said (worded in the same language).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Arg {
    /// Words as they are (a name, a path, the service's text).
    Text(String),
    /// A number.
    Number(f64),
    /// Another thing said, worded first.
    Said(Said),
}

impl Said {
    /// The message `id` with no variables.
    pub fn new(id: &'static str) -> Said {
        Said::Message {
            id: Cow::Borrowed(id),
            args: Vec::new(),
        }
    }

    /// Text that is not the app's, said as it is.
    pub fn text(text: impl Into<String>) -> Said {
        Said::Text(text.into())
    }

    /// Nothing to say.
    pub fn empty() -> Said {
        Said::Text(String::new())
    }

    /// This with the variable `name` set to `value`.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Said {
        if let Said::Message { args, .. } = &mut self {
            args.push((Cow::Borrowed(name), value.into()));
        }
        self
    }

    /// The message id, when it is one of the app's messages.
    pub fn id(&self) -> Option<&str> {
        match self {
            Said::Message { id, .. } => Some(id.as_ref()),
            _ => None,
        }
    }

    /// The text, when it is someone else's words (the service's message) rather than a message of the app.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Said::Text(t) => Some(t),
            _ => None,
        }
    }

    /// True when there is nothing to say.
    pub fn is_empty(&self) -> bool {
        match self {
            Said::Text(t) => t.is_empty(),
            Said::Parts(p) => p.iter().all(Said::is_empty),
            Said::Message { .. } => false,
        }
    }

    /// This with every text in it (its own, and its variables') passed through `f`: redaction of secrets.
    pub fn map_text(self, f: &impl Fn(&str) -> String) -> Said {
        match self {
            Said::Text(t) => Said::Text(f(&t)),
            Said::Parts(p) => Said::Parts(p.into_iter().map(|s| s.map_text(f)).collect()),
            Said::Message { id, args } => Said::Message {
                id,
                args: args
                    .into_iter()
                    .map(|(name, value)| {
                        let value = match value {
                            Arg::Text(t) => Arg::Text(f(&t)),
                            Arg::Said(s) => Arg::Said(s.map_text(f)),
                            n => n,
                        };
                        (name, value)
                    })
                    .collect(),
            },
        }
    }

    /// The words, in the language the installed wording speaks on this thread (see [`set_wording`]).
    pub fn words(&self) -> String {
        match wording() {
            Some(word) => word(self),
            None => self.neutral(),
        }
    }

    /// Without a wording installed: the ids and their arguments, as a developer reads them.
    fn neutral(&self) -> String {
        match self {
            Said::Text(t) => t.clone(),
            Said::Parts(parts) => parts.iter().map(Said::neutral).collect(),
            Said::Message { id, args } if args.is_empty() => id.to_string(),
            Said::Message { id, args } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|(name, value)| match value {
                        Arg::Text(t) => format!("{name}={t:?}"),
                        Arg::Number(n) => format!("{name}={n}"),
                        Arg::Said(s) => format!("{name}=({})", s.neutral()),
                    })
                    .collect();
                format!("{id}({})", args.join(", "))
            }
        }
    }
}

/// How `Said` becomes words: the app installs its message lookup once, at start, before anything is shown.
pub type Wording = fn(&Said) -> String;

static WORDING: OnceLock<Wording> = OnceLock::new();

/// Installs `wording` as the way every `Said` (and so every error's `Display`) is put into words. The first one
/// installed stays; installing again is harmless.
pub fn set_wording(wording: Wording) {
    let _ = WORDING.set(wording);
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words())
    }
}

/// Equal when said alike. (A number in a message is a count, a size or a time: never NaN.)
impl Eq for Said {}

/// A `Said` carried inside an `std::io::Error` (a refusal a blocking file step words) stays typed: the error that
/// wraps it takes it back out (`StorageError::io`).
impl std::error::Error for Said {}

impl From<String> for Said {
    fn from(text: String) -> Said {
        Said::Text(text)
    }
}

impl From<&str> for Said {
    fn from(text: &str) -> Said {
        Said::Text(text.to_string())
    }
}

impl From<&String> for Said {
    fn from(text: &String) -> Said {
        Said::Text(text.clone())
    }
}

impl From<&Said> for Said {
    fn from(said: &Said) -> Said {
        said.clone()
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

impl From<Said> for Arg {
    fn from(said: Said) -> Arg {
        Arg::Said(said)
    }
}

impl From<&Said> for Arg {
    fn from(said: &Said) -> Arg {
        Arg::Said(said.clone())
    }
}

impl From<crate::StorageError> for Arg {
    fn from(error: crate::StorageError) -> Arg {
        Arg::Said(error.story())
    }
}

impl From<&crate::StorageError> for Arg {
    fn from(error: &crate::StorageError) -> Arg {
        Arg::Said(error.story())
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64);

/// A number handed to a message.
pub fn number(n: impl Into<f64>) -> Arg {
    Arg::Number(n.into())
}

/// The message `id` with no variables.
pub fn said(id: &'static str) -> Said {
    Said::new(id)
}

/// `said!("id", name = value, …)`: the message `id` with its variables (text, numbers, other `Said`s).
macro_rules! said_message {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut said = $crate::words::Said::new($id);
        $(said = said.arg(stringify!($name), $value);)*
        said
    }};
}
pub(crate) use said_message as said;

/// The installed wording.
fn wording() -> Option<&'static Wording> {
    WORDING.get()
}

/// The variable `name` of a message: the client's tests check what it says as data (the id and the values it
/// carries), never as words; the app's tests read the words in the window.
#[cfg(test)]
pub(crate) fn said_arg(said: &Said, name: &str) -> Option<Arg> {
    match said {
        Said::Message { args, .. } => args.iter().find(|(n, _)| n == name).map(|(_, value)| value.clone()),
        _ => None,
    }
}
