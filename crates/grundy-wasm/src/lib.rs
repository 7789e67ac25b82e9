//! The playground's engine in the browser: grundy-api's JSON API answered in
//! WebAssembly, one request at a time, inside the page's Web Worker
//! (`crates/grundy-cli/web/engine.js`), so the same pages run with no server.
//!
//! The module's interface is three functions over its memory, so that the page
//! needs no generated glue: the page asks [`request`] for a buffer and writes the
//! request there in UTF-8 (the endpoint, a newline, the URL's query string), calls
//! [`answer`], which gives the reply's length, and reads the reply at [`reply`]: a
//! JSON object `{status, type, body}`, as an HTTP server would answer. Each request
//! gets its budget of positions here, the time of its searches from the library's
//! default for the web (read on the page's clock, the import `env.grundy_clock_ms`),
//! and a wall-clock limit in the page, which ends the worker past it.

use std::cell::RefCell;

use grundy::{Asked, Budget, FrontEnd};
use grundy_api::{Failure, Fields, Request};
use serde::Serialize;

/// The memory one request may use: a quarter of what a page's WebAssembly may have.
const MAX_MEMORY: usize = 1 << 30;

thread_local! {
    /// The request the page wrote.
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The reply to it.
    static REPLY: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The answer to one request, as an HTTP server would send it.
#[derive(Serialize)]
struct Reply {
    /// The HTTP status it would have.
    status: u16,
    /// Its media type.
    #[serde(rename = "type")]
    content_type: &'static str,
    /// Its text: JSON, an SVG, or `{"error": "…"}`.
    body: String,
}

/// A buffer of `length` bytes for the next request, which the page writes.
#[no_mangle]
pub extern "C" fn request(length: usize) -> *mut u8 {
    REQUEST.with_borrow_mut(|request| {
        *request = vec![0; length];
        request.as_mut_ptr()
    })
}

/// Answers the request in the buffer; the length of the reply.
#[no_mangle]
pub extern "C" fn answer() -> usize {
    let request = REQUEST.with_borrow_mut(std::mem::take);
    let reply = match String::from_utf8(request) {
        Ok(text) => {
            let (endpoint, query) = text.split_once('\n').unwrap_or((&text, ""));
            respond(endpoint, query)
        }
        Err(_) => refusal(&Failure::bad("the request is not UTF-8 text")),
    };
    let text = serde_json::to_string(&reply).expect("a reply serializes");
    REPLY.with_borrow_mut(|kept| {
        *kept = text;
        kept.len()
    })
}

/// Where the reply is.
#[no_mangle]
pub extern "C" fn reply() -> *const u8 {
    REPLY.with_borrow(|kept| kept.as_ptr())
}

/// The reply to `endpoint` with the fields of `query`.
fn respond(endpoint: &str, query: &str) -> Reply {
    let answered = Fields::from_query(query)
        .and_then(|fields| Request::read(endpoint, &fields))
        .and_then(|request| request.answer(&budget()));
    match answered {
        Ok(answer) => Reply {
            status: 200,
            content_type: answer.content_type(),
            body: answer.body().to_string(),
        },
        Err(failure) => refusal(&failure),
    }
}

/// One request's budget: the library's for the web ([`FrontEnd::budget`]; the
/// request's time is set by what it asks), its memory, on this one thread.
fn budget() -> Budget {
    FrontEnd::Web
        .budget(Asked::Position)
        .with_memory(MAX_MEMORY)
        .with_threads(1)
        .expect("one thread is allowed")
}

fn refusal(failure: &Failure) -> Reply {
    // Nothing stops a search here but its budget: the page ends it from outside.
    let (status, message) = failure.status_and_message(std::time::Duration::ZERO);
    Reply {
        status,
        content_type: "application/json",
        body: serde_json::json!({ "error": message }).to_string(),
    }
}
