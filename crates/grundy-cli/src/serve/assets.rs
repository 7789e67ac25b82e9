//! The pages, scripts and styles of the playground, embedded in the binary at
//! build time from `crates/grundy-cli/web/`: classic scripts, no build step, no
//! CDN. Every page is the one HTML document; its script shows the page the path
//! names (`/`, `/game`, `/sequence`). They are sent compressed (gzip or Brotli,
//! as the browser accepts) with an ETag of their content, so that a browser asks
//! again each visit but downloads them only when they changed (a 304 otherwise).

use std::hash::{DefaultHasher, Hash, Hasher};

use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::compression::CompressionLayer;

use super::plain;

/// The embedded files: name, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/board.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../web/favicon.svg"),
    ),
];

const INDEX: &str = include_str!("../../web/index.html");

/// The pages' routes.
pub fn routes() -> Router {
    Router::new()
        .route("/", get(index))
        .route("/game", get(index))
        .route("/sequence", get(index))
        .route("/static/{file}", get(file))
        .route(
            "/favicon.ico",
            get(|asked: HeaderMap| file(Path("favicon.svg".to_string()), asked)),
        )
        .fallback(|| async {
            plain(
                StatusCode::NOT_FOUND,
                "no such page: try / for the playground\n",
            )
        })
        .layer(CompressionLayer::new())
}

async fn index(asked: HeaderMap) -> Response {
    cached(&asked, "text/html; charset=utf-8", INDEX)
}

async fn file(Path(name): Path<String>, asked: HeaderMap) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, content)) => cached(&asked, kind, content),
        None => plain(StatusCode::NOT_FOUND, "no such file\n"),
    }
}

/// An embedded file with its ETag, to be checked on each use (`no-cache`): 304 Not
/// Modified where the request's `If-None-Match` names this very content.
fn cached(asked: &HeaderMap, kind: &'static str, content: &'static str) -> Response {
    let tag = etag(content);
    let held = asked
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim().trim_start_matches("W/") == tag);
    let headers = [
        (header::CONTENT_TYPE, kind.to_string()),
        (header::CACHE_CONTROL, "no-cache".to_string()),
        (header::ETAG, tag),
    ];
    match held {
        true => (StatusCode::NOT_MODIFIED, headers).into_response(),
        false => (headers, content).into_response(),
    }
}

/// A strong ETag of `content`: its hash, quoted.
fn etag(content: &str) -> String {
    let mut hasher = DefaultHasher::new();
    content.hash(&mut hasher);
    format!("\"{:016x}\"", hasher.finish())
}
