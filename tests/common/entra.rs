//! What the Microsoft Entra ID tests sign in with: an Azurite over HTTPS that takes bearer tokens
//! (`--oauth basic`, with a certificate made here), tokens minted here, a stand-in `az` on the PATH that prints
//! what the real one prints, and a local OAuth endpoint that answers as Microsoft's documents say. These
//! stand-ins are the only parts not run against Microsoft itself.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use base64::Engine;
use tessera::emulator::{Emulator, EmulatorOptions};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub const TENANT_ID: &str = "72f988bf-86f1-41af-91ab-2d7cd011db47";

/// The HTTPS emulator with OAuth, its certificate authority's PEM (what a user would trust), and the folder.
pub struct OAuthEmulator {
    pub emulator: Emulator,
    pub ca_pem: PathBuf,
    pub dir: PathBuf,
}

/// One per test binary: a certificate authority and a server certificate for 127.0.0.1 made here (as mkcert
/// would), and Azurite serving HTTPS with it and checking bearer tokens.
pub fn oauth_emulator() -> &'static OAuthEmulator {
    static E: OnceLock<OAuthEmulator> = OnceLock::new();
    E.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tessera-entra-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (ca_pem, cert_pem, key_pem) = certificates();
        let (ca, cert, key) = (dir.join("ca.pem"), dir.join("cert.pem"), dir.join("key.pem"));
        std::fs::write(&ca, ca_pem).unwrap();
        std::fs::write(&cert, cert_pem).unwrap();
        std::fs::write(&key, key_pem).unwrap();
        let options = EmulatorOptions {
            https: Some((cert, key)),
            oauth: true,
            // Microsoft's Python SDKs read back what was written here, with API versions newer than Azurite knows.
            skip_api_version_check: true,
            ..Default::default()
        };
        let emulator =
            Emulator::start_with(&options).unwrap_or_else(|e| panic!("the OAuth Azurite did not start: {e}"));
        OAuthEmulator {
            emulator,
            ca_pem: ca,
            dir,
        }
    })
}

/// The OAuth Azurite's account with its key, trusting the test's certificate authority.
pub fn keyed_account() -> tessera::storage::Account {
    let e = oauth_emulator();
    let mut account = e.emulator.account();
    account.trusted_cert = Some(e.ca_pem.clone());
    account
}

/// A client of that account, made now (under the proxy in use now).
pub fn keyed_client() -> tessera::storage::Client {
    tessera::storage::Client::new(keyed_account(), tessera::storage::ClientOptions::default()).unwrap()
}

/// Makes `container` on the OAuth Azurite with one blob holding `body`.
pub async fn container_with_blob(client: &tessera::storage::Client, container: &str, blob: &str, body: &'static [u8]) {
    use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess};
    client
        .create_container(container, PublicAccess::None, &[])
        .await
        .unwrap();
    client
        .put_blob(
            container,
            blob,
            bytes::Bytes::from_static(body),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::default(),
        )
        .await
        .unwrap();
}

fn certificates() -> (String, String, String) {
    use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair, KeyUsagePurpose};
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "Tessera test CA");
    let ca = CertifiedIssuer::self_signed(ca_params, KeyPair::generate().unwrap()).unwrap();
    let leaf_key = KeyPair::generate().unwrap();
    let leaf = CertificateParams::new(vec!["127.0.0.1".to_string(), "localhost".to_string()])
        .unwrap()
        .signed_by(&leaf_key, &ca)
        .unwrap();
    (ca.pem(), leaf.pem(), leaf_key.serialize_pem())
}

/// A JWT such as Entra ID issues for storage, ending `life` seconds from now (negative: already ended).
/// Azurite checks its audience, issuer and times, not its signature.
pub fn mint_token(life: i64) -> (String, u64) {
    mint_token_for("https://storage.azure.com", TENANT_ID, life)
}

/// A JWT for `audience` in tenant `tid` (Resource Manager's stand-in reads both).
pub fn mint_token_for(audience: &str, tid: &str, life: i64) -> (String, u64) {
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let exp = (now + life) as u64;
    let b64 = |v: serde_json::Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
    let header = b64(serde_json::json!({"typ": "JWT", "alg": "RS256", "kid": "test"}));
    let claims = b64(serde_json::json!({
        "aud": audience,
        "iss": format!("https://sts.windows.net/{tid}/"),
        "iat": now - 600, "nbf": now - 600, "exp": exp,
        "oid": "11059fcc-5514-4800-b5f8-49808b9cfab6", "tid": tid,
        "scp": "user_impersonation", "ver": "1.0",
        "nonce": uuid_like(),
    }));
    (format!("{header}.{claims}.c2lnbmF0dXJl"), exp)
}

fn uuid_like() -> String {
    format!("{:032x}", fastrand::u128(..))
}

/// The stand-in Azure CLI: a shell script named `az` in a folder put first on this test process's PATH. It
/// answers `az account get-access-token` per `--tenant` (each test its own tenant) with the JSON or the error
/// text the test left for that tenant, and counts its calls.
pub struct StandInAz {
    dir: PathBuf,
}

pub fn stand_in_az() -> &'static StandInAz {
    static AZ: OnceLock<StandInAz> = OnceLock::new();
    AZ.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tessera-az-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("az");
        // The folder is written into the script with forward slashes, which every `sh` reads (Git's on Windows too).
        let folder = dir.display().to_string().replace('\\', "/");
        std::fs::write(
            &script,
            r#"#!/bin/sh
# Stand-in for `az account get-access-token --resource R --output json [--tenant T]`.
dir='FOLDER'
tenant=default
resource=storage
while [ $# -gt 0 ]; do
  if [ "$1" = "--tenant" ]; then tenant="$2"; fi
  if [ "$1" = "--resource" ]; then case "$2" in *management*) resource=arm;; esac; fi
  shift
done
if [ "$resource" = arm ]; then
  echo "$tenant arm" >> "$dir/calls.log"
  if [ -f "$dir/$tenant.arm.stderr" ]; then cat "$dir/$tenant.arm.stderr" >&2; exit 1; fi
  if [ ! -f "$dir/$tenant.arm.json" ]; then echo "ERROR: Please run 'az login' to setup account." >&2; exit 1; fi
  cat "$dir/$tenant.arm.json"
  exit 0
fi
echo "$tenant" >> "$dir/calls.log"
if [ -f "$dir/$tenant.stderr" ]; then cat "$dir/$tenant.stderr" >&2; exit 1; fi
if [ ! -f "$dir/$tenant.json" ]; then echo "ERROR: Please run 'az login' to setup account." >&2; exit 1; fi
cat "$dir/$tenant.json"
"#
            .replace("FOLDER", &folder),
        )
        .unwrap();
        // Windows runs `az.cmd` (as the real CLI is installed): it hands its arguments to the same script through
        // the `sh` of Git for Windows, which the CI runners have on PATH.
        #[cfg(windows)]
        std::fs::write(dir.join("az.cmd"), "@sh \"%~dp0az\" %*\r\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let path = std::env::var_os("PATH").unwrap_or_default();
        let joined = std::env::join_paths(std::iter::once(dir.clone()).chain(std::env::split_paths(&path))).unwrap();
        // SAFETY: set once, before any test of this binary spawns `az`; nothing else writes the environment.
        unsafe { std::env::set_var("PATH", joined) };
        StandInAz { dir }
    })
}

impl StandInAz {
    /// `az` will print a token for this tenant ending `life` seconds from now, as CLI 2.54+ prints it.
    pub fn answer_token(&self, tenant: &str, life: i64) -> String {
        self.answer_token_said_to_last(tenant, life, life)
    }

    /// As `answer_token`, but the CLI's `expires_on` says `said_life` while the token ends in `life` (one revoked,
    /// or ended early, as the service sees it).
    pub fn answer_token_said_to_last(&self, tenant: &str, life: i64, said_life: i64) -> String {
        let (token, exp) = mint_token(life);
        let said = (exp as i64 - life + said_life) as u64;
        let json = serde_json::json!({
            "accessToken": token,
            "expiresOn": "2026-01-01 00:00:00.000000",
            "expires_on": said,
            "subscription": "00000000-0000-0000-0000-000000000000",
            "tenant": TENANT_ID,
            "tokenType": "Bearer",
        });
        let _ = std::fs::remove_file(self.dir.join(format!("{tenant}.stderr")));
        write_atomically(&self.dir.join(format!("{tenant}.json")), &json.to_string());
        token
    }

    /// `az` will print a Resource Manager token when asked in `tenant` (`default`: without `--tenant`), its
    /// `tid` claim naming `tid`.
    pub fn answer_arm_token(&self, tenant: &str, tid: &str) -> String {
        let (token, exp) = mint_token_for("https://management.core.windows.net/", tid, 3600);
        let json = serde_json::json!({"accessToken": token, "expires_on": exp, "tenant": tid, "tokenType": "Bearer"});
        let _ = std::fs::remove_file(self.dir.join(format!("{tenant}.arm.stderr")));
        write_atomically(&self.dir.join(format!("{tenant}.arm.json")), &json.to_string());
        token
    }

    /// `az` will refuse Resource Manager tokens in this tenant with this text on stderr.
    pub fn answer_arm_failure(&self, tenant: &str, stderr: &str) {
        write_atomically(&self.dir.join(format!("{tenant}.arm.stderr")), stderr);
    }

    /// `az` will fail for this tenant with this text on stderr (exit status 1).
    pub fn answer_failure(&self, tenant: &str, stderr: &str) {
        write_atomically(&self.dir.join(format!("{tenant}.stderr")), stderr);
    }

    pub fn calls(&self, tenant: &str) -> usize {
        std::fs::read_to_string(self.dir.join("calls.log"))
            .unwrap_or_default()
            .lines()
            .filter(|l| *l == tenant)
            .count()
    }
}

fn write_atomically(path: &Path, text: &str) {
    // A name of its own: tests running at once may write the same answer.
    let tmp = path.with_extension(format!("{:x}.tmp", fastrand::u64(..)));
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(tmp, path).unwrap();
}

/// A local OAuth 2.0 endpoint shaped as Microsoft identity platform's v2 endpoints: `/{tenant}/oauth2/v2.0/
/// devicecode` and `/token` (device code, refresh token and client credentials grants).
#[derive(Clone)]
pub struct OAuthEndpoint {
    pub host: String,
    state: Arc<Mutex<EndpointState>>,
}

#[derive(Default)]
struct EndpointState {
    /// What the device-code grant answers, in order (`authorization_pending`, `slow_down`, `expired_token`,
    /// `access_denied`, or `ok`); the last one repeats.
    device_answers: VecDeque<&'static str>,
    client_secret: String,
    refresh_tokens_given: u32,
    /// Codes handed out by the sign-in page: the PKCE challenge and redirect each was asked with.
    authorized: std::collections::HashMap<String, (String, String)>,
    codes_given: u32,
    /// How many requests more are answered 503 (a busy endpoint) before the real answer.
    busy: u32,
    requests: Vec<(String, String)>,
}

impl OAuthEndpoint {
    pub async fn start(client_secret: &str) -> OAuthEndpoint {
        Self::serve(client_secret, None).await
    }

    /// The same endpoint over HTTPS, with the server certificate of the test's own certificate authority (as a
    /// private sign-in host, or a TLS-inspecting proxy in front of Microsoft's, would present).
    pub async fn start_https(client_secret: &str) -> OAuthEndpoint {
        Self::serve(client_secret, Some(tls_acceptor())).await
    }

    async fn serve(client_secret: &str, tls: Option<tokio_rustls::TlsAcceptor>) -> OAuthEndpoint {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let scheme = if tls.is_some() { "https" } else { "http" };
        let endpoint = OAuthEndpoint {
            host: format!("{scheme}://{}", listener.local_addr().unwrap()),
            state: Arc::new(Mutex::new(EndpointState {
                client_secret: client_secret.into(),
                ..Default::default()
            })),
        };
        let state = endpoint.state.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let (state, tls) = (state.clone(), tls.clone());
                tokio::spawn(async move {
                    match tls {
                        // A client that does not trust the certificate ends the handshake: nothing to answer.
                        Some(tls) => {
                            if let Ok(stream) = tls.accept(socket).await {
                                respond(stream, &state).await;
                            }
                        }
                        None => respond(socket, &state).await,
                    }
                });
            }
        });
        endpoint
    }

    pub fn script_device_code(&self, answers: &[&'static str]) {
        self.state.lock().unwrap().device_answers = answers.iter().copied().collect();
    }

    /// The next `n` requests are answered 503, as a busy sign-in host does.
    /// A service principal signing in here with `secret` for Resource Manager (the public cloud's audience).
    pub fn resource_manager_principal(&self, secret: &str) -> tessera::storage::oauth::ServicePrincipal {
        tessera::storage::oauth::ServicePrincipal {
            authority: tessera::storage::oauth::Authority::new(&self.host, TENANT_ID)
                .unwrap()
                .trusting(Some(oauth_emulator().ca_pem.clone())),
            client_id: "11111111-2222-3333-4444-555555555555".into(),
            secret: tessera::storage::oauth::Secret::new(secret),
            audience: tessera::storage::token::Audience::resource_manager(tessera::storage::cloud::Cloud::Public),
        }
    }

    pub fn busy_for(&self, n: u32) {
        self.state.lock().unwrap().busy = n;
    }

    /// The form fields of every request, by path.
    pub fn requests(&self) -> Vec<(String, String)> {
        self.state.lock().unwrap().requests.clone()
    }
}

/// A TLS acceptor with the server certificate of the tests' own certificate authority (as a private host, or a
/// TLS-inspecting proxy in front of Microsoft's, would present).
pub fn tls_acceptor() -> tokio_rustls::TlsAcceptor {
    use rustls::pki_types::PrivateKeyDer;
    use rustls::pki_types::pem::PemObject;
    let _ = rustls::crypto::ring::default_provider().install_default();
    let dir = &oauth_emulator().dir;
    let certs = rustls::pki_types::CertificateDer::pem_file_iter(dir.join("cert.pem"))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let key = PrivateKeyDer::from_pem_file(dir.join("key.pem")).unwrap();
    let config = rustls::ServerConfig::builder()
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .unwrap();
    tokio_rustls::TlsAcceptor::from(Arc::new(config))
}

/// Records what the sign-in page was asked (the PKCE challenge, the redirect, the state) and where the browser goes
/// next: the redirect with a new code and the same state.
fn authorize(state: &Mutex<EndpointState>, path: &str) -> String {
    let query = path.split_once('?').map_or("", |(_, q)| q);
    let params: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let mut s = state.lock().unwrap();
    s.requests.push((path.to_string(), String::new()));
    s.codes_given += 1;
    let code = format!("AUTHCODE-{}", s.codes_given);
    let redirect = params.get("redirect_uri").cloned().unwrap_or_default();
    s.authorized.insert(
        code.clone(),
        (
            params.get("code_challenge").cloned().unwrap_or_default(),
            redirect.clone(),
        ),
    );
    let back = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            ("code", code.as_str()),
            ("state", params.get("state").map_or("", String::as_str)),
        ])
        .finish();
    format!("{redirect}/?{back}")
}

/// Reads one request and answers it as the endpoint would.
async fn respond<S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin>(mut socket: S, state: &Mutex<EndpointState>) {
    let Some((path, body)) = read_request(&mut socket).await else {
        return;
    };
    if path.contains("/oauth2/v2.0/authorize?") {
        // The sign-in page: the person signs in, and the browser is sent back to the app with a code.
        let location = authorize(state, &path);
        let response =
            format!("HTTP/1.1 302 Found\r\nlocation: {location}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
        let _ = socket.write_all(response.as_bytes()).await;
        let _ = socket.shutdown().await;
        return;
    }
    let (status, json) = answer(state, &path, &body);
    let text = json.to_string();
    let response = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = socket.write_all(response.as_bytes()).await;
    let _ = socket.shutdown().await;
}

async fn read_request<S: tokio::io::AsyncRead + Unpin>(socket: &mut S) -> Option<(String, String)> {
    let (head, body) = read_http_request(socket).await?;
    let path = head.split_whitespace().nth(1).unwrap_or("").to_string();
    Some((path, body))
}

/// One HTTP/1.1 request: its head (request line and headers) and its body.
pub async fn read_http_request<S: tokio::io::AsyncRead + Unpin>(socket: &mut S) -> Option<(String, String)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = socket.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..end]).to_string();
            let length: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse().unwrap_or(0))
                })
                .unwrap_or(0);
            while buf.len() < end + 4 + length {
                let n = socket.read(&mut chunk).await.ok()?;
                if n == 0 {
                    break;
                }
                buf.extend_from_slice(&chunk[..n]);
            }
            return Some((head, String::from_utf8_lossy(&buf[end + 4..]).to_string()));
        }
    }
}

fn answer(state: &Mutex<EndpointState>, path: &str, body: &str) -> (&'static str, serde_json::Value) {
    let form: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(body.as_bytes()).into_owned().collect();
    let mut s = state.lock().unwrap();
    s.requests.push((path.to_string(), body.to_string()));
    if s.busy > 0 {
        s.busy -= 1;
        return (
            "503 Service Unavailable",
            serde_json::json!({"error": "temporarily_unavailable", "error_description": "AADSTS90033: A transient error has occurred. Please try again."}),
        );
    }
    // A token for what the scope asks: Resource Manager's, or storage's.
    let minted = |form: &std::collections::HashMap<String, String>| {
        let scope = form.get("scope").map(String::as_str).unwrap_or("");
        if scope.contains("management") {
            mint_token_for("https://management.core.windows.net/", TENANT_ID, 3600).0
        } else {
            mint_token(3600).0
        }
    };
    let error = |code: &str, text: &str| serde_json::json!({"error": code, "error_description": format!("{text}\r\nTrace ID: 0000\r\nTimestamp: 2026-11-22 00:00:00Z"), "error_codes": [0]});
    if path.ends_with("/oauth2/v2.0/devicecode") {
        return (
            "200 OK",
            serde_json::json!({
                "device_code": "DEVICECODE-SECRET", "user_code": "FJ3K9QWX",
                "verification_uri": "https://microsoft.com/devicelogin", "expires_in": 900, "interval": 1,
                "message": "To sign in, use a web browser to open the page https://microsoft.com/devicelogin and enter the code FJ3K9QWX to authenticate.",
            }),
        );
    }
    if !path.ends_with("/oauth2/v2.0/token") {
        return (
            "404 Not Found",
            error(
                "invalid_request",
                "AADSTS900561: The endpoint only accepts POST requests.",
            ),
        );
    }
    let token = |s: &mut EndpointState| {
        s.refresh_tokens_given += 1;
        let access = minted(&form);
        serde_json::json!({"token_type": "Bearer", "scope": "https://storage.azure.com/user_impersonation",
            "expires_in": 3599, "ext_expires_in": 3599, "access_token": access,
            "refresh_token": format!("REFRESH-{}", s.refresh_tokens_given)})
    };
    match form.get("grant_type").map(String::as_str) {
        Some("client_credentials") if form.get("client_secret") == Some(&s.client_secret) => {
            let access = minted(&form);
            (
                "200 OK",
                serde_json::json!({"token_type": "Bearer", "expires_in": 3599, "access_token": access}),
            )
        }
        Some("client_credentials") => (
            "401 Unauthorized",
            error(
                "invalid_client",
                "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.",
            ),
        ),
        Some("urn:ietf:params:oauth:grant-type:device_code") => {
            let next = if s.device_answers.len() > 1 {
                s.device_answers.pop_front()
            } else {
                s.device_answers.front().copied()
            };
            match next.unwrap_or("ok") {
                "ok" => ("200 OK", token(&mut s)),
                "authorization_pending" => (
                    "400 Bad Request",
                    error(
                        "authorization_pending",
                        "AADSTS70016: OAuth 2.0 device flow error. Authorization is pending. Continue polling.",
                    ),
                ),
                "slow_down" => ("400 Bad Request", error("slow_down", "Slow down.")),
                "expired_token" => (
                    "400 Bad Request",
                    error(
                        "expired_token",
                        "AADSTS70020: The provided value for the input parameter 'device_code' is not valid. This device code has expired.",
                    ),
                ),
                other => (
                    "400 Bad Request",
                    error(other, "AADSTS70000: The user denied the authorization request."),
                ),
            }
        }
        Some("authorization_code") => {
            let asked = form.get("code").and_then(|c| s.authorized.remove(c));
            let verifier = form.get("code_verifier").map(String::as_str).unwrap_or("");
            match asked {
                Some((challenge, redirect))
                    if tessera::storage::browser_sign_in::challenge_of(verifier) == challenge
                        && form.get("redirect_uri") == Some(&redirect) =>
                {
                    ("200 OK", token(&mut s))
                }
                Some(_) => (
                    "400 Bad Request",
                    error(
                        "invalid_grant",
                        "AADSTS501481: The Code_Verifier does not match the code_challenge supplied in the authorization request.",
                    ),
                ),
                None => (
                    "400 Bad Request",
                    error(
                        "invalid_grant",
                        "AADSTS54005: OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.",
                    ),
                ),
            }
        }
        Some("refresh_token") if form.get("refresh_token").is_some_and(|t| t.starts_with("REFRESH-")) => {
            ("200 OK", token(&mut s))
        }
        Some("refresh_token") => (
            "400 Bad Request",
            error(
                "invalid_grant",
                "AADSTS70043: The refresh token has expired or is invalid due to sign-in frequency checks by conditional access.",
            ),
        ),
        _ => (
            "400 Bad Request",
            error(
                "unsupported_grant_type",
                "AADSTS70003: The app requested an unsupported grant type.",
            ),
        ),
    }
}

/// How long a test waits for `az` and the endpoint.
pub const PATIENCE: Duration = Duration::from_secs(60);
