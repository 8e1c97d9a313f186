//! The readers of the services' answers, each from the raw bytes a service sent: the client reads every answer
//! through them inside its calls; they are public for fuzzing them and for seeding the fuzz corpora.

pub use crate::blob::container::container_page;
pub use crate::error::parse_error_body;
pub use crate::queue::answer_xml::{dequeued_messages, peeked_messages, put_receipt, queue_page};
pub use crate::table::batch::{batch_body, read_batch_response};
pub use crate::xml::{Element, parse as parse_xml};
