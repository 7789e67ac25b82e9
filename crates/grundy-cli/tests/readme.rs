//! Every `console` example of the README and of the user guide (`docs/`) runs and
//! prints exactly what it shows; the guide's grammar names every family; and every
//! page with Rust examples is a doctest of the crate `grundy`.

mod common;

use std::path::{Path, PathBuf};

use common::{grundy, root};

/// One example: the command line, the input piped to it, and the output shown.
struct Example {
    command: String,
    args: Vec<String>,
    input: String,
    expected: String,
}

fn examples(page: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_block = false;
    for line in page.lines() {
        if line.starts_with("```") {
            in_block = line == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let (input, invocation) = match command.split_once(" | ") {
                Some((printf, rest)) => {
                    let quoted = printf.trim_start_matches("printf ").trim_matches('\'');
                    (quoted.replace("\\n", "\n"), rest)
                }
                None => (String::new(), command),
            };
            let mut words = shell_words(invocation).into_iter();
            assert_eq!(
                words.next().as_deref(),
                Some("grundy"),
                "example: {command}"
            );
            examples.push(Example {
                command: command.to_string(),
                args: words.collect(),
                input,
                expected: String::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.expected.push_str(line.trim_end());
            example.expected.push('\n');
        }
    }
    examples
}

/// The words of a command as a shell reads them: split at spaces, except inside
/// single quotes, which are taken away.
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// The README, then every page of the guide (`docs/`, its folders too) by path, each
/// relative to the workspace root.
fn pages() -> Vec<PathBuf> {
    fn under(folder: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(root().join(folder)).expect("the guide's folder") {
            let path = folder.join(entry.expect("a folder entry").file_name());
            if root().join(&path).is_dir() {
                under(&path, found);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    let mut guide = Vec::new();
    under(Path::new("docs"), &mut guide);
    guide.sort();
    std::iter::once(PathBuf::from("README.md"))
        .chain(guide)
        .collect()
}

/// The text of `page`, a path relative to the workspace root.
fn read(page: &Path) -> String {
    std::fs::read_to_string(root().join(page)).unwrap_or_else(|e| panic!("{}: {e}", page.display()))
}

/// A search that takes past [`grundy::analysis::QUICK`] prints what a theorem gives
/// first: the examples show the answers of an optimised engine (as the test build's
/// is, Cargo.toml's `profile.dev.package.grundy`).
#[test]
fn every_example_prints_what_it_shows() {
    let mut count = 0;
    for page in pages() {
        // A page's examples run in order: one may read a file an earlier one wrote.
        for example in examples(&read(&page)) {
            count += 1;
            // The examples show the default budgets of a 24 GiB machine: half of it.
            let args: Vec<&str> = ["--max-memory", "12G"]
                .into_iter()
                .chain(example.args.iter().map(String::as_str))
                .collect();
            let run = grundy(&args, &example.input);
            let printed: String = format!("{}{}", run.stdout, run.stderr)
                .lines()
                .map(|l| format!("{}\n", l.trim_end()))
                .collect();
            assert_eq!(
                printed,
                example.expected,
                "{}: example `{}`",
                page.display(),
                example.command
            );
            // An error exits with 2, an exercise's answer that is not right with 1.
            let expected_code = if example.expected.starts_with("grundy: ") {
                2
            } else if example.expected.contains("\nNot right:") {
                1
            } else {
                0
            };
            assert_eq!(
                run.code,
                expected_code,
                "{}: exit code of `{}`",
                page.display(),
                example.command
            );
        }
    }
    // 70 examples when the README was one page; the tour added 6.
    assert!(count >= 76, "only {count} examples found");
}

#[test]
fn the_guide_s_grammar_names_every_family() {
    let page = read(Path::new("docs/positions.md"));
    let grammar = page
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("the grammar's block")
        .0;
    for family in grundy::games::FAMILIES {
        let parameter = if family.parameter.is_some() { ":" } else { "" };
        let written = format!("'{}{parameter}'", family.name);
        assert!(
            grammar.contains(&written),
            "{written} is not in the grammar"
        );
    }
}

#[test]
fn every_page_with_rust_examples_is_a_doctest() {
    let lib = read(Path::new("crates/grundy/src/lib.rs"));
    for page in pages() {
        if read(&page).contains("```rust") {
            let included = format!("include_str!(\"../../../{}\")", page.display());
            assert!(lib.contains(&included), "lib.rs lacks {included}");
        }
    }
}
