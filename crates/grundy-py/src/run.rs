//! Running the engine from Python: off the interpreter's lock, stoppable by Ctrl-C
//! and by a time limit.
//!
//! The computation runs on a thread of its own, within a budget whose [`StopFlag`]
//! it is handed, while the calling thread, with the interpreter's
//! lock released, waits for it and every 50 ms asks Python whether a signal came
//! (`check_signals`, which runs the handler of Ctrl-C and raises
//! `KeyboardInterrupt`). On an interrupt or at the time limit it raises the flag,
//! and the engine's searches end with `Stopped` soon after.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use grundy::stop::StopFlag;
use pyo3::prelude::*;

/// How often the waiting thread looks for signals.
const POLL: Duration = Duration::from_millis(50);

/// The stack of the computing thread: the engine's searches keep their own stacks,
/// but the reasoning and the game code are given room.
const STACK: usize = 64 << 20;

/// Why a run was stopped from outside.
pub enum Interrupt {
    /// A signal handler raised this exception (KeyboardInterrupt for Ctrl-C).
    Signal(PyErr),
    /// The time limit, in seconds, passed.
    Timeout(f64),
}

/// What a run came to: its result, or the panic that ended it; and the interrupt
/// that stopped it, if one did.
pub struct Outcome<T> {
    /// The computation's result, or the panic's message.
    pub result: Result<T, String>,
    /// Ctrl-C or the time limit, if either stopped the run.
    pub interrupt: Option<Interrupt>,
}

/// Runs `work` (a computation within a budget stopped by `flag`) on a thread of its
/// own, with the interpreter's lock released; raises the flag on Ctrl-C or after
/// `timeout` seconds.
pub fn stoppable<T, F>(py: Python<'_>, flag: &StopFlag, timeout: Option<f64>, work: F) -> Outcome<T>
where
    F: FnOnce() -> T + Send,
    T: Send,
{
    let deadline = timeout.map(|t| Instant::now() + Duration::from_secs_f64(t.max(0.0)));
    py.detach(move || {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let handle = std::thread::Builder::new()
                .name("grundy".into())
                .stack_size(STACK)
                .spawn_scoped(scope, move || {
                    let result = work();
                    let _ = done.send(());
                    result
                })
                .expect("a thread for the computation");
            let mut interrupt = None;
            loop {
                match finished.recv_timeout(POLL) {
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                }
                if interrupt.is_some() {
                    continue;
                }
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    interrupt = Some(Interrupt::Signal(e));
                    flag.stop();
                } else if let (Some(deadline), Some(t)) = (deadline, timeout) {
                    if Instant::now() >= deadline {
                        interrupt = Some(Interrupt::Timeout(t));
                        flag.stop();
                    }
                }
            }
            let result = handle.join().map_err(|panic| {
                panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into())
            });
            Outcome { result, interrupt }
        })
    })
}
