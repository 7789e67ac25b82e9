//! The command line on games with cycles: γ values in tables and JSON, sums decided
//! by Smith's rule, pictures of graphs, the loopy families, and bad input (exit
//! code 2, one sentence).

mod common;

use common::{grundy, json};
use serde_json::json;

/// A graph file in the temporary folder, removed when dropped.
struct TempGraph(std::path::PathBuf);

impl TempGraph {
    fn new(name: &str, text: &str) -> Self {
        let path = std::env::temp_dir().join(format!(
            "grundy-cli-loopy-{}-{name}.txt",
            std::process::id()
        ));
        std::fs::write(&path, text).unwrap();
        TempGraph(path)
    }

    fn spec(&self) -> String {
        format!("graph:{}", self.0.display())
    }
}

impl Drop for TempGraph {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `grundy` with `args`, which must fail with exit code 2 and one sentence
/// containing `expected`.
fn refused(args: &[&str], expected: &str) {
    let run = grundy(args, "");
    assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    assert_eq!(run.stderr.trim_end().lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
}

#[test]
fn graph_tables_give_every_vertex_its_gamma() {
    let t = json(&["table", "graph:examples/loopy.txt", "--json"]);
    assert_eq!(t["vertices"], json!(["w", "u", "z", "e", "v", "c"]));
    assert_eq!(
        t["gamma"],
        json!([{"infinite": [0, 2]}, {"infinite": []}, 0, 2, {"infinite": []}, 1])
    );
    assert_eq!(
        t["values"],
        json!(null),
        "no nimbers on a graph with cycles"
    );
    let misere = json(&["table", "graph:examples/loopy.txt", "--misere", "--json"]);
    assert_eq!(misere["gamma"], json!(null), "no γ under misère play");
    let dag = json(&["table", "graph:examples/dag.txt", "--json"]);
    assert_eq!(
        dag["gamma"], dag["values"],
        "γ is the nimber on a graph with no cycle"
    );
}

#[test]
fn an_infinite_part_decides_a_sum_by_smiths_rule() {
    // w = ∞(0,2): with nim 2 (s = 2 in K) the player to move wins by moving w to e
    // (value 2); with nim 1 (s = 1 not in K) the sum is drawn.
    let won = json(&["value", "graph:examples/loopy.txt w + nim 2", "--json"]);
    assert_eq!(won["outcome"], "N");
    assert_eq!(won["gamma"], json!({"infinite": [0, 2]}));
    assert_eq!(
        won["winning_moves"],
        json!([{"position": "graph:examples/loopy.txt e + nim 2",
                "description": "move from w to e in graph:examples/loopy.txt w"}])
    );
    let drawn = json(&["value", "graph:examples/loopy.txt w + nim 1", "--json"]);
    assert_eq!(drawn["outcome"], "D");
    assert_eq!(drawn["gamma"], json!({"infinite": [1, 3]}));
    // Two infinite parts: a draw whatever the heap.
    let two = json(&["value", "graph:examples/loopy.txt w,u + nim 3", "--json"]);
    assert_eq!(
        (two["outcome"].clone(), two["gamma"].clone()),
        (json!("D"), json!({"infinite": []}))
    );
    let text = grundy(
        &["explain", "graph:examples/loopy.txt", "w", "+", "nim", "1"],
        "",
    )
    .stdout;
    assert!(text.contains("s = 1, and one part is infinite"), "{text}");
    assert!(
        text.contains("move from w to u in graph:examples/loopy.txt w"),
        "{text}"
    );
    let misere = grundy(
        &["explain", "--misere", "graph:examples/loopy.txt", "w"],
        "",
    )
    .stdout;
    assert!(misere.contains("no theory of values"), "{misere}");
}

#[test]
fn the_computer_keeps_a_draw() {
    // From w + nim 1 only w -> u keeps the draw; every other move loses.
    let run = grundy(
        &[
            "play",
            "graph:examples/loopy.txt w + nim 1",
            "--computer-first",
        ],
        "quit\n",
    );
    assert!(run.stdout.contains("move from w to u"), "{}", run.stdout);
}

#[test]
fn loopy_families_join_sums() {
    // Square-But-One: 5 is P, 14 = 9 + 5 is N, 2 a draw.
    let v = json(&["value", "square-but-one 5", "--json"]);
    assert_eq!(
        (v["outcome"].clone(), v["gamma"].clone()),
        (json!("P"), json!(0))
    );
    assert_eq!(
        json(&["value", "square-but-one 14", "--json"])["outcome"],
        "N"
    );
    assert_eq!(
        json(&["value", "square-but-one 2", "--json"])["outcome"],
        "D"
    );
    let v = json(&["value", "take-add:2,3/1/10 1 + nim 1", "--json"]);
    assert_eq!(v["gamma"], 1);
    assert_eq!(
        v["winning_moves"][0]["position"],
        "take-add:2,3/1/10 1 + nim 0"
    );
}

#[test]
fn draw_shows_a_graph_with_its_values() {
    let run = grundy(&["draw", "graph:examples/loopy.txt"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("<svg"));
    assert_eq!(run.stdout.matches("class=\"vertex\"").count(), 6);
    assert!(run.stdout.contains("γ = ∞(0,2)"));
    let run = grundy(&["draw", "graph:examples/loopy.txt", "w"], "");
    assert_eq!(
        run.stdout.matches(r#"class="token""#).count(),
        1,
        "one token"
    );
    let lines: String = (0..61)
        .map(|v| format!("v{v} -> v{}\n", (v + 1) % 61))
        .collect();
    let big = TempGraph::new("big", &lines);
    refused(&["draw", &big.spec()], "more than the 60 a drawing shows");
}

#[test]
fn bad_graphs_and_positions_get_one_sentence() {
    let syntax = TempGraph::new("syntax", "a b -> c\nc\n");
    refused(&["table", &syntax.spec()], "unexpected 'b'");
    let dangling = TempGraph::new("dangling", "a -> b\n");
    refused(
        &["value", &format!("{} a", dangling.spec())],
        "'b' has no line of its own",
    );
    refused(
        &["value", "graph:examples/loopy.txt q"],
        "'q' is not a vertex",
    );
    refused(
        &["value", "graph:examples/no-such-file.txt a"],
        "no-such-file",
    );
    let lines: String = (0..100)
        .map(|v| format!("v{v} -> v{}\n", (v + 1) % 100))
        .collect();
    let big = TempGraph::new("budget", &lines);
    refused(
        &["table", &big.spec(), "--max-positions", "50"],
        "--max-positions",
    );
    refused(
        &[
            "value",
            &format!("{} v0", big.spec()),
            "--max-positions",
            "50",
        ],
        "--max-positions",
    );
    refused(&["value", "take-add:2,3/1 4"], "is not S/A/CAP");
    refused(&["value", "take-add:2,3/1/10 11"], "'11' is above the cap");
    refused(&["value", "square-but-one x"], "'x'");
}
