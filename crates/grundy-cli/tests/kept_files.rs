//! The files `--save` and `--resume` name are written only when they are the output
//! asked for, and never before they are accepted: every kind of target that is not
//! a new path or grundy's own file of that kind (a text file, a FIFO, a directory,
//! a character device, a symbolic link, a read-only file) is refused in one
//! sentence by every command that takes the flags, and left as it was, with nothing
//! beside it (no lock, no partial file).

mod common;

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

use common::grundy;

/// A folder of its own for each test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-kept-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Everything that can be seen of a folder's entries without following links: each
/// name with its kind, mode, size, link target and bytes.
fn look(dir: &Path) -> Vec<String> {
    let mut seen: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let m = std::fs::symlink_metadata(&path).unwrap();
            let kind = m.file_type();
            let inside = if kind.is_symlink() {
                format!("-> {}", std::fs::read_link(&path).unwrap().display())
            } else if kind.is_file() {
                format!("{:?}", std::fs::read(&path).unwrap())
            } else if kind.is_dir() {
                format!("{} entries", std::fs::read_dir(&path).unwrap().count())
            } else {
                format!("device {}", m.rdev())
            };
            format!(
                "{} {:?} {:o} {} {inside}",
                path.file_name().unwrap().to_string_lossy(),
                kind,
                m.mode(),
                m.len()
            )
        })
        .collect();
    seen.sort();
    seen
}

/// The targets that must be refused, made in `dir`: each name, with the words its
/// refusal gives. A character device needs root to be made (`mknod`), as CI is; where
/// it cannot be made, the test says so and goes on with the others.
fn targets(dir: &Path) -> Vec<(&'static str, &'static str)> {
    let run = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .current_dir(dir)
            .status()
            .is_ok_and(|s| s.success())
    };
    std::fs::write(dir.join("notes.txt"), "a -> b\nb ->\n").unwrap();
    assert!(run("mkfifo", &["fifo"]));
    std::fs::create_dir(dir.join("folder")).unwrap();
    std::fs::write(dir.join("folder/inside.txt"), "kept").unwrap();
    std::os::unix::fs::symlink("notes.txt", dir.join("link")).unwrap();
    std::fs::write(dir.join("readonly.txt"), "grundy board search 3\n").unwrap();
    std::fs::set_permissions(
        dir.join("readonly.txt"),
        std::fs::Permissions::from_mode(0o444),
    )
    .unwrap();
    let mut targets = vec![
        ("notes.txt", "it does not start with"),
        ("fifo", "it is a FIFO, not a regular file"),
        ("folder", "it is a directory, not a regular file"),
        ("link", "it is a symbolic link, not a regular file"),
        ("readonly.txt", "it is read-only"),
    ];
    // The device /dev/null is: major 1, minor 3.
    if run("mknod", &["null", "c", "1", "3"]) {
        assert!(std::fs::metadata(dir.join("null"))
            .unwrap()
            .file_type()
            .is_char_device());
        targets.push(("null", "it is a character device, not a regular file"));
    } else {
        eprintln!("kept_files: mknod needs root: the character device is left out");
    }
    targets
}

/// Every command that takes `--save` and `--resume`, on a board search (Cram and a
/// placement game) and on a heap sequence.
const COMMANDS: [&[&str]; 5] = [
    &["value", "cram", "3x4"],
    &["moves", "cram", "3x4"],
    &["explain", "cram", "3x4"],
    &["value", "place:0.0,0.1,1.0", "3x3"],
    &["table", "kayles", "--to", "20"],
];

#[test]
fn every_refused_target_is_left_as_it_was_with_nothing_beside_it() {
    let dir = scratch("targets");
    let targets = targets(&dir);
    let before = look(&dir);
    for command in COMMANDS {
        for flag in ["--save", "--resume"] {
            for (name, words) in &targets {
                let path = dir.join(name);
                let mut args = command.to_vec();
                args.extend([flag, path.to_str().unwrap()]);
                let run = grundy(&args, "");
                assert_eq!(run.code, 2, "{args:?}: {}{}", run.stdout, run.stderr);
                assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
                assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
                assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
                assert_eq!(look(&dir), before, "{args:?} changed the folder");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_to_go_on_from_that_is_refused_when_read_is_left_as_it_was() {
    // Files that start as grundy's own, so that they are read, and refused there:
    // a search of another game, a damaged one, one of another version; a sequence
    // of another game. Each is left as it was, with nothing beside it.
    let dir = scratch("read");
    let search = dir.join("cram.search");
    let search = search.to_str().unwrap();
    let saved = grundy(&["value", "cram", "3x4", "--save", search], "");
    assert_eq!(saved.code, 0, "{}", saved.stderr);
    let mut damaged = std::fs::read(search).unwrap();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 1;
    std::fs::write(dir.join("damaged.search"), damaged).unwrap();
    std::fs::write(
        dir.join("old.search"),
        b"grundy board search 0\ncram\n\0\0\0\0",
    )
    .unwrap();
    let sequence = dir.join("kayles.seq");
    let sequence = sequence.to_str().unwrap();
    let saved = grundy(&["table", "kayles", "--to", "20", "--save", sequence], "");
    assert_eq!(saved.code, 0, "{}", saved.stderr);
    let before = look(&dir);
    let file = |name: &str| dir.join(name).to_str().unwrap().to_string();
    for (args, words) in [
        (
            vec!["value", "place:0.0,0.1,1.0", "3x3", "--resume", search],
            "it is a search of 'cram', not of 'place:0.0,0.1,1.0'".to_string(),
        ),
        (
            vec!["moves", "place:0.0,0.1,1.0", "3x3", "--resume", search],
            "it is a search of 'cram'".to_string(),
        ),
        (
            vec!["value", "cram", "3x4", "--resume", &file("damaged.search")],
            "it is damaged (its checksum does not match)".to_string(),
        ),
        (
            vec!["value", "cram", "3x4", "--resume", &file("old.search")],
            "written in another version of the format".to_string(),
        ),
        (
            vec!["table", "dawson", "--to", "20", "--resume", sequence],
            "dawson".to_string(),
        ),
        (
            // A sequence file is not a board search, nor the other way round.
            vec!["value", "cram", "3x4", "--resume", sequence],
            "it does not start with 'grundy board search'".to_string(),
        ),
        (
            vec!["table", "kayles", "--to", "20", "--save", search],
            "it does not start with 'grundy sequence'".to_string(),
        ),
    ] {
        let run = grundy(&args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(&words), "{args:?}: {}", run.stderr);
        assert_eq!(look(&dir), before, "{args:?} changed the folder");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_accepted_file_is_written_with_nothing_left_beside_it() {
    // A new path is written, and so is grundy's own file on --save again; the lock
    // taken while a run may write it goes with the run.
    let dir = scratch("accepted");
    let search = dir.join("cram.search");
    let search = search.to_str().unwrap();
    for flag in ["--save", "--save", "--resume"] {
        let run = grundy(&["value", "cram", "3x4", flag, search], "");
        assert_eq!(run.code, 0, "{flag}: {}", run.stderr);
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["cram.search"], "{flag}");
    }
    assert!(std::fs::read(search)
        .unwrap()
        .starts_with(b"grundy board search 3\ncram\n"));
    // A path whose folder is not there, and a file to go on from that is not there.
    let nowhere = dir.join("no-such-folder/cram.search");
    let run = grundy(
        &["value", "cram", "3x4", "--save", nowhere.to_str().unwrap()],
        "",
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("does not exist"), "{}", run.stderr);
    let missing = dir.join("missing.search");
    let run = grundy(
        &[
            "value",
            "cram",
            "3x4",
            "--resume",
            missing.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("there is no such file"),
        "{}",
        run.stderr
    );
    assert!(!missing.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The reproducers as they were typed, in a scratch folder.
#[test]
fn the_reproducers_leave_their_targets_as_they_were() {
    let dir = scratch("reproducers");
    let sh = |script: &str| {
        Command::new("bash")
            .arg("-c")
            .arg(script)
            .env("G", env!("CARGO_BIN_EXE_grundy"))
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let made = sh("printf 'a -> b\\nb ->\\n' > notes.txt; mkfifo f; mkdir d");
    assert!(made.status.success());
    let before = look(&dir);
    for script in [
        "\"$G\" value cram 3x4 --resume notes.txt",
        "\"$G\" value cram 3x4 --save f",
        "\"$G\" value cram 3x4 --resume d",
        "\"$G\" moves cram 3x4 --resume notes.txt",
        "\"$G\" value place:0.0,0.1,1.0 3x3 --resume notes.txt",
    ] {
        let run = sh(script);
        assert_eq!(run.status.code(), Some(2), "{script}");
        assert_eq!(look(&dir), before, "{script} changed the folder");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
