//! The pages, scripts and styles of the playground, embedded in the binary at
//! build time from `crates/grundy-cli/web/`: classic scripts, no build step, no
//! CDN. Every page is the one HTML document; its script shows the page the path
//! names (`/`, `/game`, `/sequence`, `/learn`). Each is compressed once, at its first
//! request, in gzip and in Brotli, and sent in the smallest encoding the browser
//! accepts, with an ETag of its content and encoding: a browser asks again each
//! visit but downloads it only when it changed (a 304 otherwise).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::encoding::{Accepted, Effort, Encoding};
use super::plain;

/// The embedded files: name, content type, content.
const FILES: [(&str, &str, &str); 4] = [
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
        .route("/learn", get(index))
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
}

async fn index(asked: HeaderMap) -> Response {
    static PAGE: OnceLock<Encoded> = OnceLock::new();
    PAGE.get_or_init(|| Encoded::new("text/html; charset=utf-8", INDEX))
        .answer(&asked)
}

async fn file(Path(name): Path<String>, asked: HeaderMap) -> Response {
    static ENCODED: [OnceLock<Encoded>; FILES.len()] = [const { OnceLock::new() }; FILES.len()];
    match FILES.iter().position(|(n, _, _)| *n == name) {
        Some(i) => {
            let (_, kind, content) = FILES[i];
            ENCODED[i]
                .get_or_init(|| Encoded::new(kind, content))
                .answer(&asked)
        }
        None => plain(StatusCode::NOT_FOUND, "no such file\n"),
    }
}

/// An embedded file in each encoding, each with its ETag: the content's hash and
/// the encoding's name.
struct Encoded {
    kind: &'static str,
    /// (encoding, ETag, bytes), smallest first.
    versions: Vec<(Encoding, HeaderValue, Bytes)>,
}

impl Encoded {
    fn new(kind: &'static str, content: &'static str) -> Self {
        let hash = {
            let mut hasher = DefaultHasher::new();
            content.hash(&mut hasher);
            hasher.finish()
        };
        let mut versions: Vec<_> = Encoding::ALL
            .into_iter()
            .map(|encoding| {
                let tag = match encoding {
                    Encoding::Identity => format!("\"{hash:016x}\""),
                    other => format!("\"{hash:016x}-{}\"", other.name()),
                };
                let tag = HeaderValue::from_str(&tag).expect("an ETag is ASCII");
                let bytes = encoding.encode(content.as_bytes(), Effort::Once);
                (encoding, tag, Bytes::from(bytes))
            })
            .collect();
        versions.sort_by_key(|(_, _, bytes)| bytes.len());
        Encoded { kind, versions }
    }

    /// The answer to a request with these headers: of the encodings it accepts at
    /// its best quality, the smallest, to be checked on each use (`no-cache`); 304
    /// Not Modified where its `If-None-Match` names this version, or is `*`.
    fn answer(&self, asked: &HeaderMap) -> Response {
        let accepted = Accepted::of(asked);
        let best = Encoding::ALL.map(|e| accepted.quality(e)).into_iter().max();
        let (encoding, tag, bytes) = self
            .versions
            .iter()
            .find(|(e, _, _)| match best {
                Some(0) | None => *e == Encoding::Identity,
                Some(best) => accepted.quality(*e) == best,
            })
            .expect("every encoding is kept");
        let mut headers = HeaderMap::new();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert(header::ETAG, tag.clone());
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        let held = asked
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|t| t.trim().trim_start_matches("W/").as_bytes())
            .any(|t| t == b"*" || t == tag.as_bytes());
        if held {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(self.kind));
        if *encoding != Encoding::Identity {
            headers.insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(encoding.name()),
            );
        }
        (headers, bytes.clone()).into_response()
    }
}
