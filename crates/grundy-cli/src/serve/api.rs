//! The JSON API over HTTP: each endpoint of [`grundy_api`] at `/api/ENDPOINT`,
//! answering `GET` with a query string and `POST` with a JSON object of the same
//! fields; every search runs on the bounded [`Pool`]. `/api/limits` gives this
//! server's limits.

use std::sync::Arc;

use axum::extract::{FromRequest, Path, Request, State};
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy_api::{Answer, Fields};

use super::limits::{ApiError, Pool, MAX_BODY};

/// What the handlers share.
pub type Shared = Arc<Pool>;

/// A request's fields, from its query string or its JSON body.
pub struct Posted(Fields);

impl FromRequest<Shared> for Posted {
    type Rejection = ApiError;

    async fn from_request(request: Request, pool: &Shared) -> Result<Self, ApiError> {
        let query = request.uri().query().unwrap_or_default().to_string();
        if query.len() > MAX_BODY {
            return Err(ApiError::too_large());
        }
        let fields = Fields::from_query(&query).map_err(|e| pool.refusal(e))?;
        if request.method() != Method::POST {
            return Ok(Posted(fields));
        }
        let body_timeout = pool.limits().body_timeout;
        let body = tokio::time::timeout(
            body_timeout,
            axum::body::to_bytes(request.into_body(), MAX_BODY),
        )
        .await
        .map_err(|_elapsed| ApiError::slow_body(body_timeout))?
        .map_err(|_| ApiError::too_large())?;
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(Posted(fields));
        }
        if !query.is_empty() {
            return Err(ApiError::bad(
                "send the fields either in the query string or in a JSON body, not in both",
            ));
        }
        Fields::from_json(&body)
            .map(Posted)
            .map_err(|e| pool.refusal(e))
    }
}

/// `/api/ENDPOINT`: the endpoint's answer, searched for on the pool.
pub async fn endpoint(
    Path(endpoint): Path<String>,
    State(pool): State<Shared>,
    Posted(fields): Posted,
) -> Result<Response, ApiError> {
    let request = grundy_api::Request::read(&endpoint, &fields).map_err(|e| pool.refusal(e))?;
    let answer = pool.run(move |budget| request.answer(budget)).await?;
    Ok((
        [(header::CONTENT_TYPE, answer.content_type())],
        match answer {
            Answer::Json(text) | Answer::Svg(text) => text,
        },
    )
        .into_response())
}

/// `/api/limits`: the limits of this server.
pub async fn limits(State(pool): State<Shared>) -> Response {
    let l = pool.limits();
    Json(serde_json::json!({
        "max_positions": l.max_positions,
        "time_limit_ms": l.time_limit.as_millis() as u64,
        "workers": l.workers,
        "max_body_bytes": MAX_BODY,
        "header_timeout_ms": l.header_timeout.as_millis() as u64,
        "body_timeout_ms": l.body_timeout.as_millis() as u64,
        "max_connections": l.max_connections,
    }))
    .into_response()
}
