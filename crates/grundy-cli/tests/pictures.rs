//! Pictures and exports on the command line: `draw GAME --to N` (the sequence
//! and its histogram, as the library draws them), `draw SPEC --format tikz`, and
//! `table --format csv`; bad input exits with code 2 and one sentence.

mod common;

use common::{grundy, json};
use grundy::plot::{self, Chart};
use grundy::table::TableRequest;
use grundy::{Budget, Play};

fn request(to: u64, play: Play) -> TableRequest<'static> {
    TableRequest::heaps(to, play, Budget::default())
}

#[test]
fn draw_to_prints_the_librarys_plot_of_the_sequence() {
    let run = grundy(&["draw", "kayles", "--to", "200"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = plot::sequence("kayles", &request(200, Play::Normal), Chart::Values).unwrap();
    assert_eq!(run.stdout, expected);
    assert!(run.stdout.contains("period 12 from 71"));
    assert_eq!(run.stdout.matches("<circle").count(), 201);
    let run = grundy(&["draw", "kayles", "--to", "200", "--histogram"], "");
    let expected = plot::sequence("kayles", &request(200, Play::Normal), Chart::Histogram).unwrap();
    assert_eq!(run.stdout, expected);
    assert!(run.stdout.contains("<title>g = 0: "), "{}", run.stdout);
    let run = grundy(&["draw", "kayles", "--to", "30", "--misere"], "");
    assert!(
        run.stdout.contains("<title>g(1) = P</title>"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_api_draws_a_sequence_as_the_command_does() {
    let answer = |query: &str| {
        let fields = grundy_api::Fields::from_query(query).unwrap();
        let request = grundy_api::Request::read("draw", &fields)?;
        request.answer(&Budget::default())
    };
    let plot = answer("game=kayles&to=100").unwrap();
    assert_eq!(plot.content_type(), "image/svg+xml; charset=utf-8");
    let run = grundy(&["draw", "kayles", "--to", "100"], "");
    assert_eq!(plot.body(), run.stdout);
    // The period is shaded: the first 4,096 heaps show it.
    assert!(plot.body().contains("period 12 from 71"));
    let histogram = answer("game=kayles&to=100&histogram=true").unwrap();
    let run = grundy(&["draw", "kayles", "--to", "100", "--histogram"], "");
    assert_eq!(histogram.body(), run.stdout);
    let misere = answer("game=kayles&to=20&misere=1").unwrap();
    assert!(misere.body().contains("<title>g(1) = P</title>"));
    let missing = answer("game=kayles").unwrap_err();
    let (status, message) = missing.status_and_message(std::time::Duration::from_secs(1));
    assert_eq!(status, 400);
    assert!(message.contains("the field 'to'"), "{message}");
    let chomp = answer("game=chomp&to=5").unwrap_err();
    assert_eq!(
        chomp
            .status_and_message(std::time::Duration::from_secs(1))
            .0,
        400
    );
}

#[test]
fn draw_format_tikz_prints_a_picture_for_latex() {
    let run = grundy(&["draw", "nim", "3,4,5", "--format", "tikz"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("\\begin{tikzpicture}"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.ends_with("\\end{tikzpicture}\n"));
    assert_eq!(run.stdout.matches("circle[radius=16]").count(), 12);
    for (spec, shapes) in [
        ("chomp 3,2", " rectangle "),
        ("cram 2x3", " rectangle "),
        // A diagram drawn in strips, its grid one path of lines.
        ("chomp 30x30", " -- "),
        ("hackenbush g-a,a-b", ".. controls"),
        ("graph:examples/dag.txt a", "circle[radius="),
    ] {
        let run = grundy(&["draw", spec, "--format", "tikz"], "");
        assert_eq!(run.code, 0, "{spec}: {}", run.stderr);
        assert!(run.stdout.contains(shapes), "{spec}: {}", run.stdout);
    }
    let run = grundy(&["draw", "kayles", "--to", "50", "--format", "tikz"], "");
    assert_eq!(run.stdout.matches("circle[radius=3.5]").count(), 51);
}

#[test]
fn table_format_csv_has_a_line_a_heap() {
    let run = grundy(&["table", "kayles", "--to", "5", "--format", "csv"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "n,g,outcome\n0,0,P\n1,1,N\n2,2,N\n3,3,N\n4,1,N\n5,4,N\n"
    );
    let run = grundy(
        &[
            "table", "kayles", "--to", "2", "--misere", "--format", "csv",
        ],
        "",
    );
    assert_eq!(run.stdout, "n,g,outcome\n0,,N\n1,,P\n2,,N\n");
    // A graph's values hold commas (∞(0,1)): such a field is quoted.
    let run = grundy(
        &["table", "graph:examples/loopy.txt", "--format", "csv"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("vertex,outcome,value\n"),
        "{}",
        run.stdout
    );
    let rows: Vec<&str> = run.stdout.lines().skip(1).collect();
    let table = json(&["table", "graph:examples/loopy.txt", "--json"]);
    let vertices = table["vertices"].as_array().unwrap();
    let outcomes = table["outcomes"].as_array().unwrap();
    assert_eq!(rows.len(), vertices.len());
    for (row, (vertex, outcome)) in rows.iter().zip(vertices.iter().zip(outcomes)) {
        let (vertex, outcome) = (vertex.as_str().unwrap(), outcome.as_str().unwrap());
        assert!(row.starts_with(&format!("{vertex},{outcome},")), "{row}");
    }
    assert_eq!(rows[0], "w,N,\"∞(0,2)\"");
    assert_eq!(rows[1], "u,D,∞(∅)");
    let run = grundy(
        &[
            "table", "chomp", "--rows", "2", "--to", "3", "--format", "csv",
        ],
        "",
    );
    assert_eq!(run.stdout, "position\n1\n\"2,1\"\n\"3,2\"\n");
}

#[test]
fn format_json_is_json_and_text_is_the_table() {
    let json_flag = grundy(&["table", "kayles", "--to", "8", "--json"], "");
    let format = grundy(&["table", "kayles", "--to", "8", "--format", "json"], "");
    assert_eq!(json_flag.stdout, format.stdout);
    let plain = grundy(&["table", "kayles", "--to", "8"], "");
    let text = grundy(&["table", "kayles", "--to", "8", "--format", "text"], "");
    assert_eq!(plain.stdout, text.stdout);
}

#[test]
fn bad_pictures_and_formats_exit_2_with_one_sentence() {
    for (args, words) in [
        (
            &["draw", "kayles", "5", "--to", "10"][..],
            "unexpected '5' after 'kayles'",
        ),
        (&["draw", "kayles", "--histogram"], "--to"),
        (&["draw", "nim", "3", "--format", "png"], "'png'"),
        (&["draw", "chomp", "3,2", "--to", "5"], "chomp"),
        (
            &["draw", "kayles", "--to", "5", "--misere", "--histogram"],
            "outcomes only",
        ),
        (
            &["table", "kayles", "--to", "5", "--format", "xml"],
            "'xml'",
        ),
        (
            &["table", "kayles", "--to", "5", "--json", "--format", "csv"],
            "--json",
        ),
        (
            &["table", "kayles", "--to", "5", "--stats", "--format", "csv"],
            "not as CSV",
        ),
    ] {
        let run = grundy(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
    }
}
