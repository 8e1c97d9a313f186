//! The proxy window's test of a proxy not chosen yet: one GET through it, sent on the side-request path so the
//! inspector shows it like any request.

use url::Url;

use crate::storage::proxy::{ProxyChoice, apply_choice, explain_for, refused};

/// The proxy window's test: one GET of `address` through `choice` (any answer means the proxy let the request
/// through), sent by the side-request path so the inspector shows it (`Api::ProxyTest`); what it says, in words.
pub async fn test_through(
    choice: ProxyChoice,
    address: &str,
    report: Option<&crate::storage::side_requests::Reporter>,
) -> std::result::Result<String, String> {
    use crate::storage::side_requests::{SideRequest, send};
    let url = Url::parse(address).map_err(|e| format!("`{address}` is not a URL ({e})."))?;
    let explain_choice = choice.clone();
    let builder = reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(10))
        .timeout(std::time::Duration::from_secs(30));
    let client = apply_choice(builder, choice)?.build().map_err(|e| e.to_string())?;
    let request = SideRequest {
        api: crate::storage::events::Api::ProxyTest,
        operation: "Test the proxy",
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
        Ok(a) => Ok(format!(
            "Reached {} (HTTP {}) in {} ms.",
            url.host_str().unwrap_or("the address"),
            a.status,
            started.elapsed().as_millis()
        )),
        Err(e) => Err(match explain_for(&e.message, &explain_choice) {
            Some(proxy_words) => proxy_words,
            None => e.message.clone(),
        }),
    }
}
