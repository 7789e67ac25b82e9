//! The published solvers the benchmarks run beside grundy, installed from crates.io.

use std::path::PathBuf;
use std::process::Command;

/// The binary of the crates.io program `name`: the path in the environment variable
/// `variable` if set, or else installed (once) into a temporary folder.
pub fn installed(name: &str, variable: &str) -> PathBuf {
    if let Ok(path) = std::env::var(variable) {
        return PathBuf::from(path);
    }
    let root = std::env::temp_dir().join(format!("grundy-bench-{name}"));
    let binary = root.join("bin").join(name);
    if !binary.exists() {
        eprintln!("installing {name} into {} …", root.display());
        let status = Command::new(env!("CARGO"))
            .args(["install", name, "--quiet", "--root"])
            .arg(&root)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo install {name} failed");
    }
    binary
}
