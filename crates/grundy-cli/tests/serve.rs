//! The web playground's API, driven through its router without a socket: every
//! endpoint answers what the command line prints with `--json`, bad input gets a
//! 4xx with one sentence, answers and pages are compressed as the client accepts
//! (the pages cached by ETag), and the limits hold (size, files, time, budget,
//! panics, the bounded pool); on loopback, slow clients are cut off.

mod common;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::routing::get;
use axum::Router;
use common::grundy;
use grundy_cli::serve::{self, Limits, Pool};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// A request's fields, as (name, value) pairs.
type Fields<'a> = &'a [(&'a str, &'a str)];

fn app() -> Router {
    serve::router(Limits::default())
}

/// An answer: its status, content type and body.
struct Answer {
    status: StatusCode,
    kind: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .expect("an error sentence")
            .to_string()
    }
}

async fn send(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        kind,
        body: String::from_utf8(bytes.to_vec()).unwrap(),
    }
}

/// `GET endpoint?fields`, the fields URL-encoded here.
async fn get_api(app: &Router, endpoint: &str, fields: &[(&str, &str)]) -> Answer {
    let query: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect();
    let uri = format!("/api/{endpoint}?{}", query.join("&"));
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// What `grundy ARGS` prints, as JSON.
fn cli_json(args: &[&str]) -> Value {
    let run = grundy(args, "");
    assert_eq!(run.code, 0, "grundy {args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

#[tokio::test]
async fn value_moves_and_explain_answer_what_the_cli_prints_with_json() {
    let app = app();
    for (spec, misere) in [
        ("nim 13,12,8", false),
        ("nim 3 + sub:2,5,8 11", false),
        ("nim 12,19,27", true),
        ("kayles 1000000000000 + nim 5", false),
        ("chomp 4x3", false),
        ("hackenbush g-a,a-b,a-c,c-c", false),
        ("fibonacci 1000000", false),
    ] {
        for endpoint in ["value", "moves", "explain"] {
            if endpoint == "moves" && spec.contains("000000") {
                continue; // a million moves and more: over the playground's budget
            }
            let mut fields = vec![("spec", spec)];
            let mut args = vec![endpoint, spec, "--json"];
            if misere {
                fields.push(("misere", "true"));
                args.push("--misere");
            }
            let answer = get_api(&app, endpoint, &fields).await;
            assert_eq!(
                answer.status,
                StatusCode::OK,
                "{endpoint} {spec}: {}",
                answer.body
            );
            assert!(answer.kind.starts_with("application/json"));
            // The same answer within the same budget; why a part is missing names
            // the command's flag only on the command line.
            args.extend(["--max-positions", "1000000"]);
            let without_why = |mut v: Value| {
                for why in [
                    "nimber_not_computed",
                    "nimber_text",
                    "winning_moves_not_computed",
                ] {
                    if let Some(text) = v.get_mut(why) {
                        let flag = "; raise the budget with --max-positions";
                        *text = Value::from(text.as_str().unwrap().replace(flag, ""));
                    }
                }
                v
            };
            assert_eq!(
                without_why(answer.json()),
                without_why(cli_json(&args)),
                "{endpoint} {spec}"
            );
        }
    }
}

#[tokio::test]
async fn table_and_period_answer_what_the_cli_prints_with_json() {
    let app = app();
    let cases: &[(Fields, &[&str])] = &[
        (
            &[("game", "sub:1,3,4"), ("to", "14")],
            &["table", "sub:1,3,4", "--to", "14", "--json"],
        ),
        (
            &[("game", "sub:1,2,3"), ("to", "9"), ("misere", "1")],
            &["table", "sub:1,2,3", "--to", "9", "--misere", "--json"],
        ),
        (
            &[("game", "chomp"), ("rows", "3"), ("to", "6")],
            &["table", "chomp", "--rows", "3", "--to", "6", "--json"],
        ),
        (
            &[("game", "kayles"), ("to", "1500"), ("stats", "true")],
            &["table", "kayles", "--to", "1500", "--stats", "--json"],
        ),
        (&[("game", "kayles")], &["period", "kayles", "--json"]),
        (
            &[("game", "dawson-chess")],
            &["period", "dawson-chess", "--json"],
        ),
    ];
    for (fields, args) in cases {
        let endpoint = args[0];
        let answer = get_api(&app, endpoint, fields).await;
        assert_eq!(answer.status, StatusCode::OK, "{args:?}: {}", answer.body);
        assert_eq!(answer.json(), cli_json(args), "{args:?}");
    }
    let misere = [
        ("game", "kayles"),
        ("to", "10"),
        ("misere", "1"),
        ("stats", "1"),
    ];
    let answer = get_api(&app, "table", &misere).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
    assert!(answer
        .body
        .contains("stats are for the heap tables of normal play"));
}

#[tokio::test]
async fn a_posted_graph_is_played_and_tabled_inline() {
    let app = app();
    let graph = std::fs::read_to_string(common::root().join("examples/dag.txt")).unwrap();
    let answer = get_api(
        &app,
        "table",
        &[("game", "graph:inline"), ("graph", &graph)],
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let mut cli = cli_json(&["table", "graph:examples/dag.txt", "--json"]);
    cli["game"] = "graph:inline".into();
    assert_eq!(answer.json(), cli);
    let answer = get_api(
        &app,
        "value",
        &[("spec", "graph:inline a"), ("graph", &graph)],
    )
    .await;
    assert_eq!(answer.json()["nimber"], 1);
    let answer = get_api(&app, "value", &[("spec", "graph:inline a")]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.error().contains("needs the graph's lines"),
        "{}",
        answer.body
    );
    let answer = get_api(
        &app,
        "value",
        &[("spec", "graph:inline a"), ("graph", "a -> b\n")],
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.error().contains("'b' has no line"),
        "{}",
        answer.body
    );
}

#[tokio::test]
async fn the_computer_moves_and_moves_are_checked() {
    let app = app();
    let answer = get_api(&app, "computer", &[("spec", "nim 3,4,5")]).await;
    let json = answer.json();
    assert_eq!(json["terminal"], false);
    assert_eq!(json["move"]["position"], "nim 1,4,5");
    assert_eq!(json["move"]["description"], "take 2 from the heap of 3");
    let json = get_api(&app, "computer", &[("spec", "nim 0,0")])
        .await
        .json();
    assert_eq!(json["terminal"], true);
    assert_eq!(json["winner"], "previous");
    assert_eq!(json["move"], Value::Null);
    let json = get_api(&app, "computer", &[("spec", "nim 0"), ("misere", "true")])
        .await
        .json();
    assert_eq!(json["winner"], "mover");
    // Cram 8 x 7, far beyond a search: the domino across the centre, which
    // Tweedledum and Tweedledee names, at once.
    let json = get_api(&app, "computer", &[("spec", "cram 8x7")])
        .await
        .json();
    assert_eq!(json["move"]["description"], "place a domino on (4,4) (4,5)");

    let answer = get_api(&app, "check", &[("spec", "nim 3,4,5"), ("move", "3,4,1")]).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json()["position"], "nim 3,4,1");
    assert_eq!(answer.json()["description"], "take 4 from the heap of 5");
    let answer = get_api(&app, "check", &[("spec", "nim 3,4,5"), ("move", "3,4,6")]).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.error(),
        "'3,4,6' is not a legal move: the heap of 5 cannot grow to 6: a move only takes chips away."
    );
    let answer = get_api(
        &app,
        "check",
        &[("spec", "nim 3 + chomp 3,2"), ("move", "nim 3 + chomp 3,1")],
    )
    .await;
    assert_eq!(answer.json()["position"], "nim 3 + chomp 3,1");
    let answer = get_api(&app, "check", &[("spec", "nim 3")]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.error().contains("'move' is missing"));
}

#[tokio::test]
async fn position_answers_the_four_reports_of_a_position_at_once() {
    let app = app();
    let fields = [("spec", "nim 3,5"), ("turn", "person")];
    let answer = get_api(&app, "position", &fields).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let json = answer.json();
    for endpoint in ["computer", "value", "moves", "explain"] {
        let alone = get_api(&app, endpoint, &fields).await.json();
        assert_eq!(json[endpoint], alone, "{endpoint}");
    }
    assert_eq!(json["computer"]["move"]["position"], "nim 3,3");
    // A game over: who won, as /api/computer says it.
    let json = get_api(&app, "position", &[("spec", "nim 0"), ("turn", "computer")])
        .await
        .json();
    assert_eq!(json["computer"]["game_over"]["victor"], "person");
    assert_eq!(json["moves"]["moves"], serde_json::json!([]));
}

#[tokio::test]
async fn parts_reads_a_position_without_searching_it() {
    let app = app();
    let answer = get_api(&app, "parts", &[("spec", "chomp 12x12 + nim 5,3")]).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let json = answer.json();
    assert_eq!(json["position"], "chomp 12x12 + nim 5,3");
    assert_eq!(json["components"][0]["family"], "chomp");
    assert_eq!(json["components"][1]["position"], "5,3");
    // Past the analysis budget, the position is still read (and drawn).
    let answer = get_api(&app, "value", &[("spec", "cram 7x9")]).await;
    assert_ne!(answer.status, StatusCode::OK);
    let answer = get_api(&app, "parts", &[("spec", "cram 7x9")]).await;
    assert_eq!(answer.json()["components"][0]["position"], "7x9");
    let answer = get_api(&app, "parts", &[("spec", "nim 3,x")]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.error().contains("'x' is not a heap size"));
}

#[tokio::test]
async fn a_picture_too_large_to_send_is_a_sentence() {
    let app = app();
    // 24 heaps of 60 chips: 1,440 chips, 267 KB of picture.
    let heaps = vec!["60"; 24].join(",");
    let answer = get_api(&app, "draw", &[("spec", &format!("nim {heaps}"))]).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer
            .error()
            .starts_with("this board is too large to draw here (its picture would take "),
        "{}",
        answer.body
    );
    let answer = get_api(&app, "draw", &[("spec", "chomp 30x30")]).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.body.len() <= grundy_api::MAX_PICTURE_BYTES);
}

#[tokio::test]
async fn draw_answers_the_svg_with_move_targets() {
    let app = app();
    let answer = get_api(&app, "draw", &[("spec", "hackenbush g-a,a-b")]).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.kind.starts_with("image/svg+xml"));
    assert_eq!(
        answer.body.trim_end(),
        grundy::draw("hackenbush g-a,a-b").unwrap().trim_end()
    );
    assert!(answer.body.contains(r#"data-edge="a-b" data-move="g-a""#));
    let answer = get_api(&app, "draw", &[("spec", "cram 2x2")]).await;
    assert!(answer.body.contains(r#"data-cell="1,1""#));
    let answer = get_api(&app, "draw", &[("spec", "nim 50001")]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.error().contains("too large to draw"),
        "{}",
        answer.body
    );
}

#[tokio::test]
async fn every_family_has_a_start_that_the_playground_analyses() {
    let app = app();
    let list = get_api(&app, "families", &[]).await.json();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), grundy::games::FAMILIES.len());
    for family in grundy::games::FAMILIES {
        let entry = list.iter().find(|e| e["name"] == family.name).unwrap();
        assert_eq!(entry["about"], family.about);
        let start = entry["start"].as_str().unwrap();
        assert!(!start.is_empty(), "{} has a starting position", family.name);
        let mut fields = vec![("spec", start)];
        if let Some(graph) = entry["graph"].as_str() {
            fields.push(("graph", graph));
        }
        for endpoint in ["value", "moves", "explain", "computer", "drawing"] {
            let answer = get_api(&app, endpoint, &fields).await;
            assert_eq!(
                answer.status,
                StatusCode::OK,
                "{endpoint} {start}: {}",
                answer.body
            );
        }
        // The registry's entry as the page reads it: a sequence
        // page for heap games (the game of the start, heaps 0 to 20).
        assert_eq!(entry["heap_game"], family.heap_game);
        if family.heap_game {
            // The sequence page shows the game of the start.
            let game = entry["sequence_game"].as_str().unwrap();
            assert!(start.starts_with(&format!("{game} ")), "{start}: {game}");
            let answer = get_api(&app, "table", &[("game", game), ("to", "20")]).await;
            assert_eq!(answer.status, StatusCode::OK, "{game}: {}", answer.body);
            // Heaps 0 to 20, or to the game's cap (take-add's is 10).
            let heaps = answer.json()["outcomes"].as_array().unwrap().len();
            assert!((11..=21).contains(&heaps), "{game}: {heaps} heaps");
        }
    }
    let heap_games: Vec<_> = list.iter().filter(|e| e["heap_game"] == true).collect();
    let names: Vec<_> = heap_games
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[..3], ["nim", "sub", "sub-allbut"]);
    assert!(names.contains(&"grundy-game") && !names.contains(&"chomp"));
    let graph = list.iter().find(|e| e["name"] == "graph").unwrap();
    assert!(graph["graph"].as_str().unwrap().starts_with("a -> b c\n"));
}

/// The page knows no game: its board script draws what the library draws and
/// makes the moves the pictures carry, with no family's name and no move rule in
/// it, and no script reads a position's text.
#[test]
fn the_page_holds_no_game_of_its_own() {
    let board = include_str!("../web/board.js");
    let app = include_str!("../web/app.js");
    for family in grundy::games::FAMILIES {
        let name = format!("'{}'", family.name);
        assert!(!board.contains(&name), "board.js names {name}");
    }
    for script in [board, app] {
        for rule in ["split(','", "numbers(", "parseGraph", "data-move"] {
            assert!(!script.contains(rule), "a script reads positions: {rule}");
        }
    }
}

#[tokio::test]
async fn bad_input_gets_a_4xx_with_one_sentence() {
    let app = app();
    let cases: &[(&str, Fields, StatusCode, &str)] = &[
        (
            "value",
            &[("spec", "nim 3,-4")],
            StatusCode::BAD_REQUEST,
            "'-4' is not a heap size: expected a whole number such as 7",
        ),
        (
            "value",
            &[("spec", "nimm 3")],
            StatusCode::BAD_REQUEST,
            "unknown game 'nimm'",
        ),
        (
            "value",
            &[],
            StatusCode::BAD_REQUEST,
            "the field 'spec' is missing",
        ),
        (
            "value",
            &[("spec", "nim 3"), ("misere", "maybe")],
            StatusCode::BAD_REQUEST,
            "the query string is not understood",
        ),
        (
            "value",
            &[("spec", "nim 3"), ("spce", "x")],
            StatusCode::BAD_REQUEST,
            "unknown field `spce`",
        ),
        (
            "table",
            &[("game", "kayles")],
            StatusCode::BAD_REQUEST,
            "needs the largest heap size",
        ),
        (
            "period",
            &[("game", "chomp")],
            StatusCode::BAD_REQUEST,
            "is not a take-and-break heap game",
        ),
        (
            "value",
            &[("spec", "octal:0.16 100000000")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "more than the budget of 1,000,000 positions; the playground stops there",
        ),
        (
            "table",
            &[("game", "kayles"), ("to", "5000000")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "more than the budget of 1,000,000 positions",
        ),
    ];
    for (endpoint, fields, status, words) in cases {
        let answer = get_api(&app, endpoint, fields).await;
        assert_eq!(
            answer.status, *status,
            "{endpoint} {fields:?}: {}",
            answer.body
        );
        let error = answer.error();
        assert!(error.contains(words), "{endpoint} {fields:?}: {error}");
        assert_eq!(error.lines().count(), 1, "{error}");
    }
    let answer = send(
        &app,
        Request::get("/api/nothing").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert!(answer.error().contains("/api/nothing"));
}

#[tokio::test]
async fn posted_json_is_read_and_oversized_requests_are_refused() {
    let app = app();
    let post = |body: String| {
        Request::post("/api/value")
            .header("content-type", "application/json")
            .body(Body::from(body))
            .unwrap()
    };
    let answer = send(
        &app,
        post(r#"{"spec": "nim 1,1,5", "misere": true}"#.into()),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.json()["winning_moves"][0]["position"], "nim 1,1,1");
    let answer = send(&app, post("{not json".into())).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.error().contains("not a JSON object"));

    // Over 64 KiB: refused before it is read when its length is declared, and
    // as soon as the limit is passed when it is not.
    let big = format!(
        r#"{{"spec": "nim 3", "graph": "{}"}}"#,
        "a ->\\n".repeat(20_000)
    );
    let declared = Request::post("/api/value")
        .header("content-length", big.len())
        .body(Body::from(big.clone()))
        .unwrap();
    let answer = send(&app, declared).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(answer.error().contains("larger than 64 KiB"));
    let answer = send(&app, post(big)).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn the_web_reads_no_files() {
    let app = app();
    let cases: &[(&str, Fields)] = &[
        ("value", &[("spec", "graph:examples/dag.txt a")]),
        ("value", &[("spec", "nim 3 + graph:/etc/passwd a")]),
        ("value", &[("spec", "hackenbush @examples/plant.txt")]),
        ("moves", &[("spec", "hackenbush @/etc/passwd")]),
        ("draw", &[("spec", "hackenbush @examples/plant.txt")]),
        (
            "check",
            &[("spec", "hackenbush g-a"), ("move", "@examples/plant.txt")],
        ),
        (
            "check",
            &[
                ("spec", "graph:inline a"),
                ("graph", "a -> b\nb\n"),
                ("move", "graph:examples/dag.txt b"),
            ],
        ),
        ("table", &[("game", "graph:examples/dag.txt")]),
        ("period", &[("game", "graph:examples/dag.txt")]),
    ];
    for (endpoint, fields) in cases {
        let answer = get_api(&app, endpoint, fields).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{endpoint} {fields:?}"
        );
        assert!(
            answer.error().contains("the playground reads no files"),
            "{endpoint} {fields:?}: {}",
            answer.body
        );
    }
}

#[tokio::test]
async fn a_search_past_the_time_limit_answers_503_soon_after() {
    let app = serve::router(Limits {
        time_limit: Duration::from_millis(400),
        light_slice: Duration::from_millis(100),
        ..Limits::default()
    });
    let started = Instant::now();
    let answer = get_api(&app, "value", &[("spec", "cram 6x7")]).await;
    assert_eq!(
        answer.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        answer.body
    );
    assert!(
        answer
            .error()
            .contains("stopped after 0.4 s, the playground's time limit"),
        "{}",
        answer.body
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    // The server goes on answering.
    let answer = get_api(&app, "value", &[("spec", "nim 1")]).await;
    assert_eq!(answer.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_searches_leave_a_worker_to_light_ones() {
    // Three searches that run until the time limit of 8 s; small requests made
    // meanwhile answer long before that (the bound leaves room for a loaded machine).
    // Positions and time enough (the field 'time' lifts the web's default) that
    // the server's clock, not the positions, ends them.
    let app = serve::router(Limits {
        workers: 2,
        time_limit: Duration::from_secs(8),
        light_slice: Duration::from_millis(100),
        max_positions: 1 << 30,
        ..Limits::default()
    });
    let started = Instant::now();
    let heavy: Vec<_> = (0..3)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(async move {
                get_api(&app, "value", &[("spec", "cram 6x7"), ("time", "60")]).await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(400)).await;
    for _ in 0..5 {
        let answer = get_api(&app, "value", &[("spec", "nim 3,4,5 + kayles 20")]).await;
        assert_eq!(answer.status, StatusCode::OK);
    }
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "small requests waited {:?} behind heavy ones",
        started.elapsed()
    );
    for h in heavy {
        assert_eq!(h.await.unwrap().status, StatusCode::SERVICE_UNAVAILABLE);
    }
}

async fn panicking() -> &'static str {
    panic!("a handler that panics")
}

#[tokio::test]
async fn a_panic_answers_500_and_the_server_goes_on() {
    let app = serve::protect(
        Router::new()
            .route("/panic", get(panicking))
            .route("/fine", get(|| async { "fine" })),
    );
    let answer = send(&app, Request::get("/panic").body(Body::empty()).unwrap()).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(answer.error().contains("the server failed on this request"));
    let answer = send(&app, Request::get("/fine").body(Body::empty()).unwrap()).await;
    assert_eq!(answer.body, "fine");

    // A search that panics on the pool gives its worker back.
    let pool = Pool::new(Limits {
        workers: 1,
        ..Limits::default()
    });
    for _ in 0..3 {
        let failed = pool
            .run(|_| -> Result<(), grundy_api::Failure> { panic!("a search that panics") })
            .await;
        assert_eq!(
            failed.unwrap_err().status,
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
    assert_eq!(pool.run(|_| Ok(7)).await.unwrap(), 7);
}

#[tokio::test]
async fn the_pages_and_their_files_are_served_from_the_binary() {
    let app = app();
    for path in ["/", "/game?spec=nim%203", "/sequence?game=kayles"] {
        let answer = send(&app, Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert!(answer.kind.starts_with("text/html"));
        assert!(answer
            .body
            .contains(r#"<script defer src="static/app.js"></script>"#));
    }
    for (path, kind) in [
        ("/static/app.js", "text/javascript"),
        ("/static/board.js", "text/javascript"),
        ("/static/style.css", "text/css"),
        ("/static/favicon.svg", "image/svg+xml"),
    ] {
        let answer = send(&app, Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert!(answer.kind.starts_with(kind), "{path}: {}", answer.kind);
    }
    let answer = send(
        &app,
        Request::get("/static/../Cargo.toml")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
}

/// `GET path` with these headers.
fn asked(path: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut request = Request::get(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(Body::empty()).unwrap()
}

/// The response's header `name`, or "" where there is none.
fn header_of(response: &axum::response::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default()
}

/// A body sent in `encoding` (as `Content-Encoding` names it), decoded.
fn decoded(encoding: &str, bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    match encoding {
        "" => out.extend_from_slice(bytes),
        "gzip" => {
            flate2::read::GzDecoder::new(bytes)
                .read_to_end(&mut out)
                .unwrap();
        }
        "br" => {
            brotli::Decompressor::new(bytes, 4096)
                .read_to_end(&mut out)
                .unwrap();
        }
        other => panic!("an unknown encoding: {other}"),
    }
    out
}

/// A response's status, content encoding, ETag, Vary and body as sent.
async fn sent(
    app: &Router,
    request: Request<Body>,
) -> (StatusCode, String, String, String, Vec<u8>) {
    let response = app.clone().oneshot(request).await.unwrap();
    let heads = (
        response.status(),
        header_of(&response, "content-encoding"),
        header_of(&response, "etag"),
        header_of(&response, "vary"),
    );
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (heads.0, heads.1, heads.2, heads.3, body.to_vec())
}

#[tokio::test]
async fn the_pages_and_their_files_are_compressed_and_cached() {
    let app = app();
    for path in [
        "/",
        "/static/app.js",
        "/static/board.js",
        "/static/style.css",
        "/static/favicon.svg",
    ] {
        let (status, encoding, plain_tag, vary, plain) = sent(&app, asked(path, &[])).await;
        assert_eq!((status, encoding.as_str()), (StatusCode::OK, ""), "{path}");
        assert_eq!(vary, "accept-encoding", "{path}");
        // Each encoding alone: smaller than the file, its own ETag.
        let mut sizes = Vec::new();
        let mut tags = vec![plain_tag.clone()];
        for name in ["gzip", "br"] {
            let (status, encoding, tag, vary, body) =
                sent(&app, asked(path, &[("accept-encoding", name)])).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(encoding, name, "{path}");
            assert_eq!(vary, "accept-encoding", "{path} in {name}");
            assert_eq!(decoded(name, &body), plain, "{path} in {name}");
            assert!(
                body.len() < plain.len() || plain.len() < 500,
                "{path} in {name}: {} bytes of {}",
                body.len(),
                plain.len()
            );
            assert!(
                !tags.contains(&tag),
                "{path} in {name}: the ETag {tag} again"
            );
            tags.push(tag);
            sizes.push((body.len(), name));
        }
        // Both accepted, as browsers do: the smaller is sent.
        let smaller = sizes.iter().min().unwrap();
        let (_, encoding, tag, _, body) = sent(
            &app,
            asked(path, &[("accept-encoding", "gzip, deflate, br, zstd")]),
        )
        .await;
        assert_eq!(
            (body.len(), encoding.as_str()),
            *smaller,
            "{path}: {sizes:?}"
        );
        // A quality says which is wanted most; a quality of 0 refuses.
        let (_, encoding, ..) = sent(
            &app,
            asked(path, &[("accept-encoding", "gzip;q=1, br;q=0.5")]),
        )
        .await;
        assert_eq!(encoding, "gzip", "{path}");
        let (_, encoding, ..) = sent(
            &app,
            asked(path, &[("accept-encoding", "gzip;q=0, identity")]),
        )
        .await;
        assert_eq!(encoding, "", "{path}");

        // Asked again with its ETag: a 304 with no body, that still varies.
        let accept = ("accept-encoding", "gzip, br");
        for held in [
            tag.as_str(),
            "*",
            &format!("W/{tag}"),
            &format!("\"x\", {tag}"),
        ] {
            let (status, _, sent_tag, vary, body) =
                sent(&app, asked(path, &[accept, ("if-none-match", held)])).await;
            assert_eq!(status, StatusCode::NOT_MODIFIED, "{path} with {held}");
            assert_eq!(sent_tag, tag, "{path} with {held}");
            assert_eq!(vary, "accept-encoding", "{path} with {held}");
            assert!(body.is_empty());
        }
        // Another content, or the same in another encoding: the whole file.
        let other = tags.iter().find(|t| **t != tag).unwrap();
        for held in ["\"another\"", other.as_str()] {
            let (status, ..) = sent(&app, asked(path, &[accept, ("if-none-match", held)])).await;
            assert_eq!(status, StatusCode::OK, "{path} with {held}");
        }
        let response = app.clone().oneshot(asked(path, &[accept])).await.unwrap();
        assert_eq!(header_of(&response, "cache-control"), "no-cache");
        assert!(tag.starts_with('"') && tag.len() > 10, "{path}: {tag}");
    }
}

#[tokio::test]
async fn api_answers_are_compressed_above_a_kilobyte() {
    let app = app();
    for path in [
        "/api/drawing?spec=chomp%2012x12",
        "/api/draw?game=kayles&to=1000",
        "/api/families",
        "/api/position?spec=nim%203,4,5",
    ] {
        let (status, encoding, _, vary, plain) = sent(&app, asked(path, &[])).await;
        assert_eq!((status, encoding.as_str()), (StatusCode::OK, ""), "{path}");
        assert_eq!(vary, "accept-encoding", "{path}");
        assert!(plain.len() > 1024, "{path}: {} bytes", plain.len());
        for (accept, expected) in [
            ("gzip, deflate, br, zstd", "br"),
            ("gzip", "gzip"),
            ("br;q=0.5, gzip", "gzip"),
            ("br", "br"),
            ("identity", ""),
            ("zstd", ""),
        ] {
            let (status, encoding, _, vary, body) =
                sent(&app, asked(path, &[("accept-encoding", accept)])).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(encoding, expected, "{path} accepting {accept}");
            assert_eq!(vary, "accept-encoding", "{path}");
            assert_eq!(decoded(&encoding, &body), plain, "{path} in {accept}");
            if !expected.is_empty() {
                assert!(
                    body.len() * 2 < plain.len(),
                    "{path} in {expected}: {} bytes of {}",
                    body.len(),
                    plain.len()
                );
            }
        }
    }
    // Small answers and errors go as they are.
    for path in ["/api/value?spec=nim%203", "/api/value?spec=nim%20x"] {
        let (_, encoding, _, vary, body) =
            sent(&app, asked(path, &[("accept-encoding", "gzip, br")])).await;
        assert_eq!(encoding, "", "{path}");
        assert_eq!(vary, "accept-encoding", "{path}");
        assert!(body.len() <= 1024, "{path}");
    }
}

/// A server on a loopback port with `limits`, serving until the test ends.
async fn listening(limits: Limits) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(serve::serve(listener, limits, std::future::pending()));
    address
}

/// Sends `request` on a new connection and reads the answer until the server
/// closes the connection.
async fn over_tcp(address: std::net::SocketAddr, request: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    String::from_utf8(answer).unwrap()
}

/// Whether the server closes `stream` within `within`: a read ends (the server's
/// 408, then the end of the stream, or a reset) instead of waiting.
async fn closed_within(stream: &mut tokio::net::TcpStream, within: Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let mut answer = Vec::new();
    tokio::time::timeout(within, stream.read_to_end(&mut answer))
        .await
        .is_ok()
}

/// Connections that send half a request line and then nothing.
async fn half_sent(address: std::net::SocketAddr, count: usize) -> Vec<tokio::net::TcpStream> {
    use tokio::io::AsyncWriteExt;
    let mut streams = Vec::new();
    for _ in 0..count {
        let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
        stream.write_all(b"GET /api/value?spec=ni").await.unwrap();
        streams.push(stream);
    }
    streams
}

const NIM_345: &str =
    "GET /api/value?spec=nim%203,4,5 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_closed_after_the_header_timeout_while_others_are_answered() {
    let address = listening(Limits {
        header_timeout: Duration::from_secs(1),
        ..Limits::default()
    })
    .await;
    let mut slow = half_sent(address, 200).await;
    let started = Instant::now();
    let answer = over_tcp(address, NIM_345).await;
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.contains(r#""nimber":2"#), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(1));
    for stream in &mut slow {
        assert!(closed_within(stream, Duration::from_secs(5)).await);
    }
    // Each was closed by its own clock, about a second after it was opened.
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(3), "{waited:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_wait_until_one_is_closed() {
    let address = listening(Limits {
        header_timeout: Duration::from_secs(1),
        max_connections: 4,
        ..Limits::default()
    })
    .await;
    let _slow = half_sent(address, 4).await;
    let started = Instant::now();
    let answer = over_tcp(address, NIM_345).await;
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    // Served only once the header timeout closed a half-sent connection.
    let waited = started.elapsed();
    assert!(waited > Duration::from_millis(800), "{waited:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_stops_coming_is_answered_408_after_the_body_timeout() {
    use tokio::io::AsyncWriteExt;
    let address = listening(Limits {
        body_timeout: Duration::from_secs(1),
        ..Limits::default()
    })
    .await;
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let started = Instant::now();
    stream
        .write_all(b"POST /api/value HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"spec\":")
        .await
        .unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), {
        use tokio::io::AsyncReadExt;
        stream.read_to_end(&mut answer)
    })
    .await;
    assert!(read.is_ok(), "the connection is still open after 5 s");
    let answer = String::from_utf8(answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.contains("the request body did not arrive within 1 s"),
        "{answer}"
    );
    assert!(started.elapsed() >= Duration::from_millis(900));
}

#[tokio::test]
async fn a_yes_or_no_field_says_what_it_accepts() {
    let app = app();
    for (flag, play) in [
        ("1", "misere"),
        ("yes", "misere"),
        ("", "misere"),
        ("off", "normal"),
    ] {
        let answer = get_api(&app, "value", &[("spec", "nim 1"), ("misere", flag)]).await;
        assert_eq!(answer.status, StatusCode::OK, "{flag}: {}", answer.body);
        assert_eq!(answer.json()["play"], play, "{flag}");
    }
    let answer = get_api(&app, "value", &[("spec", "nim 1"), ("misere", "banana")]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.error(),
        "the query string is not understood: misere: invalid value: string \"banana\", expected true or false (or 1/0, yes/no, on/off)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_always_moves_within_a_second() {
    let app = serve::router(Limits::default());
    // Kayles 70 and Grundy's game 100: their tables prove a winning move at once.
    for spec in ["kayles 70", "grundy-game 100"] {
        let answer = get_api(&app, "computer", &[("spec", spec)]).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        let report = answer.json();
        assert_eq!(report["outcome"], "N", "{spec}");
        assert!(report.get("unproved").is_none(), "{spec}: {report}");
    }
    // Cram 7x9 after a move: no analysis is in reach, and the computer still moves
    // (debug builds search slower, hence the margin), saying its move is unproved.
    let started = Instant::now();
    let spec = "cram ##......./........./........./........./........./........./.........";
    let answer = get_api(&app, "computer", &[("spec", spec)]).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "{:?}",
        started.elapsed()
    );
    let report = answer.json();
    assert!(report["move"]["position"]
        .as_str()
        .unwrap()
        .starts_with("cram "));
    assert!(report["outcome"].is_null(), "{report}");
    assert!(
        report["unproved"]
            .as_str()
            .unwrap()
            .contains("out of reach: the time allowed, 500 ms, ran out"),
        "{report}"
    );
    // The time asked for is checked like every field: a decimal of seconds.
    let answer = get_api(&app, "value", &[("spec", "nim 3"), ("time", "0")]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.error().contains("time=0: give the seconds"),
        "{}",
        answer.body
    );
    for time in ["0.05", ".5", "2", "2.", "60"] {
        let answer = get_api(&app, "value", &[("spec", "nim 3"), ("time", time)]).await;
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "time={time}: {}",
            answer.body
        );
    }
    for time in ["1e3", "-1", "two", "", ".", "0.0000000001"] {
        let answer = get_api(&app, "value", &[("spec", "nim 3"), ("time", time)]).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "time={time}");
        assert!(
            answer
                .error()
                .contains("a number of seconds such as 2 or 0.5")
                || answer.error().contains("give the seconds"),
            "time={time}: {}",
            answer.body
        );
    }
}

#[tokio::test]
async fn an_exercise_is_checked_as_the_command_line_checks_it() {
    let app = app();
    let fields = [
        ("kind", "p-positions"),
        ("what", "sub:1,3,4 to 20"),
        ("answer", "0,4,7,9,14,16"),
        ("hints", "1"),
    ];
    let answer = get_api(&app, "exercise", &fields).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    // The command line exits with 1 for an answer that is not right.
    let cli = grundy(
        &[
            "exercise",
            "p-positions",
            "sub:1,3,4 to 20",
            "--answer",
            "0,4,7,9,14,16",
            "--hints",
            "--json",
        ],
        "",
    );
    assert_eq!(cli.code, 1, "{}", cli.stderr);
    assert_eq!(
        answer.json(),
        serde_json::from_str::<Value>(&cli.stdout).unwrap()
    );
    assert_eq!(answer.json()["correct"], false);
    // Misère play, and a bad answer: a sentence naming it.
    let fields = [
        ("kind", "winner"),
        ("what", "nim 1,1"),
        ("misere", "1"),
        ("answer", "first"),
    ];
    assert_eq!(
        get_api(&app, "exercise", &fields).await.json()["correct"],
        true
    );
    let fields = [("kind", "nim-sum"), ("what", "3,5"), ("answer", "6y")];
    let answer = get_api(&app, "exercise", &fields).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.error(), "'6y' is not a number");
    let answer = get_api(&app, "exercise", &[("kind", "nim-sum")]).await;
    assert!(
        answer.error().contains("the field 'what' is missing"),
        "{}",
        answer.body
    );
}

#[tokio::test]
async fn practice_and_worked_examples_are_answered_as_the_library_makes_them() {
    let app = app();
    // A generated exercise, the same as the command line's for the same seed.
    let fields = [("kind", "nimber"), ("level", "2"), ("seed", "7")];
    let answer = get_api(&app, "practice", &fields).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let cli = grundy(
        &[
            "exercise",
            "nimber",
            "--practice",
            "2",
            "--seed",
            "7",
            "--json",
        ],
        "",
    );
    assert_eq!(
        answer.json(),
        serde_json::from_str::<Value>(&cli.stdout).unwrap()
    );
    let bad = get_api(&app, "practice", &[("kind", "nimber"), ("level", "9")]).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.error(), "'9' is no level of practice: 1, 2 or 3");
    // The labelling of S = {1, 3, 4} worked heap by heap (Ferguson, section 1.4).
    let fields = [("kind", "labelling"), ("what", "sub:1,3,4 to 9")];
    let worked = get_api(&app, "worked", &fields).await.json();
    assert_eq!(worked["steps"].as_array().unwrap().len(), 10);
    assert_eq!(worked["steps"][2]["say"], "2: moves to 1, all N, so 2 is P");
    let fields = [("kind", "fusion"), ("what", "hackenbush g-a,a-b,b-g")];
    let fused = get_api(&app, "worked", &fields).await.json();
    assert!(fused["steps"][0]["picture"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));
    let bad = get_api(&app, "worked", &[("kind", "magic"), ("what", "3")]).await;
    assert!(
        bad.error()
            .starts_with("'magic' is no kind of worked example"),
        "{}",
        bad.body
    );
    // The lessons name the kinds and levels the page offers.
    let lessons = get_api(&app, "lessons", &[]).await.json();
    assert_eq!(lessons["kinds"].as_array().unwrap().len(), 8);
    assert_eq!(lessons["levels"].as_array().unwrap().len(), 3);
    assert_eq!(lessons["lessons"][1]["worked"]["kind"], "labelling");
}
