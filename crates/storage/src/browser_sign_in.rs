//! Signing in with the system browser, as desktop apps do (OAuth 2.0 authorization code with PKCE, RFC 7636, and a
//! loopback redirect, RFC 8252): the app listens on 127.0.0.1 on a free port for the one redirect, checks its
//! `state`, and redeems the code with the verifier only it knows. The redirect names `localhost`, which a browser
//! may reach on ::1 as well, so the same port is heard on both where the machine has IPv6.

use std::time::Duration;

use base64::Engine;
use sha2::Digest;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::error::{ErrorKind, Result, StorageError};
use crate::oauth::{Authority, Secret, SignedIn};
use crate::side_requests::Reporter;
use crate::token::Audience;
use crate::words::{Said, said};

fn op_name() -> Said {
    said("error-op-sign-in-browser")
}

/// How long the app waits for the person to finish in the browser.
pub const PATIENCE: Duration = Duration::from_secs(5 * 60);

/// A browser sign-in under way: the page to open, and what the redirect is checked against.
pub struct BrowserSignIn {
    /// The sign-in page, to open in the system browser (it holds no secret: the challenge, not the verifier).
    pub url: String,
    listener: std::net::TcpListener,
    /// The same port on ::1 (None where the machine has no IPv6 loopback, or the port is taken there).
    listener_v6: Option<std::net::TcpListener>,
    redirect_uri: String,
    verifier: Secret,
    state: String,
    authority: Authority,
    client_id: String,
    audience: Audience,
}

impl std::fmt::Debug for BrowserSignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BrowserSignIn({})", self.redirect_uri)
    }
}

/// Random text of the unreserved characters PKCE allows (two v4 UUIDs: 244 random bits).
fn random_text() -> String {
    format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple())
}

/// `BASE64URL(SHA256(verifier))`, the S256 challenge.
pub fn challenge_of(verifier: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(verifier.as_bytes()))
}

impl BrowserSignIn {
    /// Listens for the redirect (a loopback port the system picks) and makes the sign-in page's address. Binding a
    /// loopback socket does not wait on anything.
    pub fn start(authority: &Authority, client_id: &str, audience: &Audience) -> Result<BrowserSignIn> {
        let client_id = client_id.trim();
        if client_id.is_empty() {
            return Err(StorageError::invalid(op_name(), said("error-browser-enter-client-id")));
        }
        let (listener, listener_v6, port) = loopback_pair()?;
        // Microsoft identity platform matches `http://localhost` on any port for a public client.
        let redirect_uri = format!("http://localhost:{port}");
        let (verifier, state) = (random_text(), random_text());
        let query = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs([
                ("client_id", client_id),
                ("response_type", "code"),
                ("redirect_uri", &redirect_uri),
                ("response_mode", "query"),
                ("scope", &audience.user_scope()),
                ("state", &state),
                ("code_challenge", &challenge_of(&verifier)),
                ("code_challenge_method", "S256"),
                ("prompt", "select_account"),
            ])
            .finish();
        Ok(BrowserSignIn {
            url: format!("{}?{query}", authority.endpoint("authorize")),
            listener,
            listener_v6,
            redirect_uri,
            verifier: Secret::new(&verifier),
            state,
            authority: authority.clone(),
            client_id: client_id.to_string(),
            audience: audience.clone(),
        })
    }

    /// Waits for the browser to come back (a request without this sign-in's `state` is answered and ignored), then
    /// redeems the code. Ends with words when the person declines or does not finish within `PATIENCE`; dropping the
    /// future stops listening.
    pub async fn finish(self, report: Option<&Reporter>) -> Result<SignedIn> {
        let listen =
            |l: &std::net::TcpListener| tokio::net::TcpListener::from_std(l.try_clone().map_err(io)?).map_err(io);
        let listeners = (
            listen(&self.listener)?,
            self.listener_v6.as_ref().map(listen).transpose()?,
        );
        let code = tokio::time::timeout(PATIENCE, self.redirect(&listeners))
            .await
            .map_err(|_| {
                StorageError::new(
                    ErrorKind::SignIn,
                    op_name(),
                    said!(
                        "error-browser-too-slow",
                        minutes = (PATIENCE.as_secs() / 60).to_string()
                    ),
                )
            })??;
        crate::oauth::redeem_code(
            &self.authority,
            &self.client_id,
            &code,
            &self.redirect_uri,
            &self.verifier,
            &self.audience,
            report,
        )
        .await
    }

    /// The code the browser brings back, or the error it carries.
    async fn redirect(&self, (v4, v6): &(tokio::net::TcpListener, Option<tokio::net::TcpListener>)) -> Result<Secret> {
        loop {
            let on_v6 = async {
                match v6 {
                    Some(l) => l.accept().await,
                    None => std::future::pending().await,
                }
            };
            let (mut socket, _) = tokio::select! {
                accepted = v4.accept() => accepted,
                accepted = on_v6 => accepted,
            }
            .map_err(io)?;
            let mut head = Vec::new();
            let mut chunk = [0u8; 2048];
            // A browser may open a connection it never uses: it gets a few seconds, then the next one is heard.
            let read = tokio::time::timeout(Duration::from_secs(3), async {
                while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 16 * 1024 {
                    match socket.read(&mut chunk).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => head.extend_from_slice(&chunk[..n]),
                    }
                }
            })
            .await;
            if read.is_err() {
                continue;
            }
            let line = String::from_utf8_lossy(&head).lines().next().unwrap_or("").to_string();
            let target = line.split_whitespace().nth(1).unwrap_or("/");
            let query = target.split_once('?').map_or("", |(_, q)| q);
            let params: std::collections::HashMap<String, String> =
                url::form_urlencoded::parse(query.as_bytes()).into_owned().collect();
            // A favicon, a probe, another page's redirect: not this sign-in's.
            if params.get("state") != Some(&self.state) {
                respond(
                    &mut socket,
                    "404 Not Found",
                    &said("error-browser-page-not-this").words(),
                )
                .await;
                continue;
            }
            if let Some(code) = params.get("code").filter(|c| !c.is_empty()) {
                respond(&mut socket, "200 OK", &said("error-browser-page-signed-in").words()).await;
                return Ok(Secret::new(code));
            }
            let error = params.get("error").cloned().unwrap_or_else(|| "no_code".into());
            let description = params
                .get("error_description")
                .map(|d| d.lines().next().unwrap_or("").to_string())
                .unwrap_or_default();
            respond(&mut socket, "200 OK", &said("error-browser-page-not-finished").words()).await;
            return Err(StorageError::new(
                ErrorKind::SignIn,
                op_name(),
                match error.as_str() {
                    "access_denied" => said("error-browser-declined"),
                    _ => said!(
                        "error-browser-no-code",
                        error = error.as_str(),
                        description = description
                    ),
                },
            ));
        }
    }
}

/// A free port on 127.0.0.1 and, where the machine has IPv6, the same port on ::1. A port another program holds on
/// ::1 is passed over: a browser that takes `localhost` to ::1 would bring the redirect there.
fn loopback_pair() -> Result<(std::net::TcpListener, Option<std::net::TcpListener>, u16)> {
    let failed = |e: std::io::Error| {
        StorageError::new(
            ErrorKind::Io,
            op_name(),
            said!("error-browser-no-port", error = e.to_string()),
        )
    };
    for _ in 0..20 {
        let v4 = std::net::TcpListener::bind("127.0.0.1:0").map_err(failed)?;
        v4.set_nonblocking(true).map_err(failed)?;
        let port = v4.local_addr().map_err(failed)?.port();
        match std::net::TcpListener::bind(("::1", port)) {
            Ok(v6) => {
                v6.set_nonblocking(true).map_err(failed)?;
                return Ok((v4, Some(v6), port));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => continue,
            // No IPv6 loopback here: 127.0.0.1 alone.
            Err(_) => return Ok((v4, None, port)),
        }
    }
    Err(failed(std::io::Error::new(
        std::io::ErrorKind::AddrInUse,
        said("error-browser-ports-taken"),
    )))
}

fn io(e: std::io::Error) -> StorageError {
    StorageError::new(
        ErrorKind::Io,
        op_name(),
        said!("error-browser-listen-failed", error = e.to_string()),
    )
}

/// A small page for the browser tab the sign-in ends in.
async fn respond(socket: &mut tokio::net::TcpStream, status: &str, words: &str) {
    let body = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Tessera</title></head><body><p>{words}</p></body></html>"
    );
    let response = format!(
        "HTTP/1.1 {status}\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = socket.write_all(response.as_bytes()).await;
    let _ = socket.shutdown().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_challenge_is_rfc_7636s_and_the_page_carries_it_never_the_verifier() {
        // RFC 7636, appendix B.
        assert_eq!(
            challenge_of("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        let authority = Authority::new("", "organizations").unwrap();
        let sign_in = BrowserSignIn::start(&authority, "app", &Audience::storage()).unwrap();
        assert!(
            sign_in
                .url
                .starts_with("https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize?")
        );
        assert!(
            sign_in
                .url
                .contains(&format!("code_challenge={}", challenge_of(sign_in.verifier.expose())))
        );
        assert!(!sign_in.url.contains(sign_in.verifier.expose()));
        assert!(
            sign_in.url.contains("code_challenge_method=S256")
                && sign_in.url.contains("redirect_uri=http%3A%2F%2Flocalhost%3A")
        );
        assert!(BrowserSignIn::start(&authority, " ", &Audience::storage()).is_err());
    }
}
