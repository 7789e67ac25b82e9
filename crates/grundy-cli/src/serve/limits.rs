//! The limits that keep the playground answering under abuse: errors as one
//! sentence with a status, and the bounded pool every search runs on.
//!
//! The pool runs no more searches at once than it has workers (the machine's cores
//! by default). Each search first runs in the *light lane* for a short slice of
//! time; most answer there (a theorem, a small search). One that is still going when
//! its slice ends is stopped and run again in the *heavy lane*, which holds at most
//! one worker fewer than the pool (at least one), until the request's wall-clock
//! limit: so heavy requests, however many, always leave a worker to the light ones.
//! A stopped search ends with [`grundy::Error::Stopped`] through the stop flag of
//! the [`Budget`] it runs within; a request whose client has gone raises that flag
//! too.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::stop::StopFlag;
use grundy::{Asked, Budget, FrontEnd};
use grundy_api::{seconds, Failure};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The largest request body (and query string) the playground reads.
pub const MAX_BODY: usize = 64 * 1024;

/// An answer other than success: a status and one sentence, sent as
/// `{"error": "…"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, in one sentence.
    pub message: String,
}

impl ApiError {
    /// Bad input: 400.
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A body or query string over [`MAX_BODY`]: 413.
    pub fn too_large() -> Self {
        ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!(
                "the request is larger than {} KiB, the most the playground reads",
                MAX_BODY / 1024
            ),
        }
    }

    /// A request body that did not arrive within `limit`: 408.
    pub fn slow_body(limit: Duration) -> Self {
        ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            message: format!(
                "the request body did not arrive within {}, the most the playground waits for one",
                seconds(limit)
            ),
        }
    }

    /// Out of time, or too busy: 503.
    pub fn unavailable(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }

    /// A failure of the server itself (a search that panicked): 500.
    pub fn internal() -> Self {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "the server failed on this request (a bug: please report the request)".into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(serde_json::json!({ "error": self.message }));
        (self.status, body).into_response()
    }
}

impl Limits {
    /// The budget of one request's search: the library's for the web
    /// ([`FrontEnd::budget`]; the request's time is set by what it asks), with
    /// [`Limits::max_positions`], threads chosen by the size of the work, stopped
    /// by `stop`.
    pub fn budget(&self, stop: StopFlag) -> Budget {
        FrontEnd::Web
            .budget(Asked::Position)
            .with_positions(self.max_positions)
            .with_stop(stop)
    }
}

/// The limits of one server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most positions one request's search may keep.
    pub max_positions: usize,
    /// The wall-clock limit of one request's search, its wait for a worker included.
    pub time_limit: Duration,
    /// How many searches may run at once.
    pub workers: usize,
    /// How long a search runs in the light lane before it moves to the heavy one.
    pub light_slice: Duration,
    /// How many requests may wait for a worker before more are turned away.
    pub max_waiting: usize,
    /// How long a connection may take to send a request's head (the request line
    /// and headers), and how long a kept-alive connection may stay idle; then it is
    /// closed.
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive, from when it is first read.
    pub body_timeout: Duration,
    /// How many connections are served at once; more wait in the system's queue
    /// until one closes.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            max_positions: FrontEnd::Web
                .positions()
                .expect("the web caps its positions"),
            time_limit: Duration::from_secs(10),
            workers: cores,
            light_slice: Duration::from_millis(200),
            max_waiting: 1024,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_connections: default_max_connections(),
        }
    }
}

/// The default cap on connections: the process's limit of open files less 256
/// kept for everything else, between 64 and 4096 (512 where the limit is unknown).
fn default_max_connections() -> usize {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes one rlimit, which `limit` is.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            let open_files = usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX);
            return open_files.saturating_sub(256).clamp(64, 4096);
        }
    }
    512
}

/// The bounded pool of searches.
pub struct Pool {
    limits: Limits,
    /// One permit a running search.
    workers: Arc<Semaphore>,
    /// One permit a search in the heavy lane.
    heavy: Arc<Semaphore>,
    waiting: AtomicUsize,
}

/// Raises a search's stop flag when the request that waits for it goes away
/// (the client hung up, or the time ran out).
struct StopOnDrop(StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Counts a request waiting for a worker while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How one run in a lane ended.
enum Ran<T> {
    Done(Result<T, Failure>),
    /// Stopped by the lane's clock.
    OutOfTime,
}

impl Pool {
    /// A pool with these limits.
    pub fn new(limits: Limits) -> Self {
        let workers = limits.workers.max(1);
        Pool {
            workers: Arc::new(Semaphore::new(workers)),
            heavy: Arc::new(Semaphore::new((workers - 1).max(1))),
            waiting: AtomicUsize::new(0),
            limits,
        }
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The HTTP answer to a request the API did not answer, its sentence naming this
    /// server's time limit where that stopped it.
    pub fn refusal(&self, failure: Failure) -> ApiError {
        let (status, message) = failure.status_and_message(self.limits.time_limit);
        ApiError {
            status: StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            message,
        }
    }

    /// Runs `job` (a search within the budget it is handed; it may be run twice,
    /// light then heavy) on the pool, within the time limit.
    pub async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn(&Budget) -> Result<T, Failure> + Send + Sync + 'static,
    {
        let deadline = Instant::now() + self.limits.time_limit;
        let job = Arc::new(job);
        let slice = self.limits.light_slice.min(self.limits.time_limit);
        let permit = self.acquire(&self.workers, deadline).await?;
        match self.attempt(job.clone(), permit, slice).await? {
            Ran::Done(result) => return self.answer(result),
            Ran::OutOfTime if Instant::now() >= deadline => {
                return self.answer(Err(grundy::Error::Stopped.into()))
            }
            Ran::OutOfTime => {}
        }
        // The heavy lane: its own permit first, then a worker, always in this order.
        let heavy = self.acquire(&self.heavy, deadline).await?;
        let permit = self.acquire(&self.workers, deadline).await?;
        let left = deadline.saturating_duration_since(Instant::now());
        let ran = self.attempt(job, permit, left).await;
        drop(heavy);
        match ran? {
            Ran::Done(result) => self.answer(result),
            Ran::OutOfTime => self.answer(Err(grundy::Error::Stopped.into())),
        }
    }

    fn answer<T>(&self, result: Result<T, Failure>) -> Result<T, ApiError> {
        result.map_err(|e| self.refusal(e))
    }

    /// A permit of `semaphore`, waited for until `deadline`.
    async fn acquire(
        &self,
        semaphore: &Arc<Semaphore>,
        deadline: Instant,
    ) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(permit) = semaphore.clone().try_acquire_owned() {
            return Ok(permit);
        }
        if self.waiting.fetch_add(1, Ordering::Relaxed) >= self.limits.max_waiting {
            self.waiting.fetch_sub(1, Ordering::Relaxed);
            return Err(ApiError::unavailable(format!(
                "the server is busy: {} requests are waiting already; try again shortly",
                self.limits.max_waiting
            )));
        }
        let _waiting = Waiting(&self.waiting);
        let wait = tokio::time::timeout_at(deadline.into(), semaphore.clone().acquire_owned());
        match wait.await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_closed)) => Err(ApiError::internal()),
            Err(_elapsed) => Err(ApiError::unavailable(format!(
                "the server is busy: no worker was free within {}, the time limit for one request; try again shortly",
                seconds(self.limits.time_limit)
            ))),
        }
    }

    /// Runs `job` on a blocking thread holding `permit` until it ends, stopping it
    /// after `limit`.
    async fn attempt<T, F>(
        &self,
        job: Arc<F>,
        permit: OwnedSemaphorePermit,
        limit: Duration,
    ) -> Result<Ran<T>, ApiError>
    where
        T: Send + 'static,
        F: Fn(&Budget) -> Result<T, Failure> + Send + Sync + 'static,
    {
        let flag = StopFlag::new();
        let stop = StopOnDrop(flag.clone());
        let budget = self.limits.budget(flag);
        let mut handle = tokio::task::spawn_blocking(move || {
            let result = job(&budget);
            drop(permit);
            result
        });
        let timed_out = tokio::select! {
            joined = &mut handle => return finished(joined, false),
            () = tokio::time::sleep(limit) => true,
        };
        stop.0.stop();
        let joined = handle.await;
        drop(stop);
        finished(joined, timed_out)
    }
}

/// What a finished blocking run gave: a panic is a 500, a search that stopped
/// because its lane's clock ran out is [`Ran::OutOfTime`].
fn finished<T>(
    joined: Result<Result<T, Failure>, tokio::task::JoinError>,
    timed_out: bool,
) -> Result<Ran<T>, ApiError> {
    match joined {
        Ok(Err(failure)) if timed_out && failure.is_stopped() => Ok(Ran::OutOfTime),
        Ok(result) => Ok(Ran::Done(result)),
        Err(_panic_or_cancel) => Err(ApiError::internal()),
    }
}
