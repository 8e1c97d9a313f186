//! A secret's text (a client secret, a refresh token, a proxy's password), kept out of every Debug output.

use std::fmt;
use std::sync::Arc;

/// A secret string (client secret, refresh token) whose text never reaches Debug output.
#[derive(Clone)]
pub struct Secret(Arc<str>);

impl Secret {
    pub fn new(text: &str) -> Self {
        Secret(text.trim().into())
    }
    pub fn expose(&self) -> &str {
        &self.0
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
