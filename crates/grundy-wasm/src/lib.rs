//! The playground's engine in the browser: grundy-api's JSON API answered in
//! WebAssembly, one request at a time, inside the page's Web Worker
//! (`web/engine.js`), so the same pages run with no server. The worker gives each
//! request its budget of positions here and its time limit there (it is ended,
//! and started afresh, when a search runs past it).

use grundy::Budget;
use grundy_api::{Failure, Fields, Request};
use wasm_bindgen::prelude::*;

/// The positions one request may keep: as on the server by default.
const MAX_POSITIONS: usize = 1_000_000;

/// The memory one request may use: a quarter of what a page's WebAssembly may have.
const MAX_MEMORY: usize = 1 << 30;

/// The answer to one request, as an HTTP server would send it.
#[wasm_bindgen(getter_with_clone)]
pub struct Reply {
    /// The HTTP status it would have.
    pub status: u16,
    /// Its media type.
    pub content_type: String,
    /// Its text: JSON, an SVG, or `{"error": "…"}`.
    pub body: String,
}

/// Answers `endpoint` (`value`, `moves`, …) with the fields of `query`, a URL's
/// query string.
#[wasm_bindgen]
pub fn answer(endpoint: &str, query: &str) -> Reply {
    let answered = Fields::from_query(query)
        .and_then(|fields| Request::read(endpoint, &fields))
        .and_then(|request| request.answer(&budget()));
    match answered {
        Ok(answer) => Reply {
            status: 200,
            content_type: answer.content_type().to_string(),
            body: answer.body().to_string(),
        },
        Err(failure) => refusal(&failure),
    }
}

/// One request's budget: its positions and memory, on this one thread.
fn budget() -> Budget {
    Budget::default()
        .with_positions(MAX_POSITIONS)
        .with_memory(MAX_MEMORY)
        .with_threads(1)
        .expect("one thread is allowed")
}

fn refusal(failure: &Failure) -> Reply {
    // Nothing stops a search here but its budget: the worker ends it from outside.
    let (status, message) = failure.status_and_message(std::time::Duration::ZERO);
    Reply {
        status,
        content_type: "application/json".to_string(),
        body: serde_json::json!({ "error": message }).to_string(),
    }
}
