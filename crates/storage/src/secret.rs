//! A secret's text (a client secret, a refresh token, a proxy's password), kept out of every Debug output and
//! wiped from memory when its last copy is dropped.

use std::fmt;
use std::sync::Arc;

use zeroize::Zeroizing;

/// A secret string (client secret, refresh token) whose text never reaches Debug output. Clones share one copy
/// of the text, which is overwritten with zeros when the last of them is dropped.
#[derive(Clone)]
pub struct Secret(Arc<Zeroizing<String>>);

impl Secret {
    pub fn new(text: &str) -> Self {
        Secret(Arc::new(Zeroizing::new(text.trim().to_string())))
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Takes the text as it is (not trimmed), without copying it: the string given is the one wiped at the end.
impl From<String> for Secret {
    fn from(text: String) -> Self {
        Secret(Arc::new(Zeroizing::new(text)))
    }
}

impl PartialEq for Secret {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

/// The text is wiped when the last clone goes (`Zeroizing` inside the shared copy).
impl zeroize::ZeroizeOnDrop for Secret {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_never_shows_in_debug_output() {
        let s = Secret::from(" s3cret-text ".to_string());
        assert_eq!(s.expose(), " s3cret-text ", "kept as given");
        assert_eq!(
            Secret::new(" s3cret-text ").expose(),
            "s3cret-text",
            "typed text is trimmed"
        );
        let shown = format!("{s:?} {:?}", Some(s.clone()));
        assert!(!shown.contains("s3cret"), "{shown}");
    }
}
