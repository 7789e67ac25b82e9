//! The pages, scripts and styles of the playground, embedded in the binary at
//! build time from `crates/grundy-cli/web/`: plain ES modules, no build step, no
//! CDN. Every page is the one HTML document; its script shows the page the path
//! names (`/`, `/game`, `/sequence`).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::plain;

/// The embedded files: name, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/app.js"),
    ),
    (
        "games.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/games.js"),
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
            get(|| file(Path("favicon.svg".to_string()))),
        )
        .fallback(|| async {
            plain(
                StatusCode::NOT_FOUND,
                "no such page: try / for the playground\n",
            )
        })
}

async fn index() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
        .into_response()
}

async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, content)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *content,
        )
            .into_response(),
        None => plain(StatusCode::NOT_FOUND, "no such file\n"),
    }
}
