//! Running the `grundy` binary from tests.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// What one run of `grundy` printed, and its exit code.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// The workspace root, where the examples of the README and the guide run.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `grundy` with `args` in the workspace root, `input` on standard input.
pub fn grundy(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy starts");
    let written = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    // A game may end, and grundy exit, before it reads all of its input.
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "input is written: {e}"
        );
    }
    let out = child.wait_with_output().expect("grundy finishes");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
        code: out.status.code().expect("an exit code"),
    }
}

/// Runs `grundy` with `args`, which must succeed, and reads the JSON it prints.
#[allow(dead_code)]
pub fn json(args: &[&str]) -> serde_json::Value {
    let run = grundy(args, "");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).expect("one JSON object")
}
