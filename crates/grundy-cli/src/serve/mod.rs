//! `grundy serve`: the web playground. A small axum server on tokio answers the
//! JSON API ([`api`]) and serves the pages, scripts and styles embedded in the
//! binary ([`assets`]), both compressed as the client accepts ([`encoding`]);
//! nothing is read from disk, nothing is fetched from the internet. Every search
//! runs on a bounded pool within a position budget and a wall-clock limit
//! ([`limits`]).

pub mod api;
pub mod assets;
pub mod encoding;
pub mod limits;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

pub use limits::{ApiError, Limits, Pool, MAX_BODY};

/// The playground's router, with its limits: the API, the pages, and the layers
/// that refuse large requests and turn panics into 500s.
pub fn router(limits: Limits) -> Router {
    let pool = Arc::new(Pool::new(limits));
    let api = Router::new()
        .route("/api/families", get(families))
        .route("/api/limits", get(api::limits))
        .route("/api/{*endpoint}", get(api::endpoint).post(api::endpoint))
        .with_state(pool)
        .layer(middleware::from_fn(encoding::compress));
    protect(api.merge(assets::routes()))
}

/// The layers every route gets: requests over [`MAX_BODY`] refused before they are
/// read, a panic answered with 500 (the server goes on), and headers that keep
/// the pages to their own scripts.
pub fn protect(router: Router) -> Router {
    router
        .layer(middleware::from_fn(refuse_large))
        .layer(CatchPanicLayer::custom(|_panic| {
            ApiError::internal().into_response()
        }))
        .layer(middleware::from_fn(security_headers))
}

/// Refuses a request whose query string or declared body is over [`MAX_BODY`].
async fn refuse_large(request: Request, next: Next) -> Response {
    let query = request.uri().query().map_or(0, str::len);
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    if query > MAX_BODY || declared > MAX_BODY as u64 {
        return ApiError::too_large().into_response();
    }
    next.run(request).await
}

async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// `/api/families`: every family with its rules and a starting position, at once
/// (it searches nothing, so it never waits for the pool).
async fn families() -> Response {
    static LIST: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let list = LIST.get_or_init(|| {
        grundy_api::Request::from(grundy_api::Query::Families)
            .answer(&grundy::Budget::default())
            .map(|answer| answer.body().to_string())
            .expect("the registry's families are listed")
    });
    ([(header::CONTENT_TYPE, "application/json")], list.as_str()).into_response()
}

/// What `grundy serve` was asked for.
pub struct ServeOptions {
    /// Where to listen.
    pub bind: SocketAddr,
    /// Open the home page in a browser once listening.
    pub open: bool,
    /// The limits of each request.
    pub limits: Limits,
}

/// Runs the playground until Ctrl-C.
pub fn run(options: ServeOptions) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.bind)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", options.bind))?;
        let address = listener.local_addr()?;
        let url = format!("http://{address}/");
        println!("grundy serve: the playground is at {url} (Ctrl-C stops it)");
        if options.open {
            open_browser(&url);
        }
        serve(listener, options.limits, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
        Ok(())
    })
}

/// Answers the connections `listener` accepts until `shutdown` completes, within the
/// limits of slow clients: at most [`Limits::max_connections`] connections are served
/// at once (more wait in the system's queue), and one whose request head has not
/// arrived within [`Limits::header_timeout`] (an idle kept-alive connection too) is
/// closed. Bodies are held to [`Limits::body_timeout`] where they are read.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let connections = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let app = router(limits);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            () = &mut shutdown => return,
            permit = connections.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_closed) => return,
            },
        };
        let stream = tokio::select! {
            () = &mut shutdown => return,
            accepted = listener.accept() => match accepted {
                Ok((stream, _peer)) => stream,
                Err(_) => {
                    // Out of file descriptors, or a connection reset while queued:
                    // wait a moment rather than spin.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let connection = http.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// Opens `url` in the desktop's browser, where there is one; says so where not.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", url])
    } else {
        ("xdg-open", vec![url])
    };
    let opened = std::process::Command::new(command.0)
        .args(&command.1)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if opened.is_err() {
        eprintln!("grundy serve: no browser could be opened; visit {url}");
    }
}

/// A response of `status` with a plain-text body, for the pages.
pub(crate) fn plain(status: StatusCode, text: &'static str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        Body::from(text),
    )
        .into_response()
}
