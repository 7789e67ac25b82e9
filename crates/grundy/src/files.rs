//! Opening the files that input names (graph files, Hackenbush drawings, saved
//! sequences) without harm: only regular files are opened, so a device such as
//! `/dev/urandom`, a FIFO or a directory is refused before it is opened; the open
//! itself never waits (a FIFO made in the moment between the check and the open is
//! refused too); a name that a terminal would act on when printed is refused; and a
//! file is read whole only up to a bound.

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
    if path.chars().any(crate::notation::unsafe_to_print) {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            "its name holds a control or bidirectional character",
        ));
    }
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

/// The file at `path` (created where it is not there), locked for this process
/// alone while it stays open, by the system's advisory lock (`flock` on unix), which
/// ends with the process however it ends; `None` where another process holds it.
pub fn lock(path: &str) -> std::io::Result<Option<File>> {
    let file = open(
        path,
        OpenOptions::new().create(true).truncate(false).write(true),
    )?;
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: `flock` on the descriptor of `file`, open for the whole call.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let e = Error::last_os_error();
            return match e.kind() {
                ErrorKind::WouldBlock => Ok(None),
                _ => Err(e),
            };
        }
    }
    Ok(Some(file))
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
