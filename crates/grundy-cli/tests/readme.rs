//! Every `console` example in the README runs and prints exactly what it shows.

mod common;

use common::{grundy, root};

/// One example: the command line, the input piped to it, and the output shown.
struct Example {
    command: String,
    args: Vec<String>,
    input: String,
    expected: String,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
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
            let mut words = invocation.split_whitespace();
            assert_eq!(words.next(), Some("grundy"), "README example: {command}");
            examples.push(Example {
                command: command.to_string(),
                args: words.map(String::from).collect(),
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

#[test]
fn every_readme_example_prints_what_it_shows() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("the README");
    let examples = examples(&readme);
    assert!(
        examples.len() >= 15,
        "only {} examples found",
        examples.len()
    );
    for example in examples {
        // The README shows the default budgets of a 24 GiB machine: half of it.
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
            printed, example.expected,
            "README example `{}`",
            example.command
        );
        let expected_code = if example.expected.starts_with("grundy: ") {
            2
        } else {
            0
        };
        assert_eq!(
            run.code, expected_code,
            "exit code of `{}`",
            example.command
        );
    }
}
