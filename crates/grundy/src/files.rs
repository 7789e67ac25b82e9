//! Opening the files that input names (graph files, Hackenbush drawings, saved
//! sequences) without harm: only regular files are opened, so a device such as
//! `/dev/urandom`, a FIFO or a directory is refused before it is opened; the open
//! itself never waits (a FIFO made in the moment between the check and the open is
//! refused too); a name that a terminal would act on when printed is refused; and a
//! file is read whole only up to a bound.
//!
//! The file a long run keeps its results in (`--save`, `--resume`: a board search, a
//! heap sequence) is accepted by one check, [`accept_kept`], before anything is
//! computed or written: grundy writes only over a regular file of its own kind, or
//! at a new path, so a file the user named that is refused is left as it was.

use std::fs::{File, OpenOptions};
use std::io::{Error, ErrorKind, Read};

/// The most bytes grundy reads of a graph file or a Hackenbush drawing: 64 MiB.
pub const MAX_TEXT_FILE: u64 = 64 << 20;

/// What the file at `path` is, where it is not a regular file: "a directory", "a
/// FIFO", ….
fn special(metadata: &std::fs::Metadata) -> Option<&'static str> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// Refuses a name that holds a character a terminal would act on
/// ([`crate::notation::unsafe_to_print`]): the name may be printed.
fn printable(path: &str) -> std::io::Result<()> {
    match path.chars().any(crate::notation::unsafe_to_print) {
        true => Err(Error::new(
            ErrorKind::InvalidInput,
            "its name holds a control or bidirectional character",
        )),
        false => Ok(()),
    }
}

fn not_regular(what: &str) -> Error {
    Error::new(
        ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file"),
    )
}

/// Opens `path` with `options`, refusing anything but a regular file (one that does
/// not exist yet may be created, where `options` create), and a name that holds a
/// character a terminal would act on ([`crate::notation::unsafe_to_print`]): the
/// name may be printed. On unix the file is opened without blocking, and then
/// checked again.
pub fn open(path: &str, options: &mut OpenOptions) -> std::io::Result<File> {
    printable(path)?;
    match std::fs::metadata(path) {
        Ok(metadata) => {
            if let Some(what) = special(&metadata) {
                return Err(not_regular(what));
            }
        }
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if let Some(what) = special(&file.metadata()?) {
        return Err(not_regular(what));
    }
    Ok(file)
}

/// Whether a kept file is started anew or gone on from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// `--save`: a new file, or one of grundy's own of the same kind, replaced.
    Start,
    /// `--resume`: an existing file of grundy's own of the same kind.
    GoOn,
}

/// Accepts `path` as the file a run keeps its results in, before anything is
/// computed or written: a regular file (not a link, a directory, a FIFO or a
/// device) that is not read-only and starts with `heading`, the first bytes of
/// grundy's files of that kind; or, to [`Keep::Start`], a path where nothing is, in
/// a folder that exists. It reads at most the heading's bytes and writes nothing:
/// the reason it refuses is the error's text ("it is a FIFO, not a regular file").
pub fn accept_kept(path: &str, heading: &str, keep: Keep) -> std::io::Result<()> {
    printable(path)?;
    let metadata = match std::fs::symlink_metadata(path) {
        Ok(metadata) => metadata,
        Err(e) if e.kind() == ErrorKind::NotFound && keep == Keep::Start => return new_path(path),
        Err(e) if e.kind() == ErrorKind::NotFound => {
            return Err(Error::new(ErrorKind::NotFound, "there is no such file"))
        }
        Err(e) => return Err(e),
    };
    if metadata.file_type().is_symlink() {
        return Err(not_regular("a symbolic link"));
    }
    if let Some(what) = special(&metadata) {
        return Err(not_regular(what));
    }
    if metadata.permissions().readonly() {
        return Err(Error::new(ErrorKind::PermissionDenied, "it is read-only"));
    }
    let mut start = Vec::with_capacity(heading.len());
    open(path, OpenOptions::new().read(true))?
        .take(heading.len() as u64)
        .read_to_end(&mut start)?;
    if start != heading.as_bytes() {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!(
                "it does not start with '{}': grundy writes over no file but its own, so name a new file",
                heading.trim_end()
            ),
        ));
    }
    Ok(())
}

/// Accepts `path`, where nothing is, as a new file: its folder must exist.
fn new_path(path: &str) -> std::io::Result<()> {
    let folder = std::path::Path::new(path)
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty());
    match folder {
        Some(folder) if !folder.is_dir() => Err(Error::new(
            ErrorKind::NotFound,
            format!("its folder '{}' does not exist", folder.display()),
        )),
        _ => Ok(()),
    }
}

/// A lock on a kept file, held while this process may write it: the system's
/// advisory lock (`flock` on unix) on the file `PATH.lock` beside it, which ends
/// with the process however it ends. The lock's file is removed when the lock is
/// dropped, so nothing is left beside the kept file.
#[derive(Debug)]
pub struct Lock {
    path: String,
    _file: File,
}

impl Lock {
    /// Locks the kept file `path` for this process; `None` where another process
    /// holds it.
    pub fn take(path: &str) -> std::io::Result<Option<Lock>> {
        let path = format!("{path}.lock");
        loop {
            let file = open(
                &path,
                OpenOptions::new().create(true).truncate(false).write(true),
            )?;
            #[cfg(unix)]
            {
                use std::os::fd::AsRawFd;
                use std::os::unix::fs::MetadataExt;
                // SAFETY: `flock` on the descriptor of `file`, open for the whole call.
                if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
                    let e = Error::last_os_error();
                    return match e.kind() {
                        ErrorKind::WouldBlock => Ok(None),
                        _ => Err(e),
                    };
                }
                // The run that held it may have removed it between our open and
                // our lock: then the lock is on a file no other run will see.
                let held = file.metadata()?;
                match std::fs::symlink_metadata(&path) {
                    Ok(now) if now.ino() == held.ino() && now.dev() == held.dev() => {}
                    Ok(_) => continue,
                    Err(e) if e.kind() == ErrorKind::NotFound => continue,
                    Err(e) => return Err(e),
                }
            }
            return Ok(Some(Lock { path, _file: file }));
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held, so that no other run locks it in between.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The bytes of the regular file at `path`, refused where it holds more than
/// `max_bytes`; `what` names such a file in that refusal ("a graph file").
pub fn read(path: &str, max_bytes: u64, what: &str) -> std::io::Result<Vec<u8>> {
    let file = open(path, OpenOptions::new().read(true))?;
    let too_large = || {
        Error::new(
            ErrorKind::InvalidData,
            format!(
                "it holds more than {} MiB, the most grundy reads of {what}",
                max_bytes.div_ceil(1 << 20)
            ),
        )
    };
    let size = file.metadata()?.len();
    if size > max_bytes {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // The file may grow while it is read: never more than the bound.
    file.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large());
    }
    Ok(bytes)
}
