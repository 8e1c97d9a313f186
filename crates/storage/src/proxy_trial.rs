//! The proxy window's test of a proxy not chosen yet: one GET through it, sent on the side-request path so the
//! inspector shows it like any request.

use url::Url;

use crate::proxy::{ProxyChoice, apply_choice, explain_for, refused};
use crate::words::{Said, number, said};

/// The proxy window's test: one GET of `address` through `choice` (any answer means the proxy let the request
/// through), sent by the side-request path so the inspector shows it (`Api::ProxyTest`); what it says, in words.
pub async fn test_through(
    choice: ProxyChoice,
    address: &str,
    report: Option<&crate::side_requests::Reporter>,
) -> std::result::Result<Said, Said> {
    use crate::side_requests::{SideRequest, send};
    let url = Url::parse(address)
        .map_err(|e| said!("error-proxy-trial-not-url", address = address, error = e.to_string()))?;
    let explain_choice = choice.clone();
    let builder = reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(10))
        .timeout(std::time::Duration::from_secs(30));
    let client = apply_choice(builder, choice)?
        .build()
        .map_err(|e| Said::text(e.to_string()))?;
    let request = SideRequest {
        api: crate::events::Api::ProxyTest,
        operation: &said("error-op-test-proxy"),
        method: reqwest::Method::GET,
        url: url.clone(),
        // One request on its own connection: a proxy may forward plain HTTP once per connection.
        headers: vec![("connection", "close".to_string())],
        form: None,
        carries_secret: false,
        once: true,
    };
    let started = std::time::Instant::now();
    match send(&client, &request, report).await {
        Ok(a) if a.status == 407 => Err(refused(&explain_choice)),
        Ok(a) => Ok(said!(
            "error-proxy-trial-reached",
            host = url
                .host_str()
                .map_or_else(|| said("error-proxy-trial-the-address"), Said::text),
            status = a.status.to_string(),
            ms = number(started.elapsed().as_millis() as f64)
        )),
        Err(e) => Err(match explain_for(e.trouble, &explain_choice) {
            Some(proxy_words) => proxy_words,
            None => e.message.clone(),
        }),
    }
}
