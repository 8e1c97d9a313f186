//! Answers the lens gives in the service's place (a fault rule, a refused request, an upstream that did not
//! answer), shaped as the service shapes its errors so the app's SDK reads them as it reads the real ones: XML
//! for blobs and queues, JSON for tables, the code also in `x-ms-error-code`.

use bytes::Bytes;

use crate::storage::Service;

/// The service's usual code for a status, when a rule names none.
pub fn default_code(service: Service, status: u16) -> &'static str {
    match (service, status) {
        (_, 503) => "ServerBusy",
        (_, 500) => "InternalError",
        (_, 504) => "OperationTimedOut",
        (Service::Table, 412) => "UpdateConditionNotSatisfied",
        (_, 412) => "ConditionNotMet",
        (Service::Blob, 409) => "LeaseIdMismatchWithLeaseOperation",
        (_, 409) => "ResourceAlreadyExists",
        (_, 404) => "ResourceNotFound",
        (_, 403) => "AuthenticationFailed",
        (_, 429) => "TooManyRequests",
        _ => "LensAnswer",
    }
}

/// The service's words for the codes a person most often provokes.
pub fn default_message(code: &str) -> &'static str {
    match code {
        "ServerBusy" => "The server is busy.",
        "InternalError" => "The server encountered an internal error. Please retry the request.",
        "OperationTimedOut" => "The operation could not be completed within the permitted time.",
        "UpdateConditionNotSatisfied" | "ConditionNotMet" => {
            "The condition specified using HTTP conditional header(s) is not met."
        }
        "LeaseIdMismatchWithLeaseOperation" | "LeaseIdMismatch" => {
            "The lease ID specified did not match the lease ID for the blob."
        }
        _ => "Answered by Tessera's lens.",
    }
}

/// A whole answer: status, headers and body.
pub struct Answer {
    pub status: u16,
    pub code: String,
    pub headers: Vec<(&'static str, String)>,
    pub body: Bytes,
}

/// An error answer of `service` with this status, code and message.
pub fn error(service: Service, status: u16, code: &str, message: &str) -> Answer {
    let request_id = uuid::Uuid::new_v4().to_string();
    let (content_type, body) = match service {
        Service::Table => (
            "application/json;odata=minimalmetadata;streaming=true;charset=utf-8",
            serde_json::json!({"odata.error": {"code": code, "message": {"lang": "en-US", "value": format!("{message}\nRequestId:{request_id}")}}})
                .to_string(),
        ),
        _ => (
            "application/xml",
            format!(
                "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>{}</Code><Message>{}\nRequestId:{request_id}</Message></Error>",
                escape(code),
                escape(message)
            ),
        ),
    };
    Answer {
        status,
        code: code.to_string(),
        headers: vec![
            ("content-type", content_type.to_string()),
            ("x-ms-error-code", code.to_string()),
            ("x-ms-request-id", request_id),
            ("x-ms-version", crate::storage::API_VERSION.to_string()),
        ],
        body: Bytes::from(body),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_take_the_shape_of_their_service() {
        let blob = error(Service::Blob, 503, "ServerBusy", "The server is busy.");
        let text = std::str::from_utf8(&blob.body).unwrap();
        assert!(text.contains("<Code>ServerBusy</Code>"), "{text}");
        let table = error(Service::Table, 412, "UpdateConditionNotSatisfied", "x < y");
        let json: serde_json::Value = serde_json::from_slice(&table.body).unwrap();
        assert_eq!(json["odata.error"]["code"], "UpdateConditionNotSatisfied");
        assert!(
            table
                .headers
                .contains(&("x-ms-error-code", "UpdateConditionNotSatisfied".into()))
        );
        assert_eq!(default_code(Service::Table, 412), "UpdateConditionNotSatisfied");
        assert_eq!(default_code(Service::Queue, 503), "ServerBusy");
    }
}
