//! The JSON API: the same objects as the command line's `--json`, from the same
//! library calls. Each endpoint answers `GET` with a query string and `POST` with a
//! JSON object of the same fields; every search runs on the bounded [`Pool`].
//!
//! | endpoint | fields | answer |
//! |---|---|---|
//! | `/api/value` | `spec`, `misere` | `grundy value --json` |
//! | `/api/moves` | `spec`, `misere` | `grundy moves --json` |
//! | `/api/explain` | `spec`, `misere` | `grundy explain --json` |
//! | `/api/computer` | `spec`, `misere` | the computer's move, and whether the game is over |
//! | `/api/check` | `spec`, `move` | the position a move leaves, or why it is illegal |
//! | `/api/table` | `game`, `to`, `rows`, `misere` | `grundy table --json` |
//! | `/api/period` | `game`, `to` | `grundy period --json` |
//! | `/api/draw` | `spec` | `grundy draw` (SVG) |
//! | `/api/families` | | every family, its rules and a starting position |
//! | `/api/limits` | | the limits of this server |
//!
//! Graph games take their graph inline, in the field `graph` (the lines of a graph
//! file), and name it `graph:inline`; the playground reads no files.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{FromRequest, Request, State};
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::games::{graph, Graph};
use grundy::report::{
    CheckReport, ComputerReport, ExplainReport, Mover, MovesReport, PeriodReport, StatisticsReport,
    TableReport, ValueReport,
};
use grundy::solve::sequence::Algorithm;
use grundy::solve::GameBox;
use grundy::table::{Save, Table, TableRequest};
use grundy::{Analysis, Analyst, Budget, Options, Play, Position};
use serde::Deserialize;

use super::families;
use super::limits::{ApiError, Pool, MAX_BODY};

/// What the handlers share.
pub type Shared = Arc<Pool>;

/// The name a posted graph goes by in a SPEC.
pub const INLINE_GRAPH: &str = "graph:inline";

/// The fields of a request, from the query string or a JSON body.
#[derive(Deserialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct Fields {
    spec: Option<String>,
    misere: Option<Flag>,
    game: Option<String>,
    to: Option<u64>,
    rows: Option<usize>,
    #[serde(rename = "move")]
    chosen: Option<String>,
    graph: Option<String>,
    stats: Option<Flag>,
    /// Whose turn it is in a game against the computer: `person` or `computer`.
    turn: Option<Mover>,
}

/// A yes/no field: `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`, and an
/// empty value for yes), in a query string or as a JSON boolean.
#[derive(Debug, Clone, Copy)]
struct Flag(bool);

impl Flag {
    fn is_set(self) -> bool {
        self.0
    }
}

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Flag;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("true or false (or 1/0, yes/no, on/off)")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Flag, E> {
                Ok(Flag(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Flag, E> {
                match v {
                    "true" | "1" | "yes" | "on" | "" => Ok(Flag(true)),
                    "false" | "0" | "no" | "off" => Ok(Flag(false)),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Str(v), &self)),
                }
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl FromRequest<Shared> for Fields {
    type Rejection = ApiError;

    async fn from_request(request: Request, pool: &Shared) -> Result<Self, ApiError> {
        let query = request.uri().query().unwrap_or_default().to_string();
        if query.len() > MAX_BODY {
            return Err(ApiError::too_large());
        }
        let fields: Fields = serde_urlencoded_fields(&query)?;
        if request.method() != Method::POST {
            return Ok(fields);
        }
        let body_timeout = pool.limits().body_timeout;
        let body = tokio::time::timeout(
            body_timeout,
            axum::body::to_bytes(request.into_body(), MAX_BODY),
        )
        .await
        .map_err(|_elapsed| ApiError::slow_body(body_timeout))?
        .map_err(|_| ApiError::too_large())?;
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(fields);
        }
        if query.is_empty() {
            serde_json::from_slice(&body).map_err(|e| {
                ApiError::bad(format!(
                    "the body is not a JSON object of the fields spec, misere, game, to, rows, move, graph, stats and turn: {e}"
                ))
            })
        } else {
            Err(ApiError::bad(
                "send the fields either in the query string or in a JSON body, not in both",
            ))
        }
    }
}

fn serde_urlencoded_fields(query: &str) -> Result<Fields, ApiError> {
    let uri = format!("/?{query}");
    let uri: axum::http::Uri = uri
        .parse()
        .map_err(|_| ApiError::bad("the query string is not a valid URL query"))?;
    axum::extract::Query::<Fields>::try_from_uri(&uri)
        .map(|q| q.0)
        .map_err(|e| {
            let why = e.body_text();
            let why = why.trim_start_matches("Failed to deserialize query string: ");
            ApiError::bad(format!("the query string is not understood: {why}"))
        })
}

impl Fields {
    fn play(&self) -> Play {
        match self.misere.is_some_and(Flag::is_set) {
            true => Play::Misere,
            false => Play::Normal,
        }
    }

    fn spec(&self) -> Result<String, ApiError> {
        let spec = self
            .spec
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| {
                ApiError::bad("the field 'spec' is missing: give a position such as nim 3,4,5")
            })?;
        refuse_files(spec)?;
        Ok(spec.to_string())
    }

    fn game(&self) -> Result<String, ApiError> {
        let game = self
            .game
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| {
                ApiError::bad(
                    "the field 'game' is missing: give a game such as kayles or sub:1,3,4",
                )
            })?;
        refuse_files(game)?;
        Ok(game.to_string())
    }

    /// The posted graph, read and checked.
    fn graph(&self) -> Result<Option<Graph>, ApiError> {
        self.graph
            .as_deref()
            .map(|text| {
                Graph::parse(text, "the posted graph", graph::MOST_VERTICES)
                    .map_err(|e| ApiError::bad(e.to_string()))
            })
            .transpose()
    }
}

/// Refuses text that would make the library read a file: `graph:FILE` (other than
/// the posted `graph:inline`) and Hackenbush's `@FILE`.
pub fn refuse_files(text: &str) -> Result<(), ApiError> {
    if text.contains('@') {
        return Err(ApiError::bad(
            "'@' names a file, and the playground reads no files: write the drawing inline, e.g. hackenbush g-a,a-b",
        ));
    }
    let mut rest = text;
    while let Some(at) = rest.find("graph:") {
        let name: String = rest[at..]
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '+')
            .collect();
        if name != INLINE_GRAPH {
            return Err(ApiError::bad(format!(
                "'{name}' names a file, and the playground reads no files: send the graph's lines in the field 'graph' and call it {INLINE_GRAPH}"
            )));
        }
        rest = &rest[at + name.len()..];
    }
    Ok(())
}

/// An analyst within a request's budget, knowing the posted graph, if any.
fn analyst(budget: &Budget, graph: Option<&Graph>) -> Analyst {
    let mut analyst = Analyst::new(budget.clone());
    if let Some(graph) = graph {
        analyst.add_game(GameBox::new(INLINE_GRAPH, graph.clone()));
    }
    analyst
}

/// Parses `spec`, naming a missing posted graph plainly.
fn parse(analyst: &mut Analyst, spec: &str, graph: bool) -> grundy::Result<Position> {
    if spec.contains(INLINE_GRAPH) && !graph {
        return Err(grundy::invalid!(
            "{INLINE_GRAPH} needs the graph's lines in the field 'graph' (lines like 'a -> b c')"
        ));
    }
    analyst.parse(spec)
}

/// The analysis of the position in `fields` with `options` (play is set here).
async fn analysis(pool: &Shared, fields: &Fields, options: Options) -> Result<Analysis, ApiError> {
    let spec = fields.spec()?;
    let graph = fields.graph()?;
    let options = Options {
        play: fields.play(),
        ..options
    };
    pool.run(move |budget| {
        let mut analyst = analyst(budget, graph.as_ref());
        let position = parse(&mut analyst, &spec, graph.is_some())?;
        analyst.analyse(&position, &options)
    })
    .await
}

/// `/api/value`: as `grundy value --json`.
pub async fn value(State(pool): State<Shared>, fields: Fields) -> Result<Response, ApiError> {
    let a = analysis(&pool, &fields, Options::default()).await?;
    Ok(Json(ValueReport::new(&a)).into_response())
}

/// `/api/moves`: as `grundy moves --json`.
pub async fn moves(State(pool): State<Shared>, fields: Fields) -> Result<Response, ApiError> {
    let options = Options {
        all_moves: true,
        ..Options::default()
    };
    let a = analysis(&pool, &fields, options).await?;
    Ok(Json(MovesReport::new(&a)).into_response())
}

/// `/api/explain`: as `grundy explain --json`.
pub async fn explain(State(pool): State<Shared>, fields: Fields) -> Result<Response, ApiError> {
    let options = Options {
        explain: true,
        ..Options::default()
    };
    let a = analysis(&pool, &fields, options).await?;
    Ok(Json(ExplainReport::new(&a)).into_response())
}

/// `/api/computer`: the computer's move, and whether the game is over and who won.
pub async fn computer(State(pool): State<Shared>, fields: Fields) -> Result<Response, ApiError> {
    let options = Options {
        computer_move: true,
        ..Options::default()
    };
    let a = analysis(&pool, &fields, options).await?;
    Ok(Json(ComputerReport::new(&a, fields.turn)).into_response())
}

/// `/api/check`: the position the move `move` leaves from `spec` (the whole SPEC, or
/// for one part just its position), or 422 with why it is not a legal move.
pub async fn check(State(pool): State<Shared>, fields: Fields) -> Result<Response, ApiError> {
    let spec = fields.spec()?;
    let chosen = fields
        .chosen
        .clone()
        .filter(|m| !m.trim().is_empty())
        .ok_or_else(|| {
            ApiError::bad("the field 'move' is missing: give the position the move leaves")
        })?;
    refuse_files(&chosen)?;
    let graph = fields.graph()?;
    let checked = pool
        .run(move |budget| {
            let mut analyst = analyst(budget, graph.as_ref());
            let position = parse(&mut analyst, &spec, graph.is_some())?;
            Ok(match analyst.legal_move(&position, &chosen) {
                Ok(next) => {
                    let description = analyst.describe_move(&position, &next)?;
                    Ok(CheckReport::new(position, next, description))
                }
                Err(why) => Err(why),
            })
        })
        .await?;
    match checked {
        Ok(report) => Ok(Json(report).into_response()),
        Err(why) => Err(ApiError::unprocessable(why)),
    }
}

/// `/api/table`: as `grundy table --json` (heap games, Chomp by rows, a posted graph).
pub async fn table(State(pool): State<Shared>, fields: Fields) -> Result<Response, ApiError> {
    let game = fields.game()?;
    let play = fields.play();
    if game == INLINE_GRAPH {
        let graph = fields.graph()?.ok_or_else(|| {
            ApiError::bad(format!(
                "{INLINE_GRAPH} needs the graph's lines in the field 'graph'"
            ))
        })?;
        let labelled = pool
            .run(move |budget| graph::label(&graph, INLINE_GRAPH, play, budget))
            .await?;
        let labelled = Table::Vertices(labelled);
        return Ok(Json(TableReport::new(&labelled, play)).into_response());
    }
    let (to, rows) = (fields.to, fields.rows);
    let made = pool
        .run(move |budget| {
            let request = TableRequest {
                to,
                rows,
                play,
                budget: budget.clone(),
                save: Save::No,
                algorithm: Algorithm::RareCommon,
            };
            grundy::tabulate::table(&game, &request, &mut |_| {})
        })
        .await?;
    if fields.stats.is_some_and(Flag::is_set) {
        let Some((game, statistics)) = made.statistics() else {
            return Err(ApiError::bad(
                "stats are for the heap tables of normal play, of nimbers",
            ));
        };
        return Ok(Json(StatisticsReport::new(game, &statistics)).into_response());
    }
    Ok(Json(TableReport::new(&made, play)).into_response())
}

/// `/api/period`: as `grundy period --json`; `to` defaults to the largest heap the
/// position budget allows, at most 1,000,000.
pub async fn period(State(pool): State<Shared>, fields: Fields) -> Result<Response, ApiError> {
    let game = fields.game()?;
    let max_positions = pool.limits().max_positions;
    let to = fields
        .to
        .unwrap_or((max_positions as u64).saturating_sub(1).min(1_000_000));
    let (name, found) = pool
        .run(move |budget| {
            grundy::tabulate::period(&game, to, Algorithm::RareCommon, budget, &mut |_| {})
        })
        .await?;
    Ok(Json(PeriodReport::new(name, to, found)).into_response())
}

/// `/api/draw`: the picture of a one-part position, as `grundy draw` prints it.
pub async fn draw(State(pool): State<Shared>, fields: Fields) -> Result<Response, ApiError> {
    let spec = fields.spec()?;
    let svg = pool.run(move |_| grundy::draw(&spec)).await?;
    Ok((
        [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")],
        svg,
    )
        .into_response())
}

/// `/api/families`: every family with its rules and a starting position.
pub async fn families() -> Response {
    Json(families::list()).into_response()
}

/// `/api/limits`: the limits of this server.
pub async fn limits(State(pool): State<Shared>) -> Response {
    let l = pool.limits();
    Json(serde_json::json!({
        "max_positions": l.max_positions,
        "time_limit_ms": l.time_limit.as_millis() as u64,
        "workers": l.workers,
        "max_body_bytes": MAX_BODY,
        "header_timeout_ms": l.header_timeout.as_millis() as u64,
        "body_timeout_ms": l.body_timeout.as_millis() as u64,
        "max_connections": l.max_connections,
    }))
    .into_response()
}

/// Any other path under `/api/`.
pub async fn unknown(request: Request<Body>) -> ApiError {
    ApiError::not_found(request.uri().path())
}
