//! Tokens from the signed-in Azure CLI (`az account get-access-token`): the app handles no secret at all, and
//! the CLI keeps and refreshes the sign-in itself.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use crate::error::{ErrorKind, Result, StorageError};
use crate::token::{AccessToken, Audience, TokenFuture, TokenSource, jwt_expiry};
use crate::words::{Said, said};

fn op_name() -> Said {
    said("error-op-azure-cli-token")
}

/// The longest `az` may take: it may refresh its own sign-in over the network first.
const AZ_PATIENCE: Duration = Duration::from_secs(60);

#[derive(Clone, Debug)]
pub struct AzureCli {
    /// The program to run: `az` on the PATH (`az.cmd` on Windows).
    pub program: PathBuf,
    /// The tenant to ask a token of, when the user is signed in to several.
    pub tenant: Option<String>,
    /// What the token is for: storage unless said otherwise.
    pub audience: Audience,
}

impl AzureCli {
    pub fn new(tenant: Option<String>) -> Self {
        AzureCli {
            program: PathBuf::from(if cfg!(windows) { "az.cmd" } else { "az" }),
            tenant: tenant.filter(|t| !t.trim().is_empty()),
            audience: Audience::storage(),
        }
    }

    /// The same sign-in, asking for tokens for another resource (Resource Manager).
    pub fn with_audience(mut self, audience: Audience) -> Self {
        self.audience = audience;
        self
    }

    fn args(&self) -> Vec<String> {
        let mut args: Vec<String> = [
            "account",
            "get-access-token",
            "--resource",
            self.audience.resource(),
            "--output",
            "json",
        ]
        .map(String::from)
        .into();
        if let Some(tenant) = &self.tenant {
            args.extend(["--tenant".into(), tenant.trim().to_string()]);
        }
        args
    }

    async fn run(&self) -> Result<AccessToken> {
        let mut command = tokio::process::Command::new(&self.program);
        command
            .args(self.args())
            .kill_on_drop(true)
            .stdin(std::process::Stdio::null());
        // A windowed app starting a batch file (az.cmd) would flash a console: CREATE_NO_WINDOW.
        #[cfg(windows)]
        command.creation_flags(0x0800_0000);
        let output = match tokio::time::timeout(AZ_PATIENCE, command.output()).await {
            Err(_) => {
                return Err(sign_in_error(said!(
                    "error-cli-too-slow",
                    seconds = AZ_PATIENCE.as_secs().to_string()
                )));
            }
            Ok(Err(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(sign_in_error(said!(
                    "error-cli-not-installed",
                    program = self.program.display().to_string()
                )));
            }
            Ok(Err(e)) => {
                return Err(sign_in_error(said!(
                    "error-cli-not-started",
                    program = self.program.display().to_string(),
                    error = e.to_string()
                )));
            }
            Ok(Ok(output)) => output,
        };
        if !output.status.success() {
            return Err(sign_in_error(explain_failure(
                &String::from_utf8_lossy(&output.stderr),
                self.tenant.as_deref(),
            )));
        }
        parse_token(&output.stdout)
    }
}

impl TokenSource for AzureCli {
    // `az` makes its own requests, out of this app's sight.
    fn fetch<'a>(&'a self, _report: Option<&'a crate::side_requests::Reporter>) -> TokenFuture<'a> {
        Box::pin(self.run())
    }

    fn describe(&self) -> Said {
        match &self.tenant {
            Some(tenant) => said!("error-describe-cli-tenant", tenant = tenant.as_str()),
            None => said("error-describe-cli"),
        }
    }

    fn sign_in_again(&self) -> Said {
        said!("error-cli-sign-in-again", command = self.login_command())
    }
}

impl AzureCli {
    fn login_command(&self) -> String {
        match &self.tenant {
            Some(t) => format!("az login --tenant {t}"), // i18n-ignore: a command to run
            None => "az login".into(),                   // i18n-ignore: a command to run
        }
    }
}

fn sign_in_error(message: Said) -> StorageError {
    StorageError::new(ErrorKind::SignIn, op_name(), message)
}

/// The CLI's own words, with what to run: it says `Please run 'az login'` when nobody is signed in, and an
/// `AADSTS` code when the sign-in ended (expired, revoked, another tenant).
fn explain_failure(stderr: &str, tenant: Option<&str>) -> Said {
    let said = stderr.lines().map(str::trim).find(|l| !l.is_empty()).map_or_else(
        || said("error-cli-no-message"),
        |l| Said::text(l.trim_start_matches("ERROR: ")),
    );
    let login = match tenant {
        Some(t) => format!("az login --tenant {t}"), // i18n-ignore: a command to run
        None => "az login".into(),                   // i18n-ignore: a command to run
    };
    if stderr.contains("az login") && !stderr.contains("AADSTS") {
        said!("error-cli-not-signed-in", said = said, command = login)
    } else if stderr.contains("AADSTS") {
        said!("error-cli-sign-in-ended", said = said, command = login)
    } else {
        said!("error-cli-failed", said = said)
    }
}

/// Reads the CLI's JSON: `accessToken`, and `expires_on` (seconds since 1970; CLI 2.54 and later) or else the
/// token's own `exp` claim (the older `expiresOn` is local time without a zone).
fn parse_token(stdout: &[u8]) -> Result<AccessToken> {
    let json: serde_json::Value = serde_json::from_slice(stdout)
        .map_err(|e| sign_in_error(said!("error-cli-answer-not-json", why = e.to_string())))?;
    let token = json
        .get("accessToken")
        .and_then(|t| t.as_str())
        .filter(|t| !t.is_empty())
        .ok_or_else(|| sign_in_error(said("error-cli-answer-no-token")))?;
    let expires_at = json
        .get("expires_on")
        .and_then(crate::token::json_seconds)
        .map(|secs| SystemTime::UNIX_EPOCH + Duration::from_secs(secs))
        .or_else(|| jwt_expiry(token))
        .ok_or_else(|| sign_in_error(said("error-cli-answer-no-expiry")))?;
    Ok(AccessToken::new(token, expires_at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cli_answer_is_read_with_its_end() {
        let t = parse_token(br#"{"accessToken":"abc","expiresOn":"2030-01-01 00:00:00.000000","expires_on":1893456000,"tokenType":"Bearer"}"#).unwrap();
        assert_eq!(t.secret(), "abc");
        assert_eq!(
            t.expires_at,
            SystemTime::UNIX_EPOCH + Duration::from_secs(1_893_456_000)
        );
        let e = parse_token(b"Please run az login").unwrap_err();
        assert_eq!(e.kind, ErrorKind::SignIn);
    }

    #[test]
    fn the_cli_failures_say_what_to_run() {
        let not_signed_in = explain_failure("ERROR: Please run 'az login' to setup account.\n", None);
        assert_eq!(
            not_signed_in,
            said!(
                "error-cli-not-signed-in",
                said = Said::text("Please run 'az login' to setup account."),
                command = "az login"
            )
        );
        let ended = explain_failure(
            "ERROR: AADSTS700082: The refresh token has expired due to inactivity.\nRun the command below to authenticate interactively\naz login --scope https://storage.azure.com//.default",
            Some("contoso.onmicrosoft.com"),
        );
        assert_eq!(
            ended,
            said!(
                "error-cli-sign-in-ended",
                said = Said::text("AADSTS700082: The refresh token has expired due to inactivity."),
                command = "az login --tenant contoso.onmicrosoft.com"
            )
        );
    }
}
