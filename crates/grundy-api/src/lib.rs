//! The playground's JSON API apart from any transport: a request is an endpoint's
//! name and its [`Fields`]; its answer is the JSON the command line's `--json`
//! prints (or an SVG), from the same library calls, or a [`Failure`] with its HTTP
//! status. `grundy serve` answers it over HTTP; grundy-wasm answers it in the
//! browser, so the pages run the same with a server or without one.
//!
//! | endpoint | fields | answer |
//! |---|---|---|
//! | `value` | `spec`, `misere` | `grundy value --json` |
//! | `moves` | `spec`, `misere` | `grundy moves --json` |
//! | `explain` | `spec`, `misere` | `grundy explain --json` |
//! | `computer` | `spec`, `misere`, `turn` | the computer's move, and whether the game is over |
//! | `position` | `spec`, `misere`, `turn` | `computer`, `value`, `moves` and `explain` at once |
//! | `parts` | `spec` | the position read, its parts, before any search |
//! | `check` | `spec`, `move` | the position a move leaves, or why it is illegal |
//! | `table` | `game`, `to`, `rows`, `misere`, `stats` | `grundy table --json` (or `--stats`) |
//! | `period` | `game`, `to` | `grundy period --json` |
//! | `drawing` | `spec`, `history` | the position read, its parts, and each part's picture with the moves its clicks make |
//! | `marking` | `spec`, `part`, `marks` | the moves that shapes marked on a part's picture make, for a picture too large to list its moves |
//! | `marking` | `spec`, `move` | the part and the marks of the move to the position `move` (a hint shown on the picture) |
//! | `draw` | `spec` | `grundy draw` (SVG) |
//! | `draw` | `game`, `to`, `misere`, `histogram` | `grundy draw GAME --to N` (SVG) |
//! | `families` | | every family, its rules and a starting position |
//! | `lessons` | | the lessons of Learn: each idea, a position to play, its exercises |
//! | `exercise` | `kind`, `what`, `misere`, `answer`, `hints` | `grundy exercise --json`: the question, the verdict on the answer, the hints |
//! | `practice` | `kind`, `level`, `seed` | `grundy exercise KIND --practice LEVEL --seed SEED --json`: a generated exercise |
//! | `worked` | `kind`, `what` | a worked example's steps (the labelling, a nim-sum's columns, the mex on a graph, a sum, a Hackenbush drawing fused) |
//!
//! Graph games take their graph inline, in the field `graph` (the lines of a graph
//! file), and name it `graph:inline`; the playground reads no files.

mod families;
mod fields;

use std::time::Duration;

use grundy::analysis::ComputerTurn;
use grundy::drawing::Marking;
use grundy::games::{graph, Graph};
use grundy::learn::practice::practice;
use grundy::learn::worked::worked;
use grundy::learn::Exercise;
use grundy::plot::{self, Chart};
use grundy::report::{
    CheckReport, ComputerReport, DrawingReport, ExerciseReport, ExplainReport, LessonsReport,
    MarkingReport, Mover, MovesReport, PartsReport, PeriodReport, PositionReport, StatisticsReport,
    TableReport, ValueReport,
};
use grundy::solve::sequence::Algorithm;
use grundy::solve::GameBox;
use grundy::table::{Save, Table, TableRequest};
use grundy::{Analysis, Analyst, Asked, Budget, FrontEnd, Options, Play, Position};
use serde::Serialize;

pub use families::{list as families, FamilyEntry};
pub use fields::Fields;

/// The name a posted graph goes by in a SPEC.
pub const INLINE_GRAPH: &str = "graph:inline";

/// The share of a request's budget that `position` gives to valuing every move
/// (one part in this many).
const MOVES_SHARE: usize = 10;

/// The largest picture `draw` sends, in bytes (a Chomp board of about 40x40):
/// a larger one would only slow the page down, so a sentence says so instead.
pub const MAX_PICTURE_BYTES: usize = 256 * 1024;

/// A request read and checked, ready to be answered within a budget: what it asks,
/// and the time its searches may take (the field `time`, in seconds; else the
/// library's default for the web, [`FrontEnd::Web`]).
#[derive(Debug, Clone)]
pub struct Request {
    query: Query,
    time: Option<Duration>,
}

/// What a request asks.
#[derive(Debug, Clone)]
pub enum Query {
    /// The value of a position.
    Value(Question),
    /// Every move of a position.
    Moves(Question),
    /// Why a position is worth what it is.
    Explain(Question),
    /// The computer's move, and whether the game is over.
    Computer(Question, Option<Mover>),
    /// Everything a page shows of a position, from one analysis.
    Position(Question, Option<Mover>),
    /// A position's parts, read without a search.
    Parts(Question),
    /// The position a move leaves.
    Check(Question, String),
    /// A table of values.
    Table {
        game: String,
        to: Option<u64>,
        rows: Option<usize>,
        play: Play,
        stats: bool,
    },
    /// A posted graph's vertices, labelled.
    GraphTable(Graph, Play),
    /// The period of a heap game.
    Period { game: String, to: Option<u64> },
    /// The pictures of a position's parts with their moves, after the positions
    /// of the game before it.
    Drawing(Question, Vec<String>),
    /// What shapes marked on a part's picture make: the part, the shapes; or the
    /// marks of the move to a position.
    Marking(Question, Marks),
    /// The picture of a position.
    Draw(String),
    /// The picture of a heap game's sequence.
    Plot {
        game: String,
        to: u64,
        play: Play,
        chart: Chart,
    },
    /// Every family.
    Families,
    /// The lessons of Learn.
    Lessons,
    /// An exercise: the verdict on an answer where one is given, and the hints
    /// where asked for.
    Exercise {
        exercise: Exercise,
        answer: Option<String>,
        hints: bool,
    },
    /// A generated exercise: its kind, level and seed.
    Practice(String, u8, u64),
    /// A worked example: its kind, and what it is about.
    Worked(String, String),
}

/// What a `marking` request asks.
#[derive(Debug, Clone)]
pub enum Marks {
    /// The moves that the shapes marked on a part make: the part, the shapes.
    Shapes(usize, Vec<String>),
    /// The marks of the move to this position.
    Leading(String),
}

/// Refuses a picture of `bytes` bytes past [`MAX_PICTURE_BYTES`], saying why.
fn within_picture_bytes(bytes: usize) -> Result<(), String> {
    match bytes > MAX_PICTURE_BYTES {
        true => Err(format!(
            "this board is too large to draw here (its picture would take {} KB, and the playground draws up to {} KB): type your move instead",
            bytes / 1024,
            MAX_PICTURE_BYTES / 1024
        )),
        false => Ok(()),
    }
}

/// A position asked about: its SPEC, the posted graph it may name, and the play.
#[derive(Debug, Clone)]
pub struct Question {
    spec: String,
    graph: Option<Graph>,
    play: Play,
}

/// What a request is answered with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A JSON document.
    Json(String),
    /// An SVG picture.
    Svg(String),
}

impl Answer {
    /// Its media type.
    pub fn content_type(&self) -> &'static str {
        match self {
            Answer::Json(_) => "application/json",
            Answer::Svg(_) => "image/svg+xml; charset=utf-8",
        }
    }

    /// Its text.
    pub fn body(&self) -> &str {
        match self {
            Answer::Json(text) | Answer::Svg(text) => text,
        }
    }

    fn json(report: &impl Serialize) -> Answer {
        Answer::Json(serde_json::to_string(report).expect("reports serialize"))
    }
}

/// Why a request is not answered: refused with a status and one sentence, or the
/// engine's error (whose status [`Failure::status`] gives).
#[derive(Debug)]
pub enum Failure {
    /// Refused before or after the search.
    Refused {
        /// The HTTP status.
        status: u16,
        /// Why, in one sentence.
        message: String,
    },
    /// The engine's error: bad input, a budget reached, or the search stopped.
    Engine(grundy::Error),
}

impl From<grundy::Error> for Failure {
    fn from(e: grundy::Error) -> Self {
        Failure::Engine(e)
    }
}

impl Failure {
    /// Bad input: 400.
    pub fn bad(message: impl Into<String>) -> Self {
        Failure::Refused {
            status: 400,
            message: message.into(),
        }
    }

    /// Well-formed but refused (an illegal move, a search over the budget): 422.
    pub fn unprocessable(message: impl Into<String>) -> Self {
        Failure::Refused {
            status: 422,
            message: message.into(),
        }
    }

    /// No such endpoint: 404.
    pub fn not_found(endpoint: &str) -> Self {
        Failure::Refused {
            status: 404,
            message: format!("there is no page or endpoint '/api/{endpoint}'"),
        }
    }

    /// Whether the search was stopped from outside (by its time limit).
    pub fn is_stopped(&self) -> bool {
        matches!(self, Failure::Engine(grundy::Error::Stopped))
    }

    /// The HTTP status and the sentence: bad input is 400, a search over the position
    /// budget 422, a search stopped at the playground's `time_limit` 503.
    pub fn status_and_message(&self, time_limit: Duration) -> (u16, String) {
        let terminal = FrontEnd::Terminal
            .knobs()
            .expect("the command has settings");
        let further = |e: &grundy::Error, knob: &str| {
            format!("{e}; the playground stops there (the grundy command goes further with {knob})")
        };
        match self {
            Failure::Refused { status, message } => (*status, message.clone()),
            Failure::Engine(e @ grundy::Error::Memory { .. }) => (422, further(e, terminal.memory)),
            Failure::Engine(e @ grundy::Error::Budget { .. }) => {
                (422, further(e, terminal.positions))
            }
            Failure::Engine(e @ (grundy::Error::Work { .. } | grundy::Error::Time { .. })) => (
                422,
                format!(
                    "{e} (the field 'time' allows more, within the playground's limit; the grundy command goes further with {})",
                    terminal.time.name()
                ),
            ),
            Failure::Engine(grundy::Error::Stopped) => (
                503,
                format!(
                    "the computation was stopped after {}, the playground's time limit for one request (the grundy command has none)",
                    seconds(time_limit)
                ),
            ),
            Failure::Engine(other) => (400, other.to_string()),
        }
    }
}

/// A duration as the API's sentences write it: "10 s", "0.3 s".
pub fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s} s")
    }
}

impl Question {
    fn of(fields: &Fields) -> Result<Question, Failure> {
        Ok(Question {
            spec: fields.spec()?,
            graph: fields.graph()?,
            play: fields.play(),
        })
    }

    /// An analyst within `budget`, knowing the posted graph, and the position.
    fn read(&self, budget: &Budget) -> grundy::Result<(Analyst, Position)> {
        let mut analyst = Analyst::new(budget.clone());
        if let Some(graph) = &self.graph {
            analyst.add_game(GameBox::new(INLINE_GRAPH, graph.clone()));
        } else if self.spec.contains(INLINE_GRAPH) {
            return Err(grundy::invalid!(
                "{INLINE_GRAPH} needs the graph's lines in the field 'graph' (lines like 'a -> b c')"
            ));
        }
        let position = analyst.parse(&self.spec)?;
        Ok((analyst, position))
    }

    /// The analysis of the position with `options` (play is set here).
    fn analyse(&self, budget: &Budget, options: Options) -> grundy::Result<Analysis> {
        let (mut analyst, position) = self.read(budget)?;
        let options = Options {
            play: self.play,
            ..options
        };
        analyst.analyse(&position, &options)
    }
}

impl From<Query> for Request {
    /// `query`, its searches given the default time.
    fn from(query: Query) -> Request {
        Request { query, time: None }
    }
}

impl Request {
    /// Reads the request for `endpoint` (`value`, `moves`, …) from its fields.
    pub fn read(endpoint: &str, fields: &Fields) -> Result<Request, Failure> {
        Ok(Request {
            query: Query::read(endpoint, fields)?,
            time: fields.time()?,
        })
    }

    /// What the request asks, for its default time.
    fn asked(&self) -> Asked {
        match self.query {
            Query::Computer(..) => Asked::Move,
            Query::Table { .. }
            | Query::GraphTable(..)
            | Query::Period { .. }
            | Query::Plot { .. } => Asked::Sequence,
            _ => Asked::Position,
        }
    }

    /// The answer, searched for within `budget` and the request's time.
    pub fn answer(&self, budget: &Budget) -> Result<Answer, Failure> {
        let time = self.time.or(FrontEnd::Web.time(self.asked()));
        self.query.answer(&budget.clone().with_time(time))
    }
}

impl Query {
    /// Reads the query of `endpoint` (`value`, `moves`, …) from its fields.
    fn read(endpoint: &str, fields: &Fields) -> Result<Query, Failure> {
        Ok(match endpoint {
            "value" => Query::Value(Question::of(fields)?),
            "moves" => Query::Moves(Question::of(fields)?),
            "explain" => Query::Explain(Question::of(fields)?),
            "computer" => Query::Computer(Question::of(fields)?, fields.turn()),
            "position" => Query::Position(Question::of(fields)?, fields.turn()),
            "parts" => Query::Parts(Question::of(fields)?),
            "drawing" => Query::Drawing(Question::of(fields)?, fields.history()?),
            "marking" => {
                let marks = match fields.has_move() {
                    true => Marks::Leading(fields.chosen()?),
                    false => {
                        let (part, marks) = fields.marked()?;
                        Marks::Shapes(part, marks)
                    }
                };
                Query::Marking(Question::of(fields)?, marks)
            }
            "check" => {
                let question = Question::of(fields)?;
                Query::Check(question, fields.chosen()?)
            }
            "table" => {
                let game = fields.game()?;
                let play = fields.play();
                if game == INLINE_GRAPH {
                    let graph = fields.graph()?.ok_or_else(|| {
                        Failure::bad(format!(
                            "{INLINE_GRAPH} needs the graph's lines in the field 'graph'"
                        ))
                    })?;
                    Query::GraphTable(graph, play)
                } else {
                    Query::Table {
                        game,
                        to: fields.to(),
                        rows: fields.rows(),
                        play,
                        stats: fields.stats(),
                    }
                }
            }
            "period" => Query::Period {
                game: fields.game()?,
                to: fields.to(),
            },
            "draw" if fields.has_game() => Query::Plot {
                game: fields.game()?,
                to: fields.to().ok_or_else(|| {
                    Failure::bad("the picture of a sequence needs the field 'to', the largest heap")
                })?,
                play: fields.play(),
                chart: match fields.histogram() {
                    true => Chart::Histogram,
                    false => Chart::Values,
                },
            },
            "draw" => Query::Draw(fields.spec()?),
            "families" => Query::Families,
            "lessons" => Query::Lessons,
            "exercise" => {
                let (kind, what) = fields.exercise()?;
                Query::Exercise {
                    exercise: Exercise::read(&kind, &what, fields.play())?,
                    answer: fields.answer(),
                    hints: fields.hints(),
                }
            }
            "practice" => {
                let (level, seed) = fields.practice();
                Query::Practice(fields.kind()?, level, seed)
            }
            "worked" => {
                let (kind, what) = fields.exercise()?;
                Query::Worked(kind, what)
            }
            other => return Err(Failure::not_found(other)),
        })
    }

    /// The answer, searched for within `budget`.
    fn answer(&self, budget: &Budget) -> Result<Answer, Failure> {
        let analysis = |question: &Question, options| question.analyse(budget, options);
        Ok(match self {
            Query::Value(q) => Answer::json(&ValueReport::new(&analysis(q, Options::default())?)),
            Query::Moves(q) => {
                let options = Options {
                    all_moves: true,
                    ..Options::default()
                };
                Answer::json(&MovesReport::new(&analysis(q, options)?))
            }
            Query::Explain(q) => {
                let options = Options {
                    explain: true,
                    ..Options::default()
                };
                Answer::json(&ExplainReport::new(&analysis(q, options)?))
            }
            Query::Computer(q, turn) => {
                // The computer always moves: past the time, a move a short look
                // finds, said to be unproved.
                let (mut analyst, position) = q.read(budget)?;
                match analyst.computer_turn(&position, q.play)? {
                    ComputerTurn::Analysed(a) => Answer::json(&ComputerReport::new(&a, *turn)),
                    ComputerTurn::Unanalysed { chosen, why } => {
                        let components = analyst.components(&position)?;
                        Answer::json(&ComputerReport::without_analysis(
                            &position,
                            &components,
                            q.play,
                            &chosen,
                            &why,
                        ))
                    }
                }
            }
            Query::Position(q, turn) => {
                let options = Options {
                    computer_move: true,
                    explain: true,
                    ..Options::default()
                };
                let whole = analysis(q, options)?;
                // Every move valued, within a tenth of the budget: past it, the
                // verdict and the computer's move still come (a theorem's, often).
                let options = Options {
                    all_moves: true,
                    ..Options::default()
                };
                let every_move = budget.at_most(budget.positions() / MOVES_SHARE);
                let moves = match q.analyse(&every_move, options) {
                    Ok(moves) => Ok(moves),
                    Err(e) if e.is_budget() => Err(e.to_string()),
                    Err(e) => return Err(e.into()),
                };
                let moves = moves.as_ref().map_err(Clone::clone);
                let report = PositionReport::new(&whole, moves, *turn);
                Answer::json(&report)
            }
            Query::Parts(q) => {
                let (analyst, position) = q.read(budget)?;
                let components = analyst.components(&position)?;
                Answer::json(&PartsReport::new(position, components))
            }
            Query::Check(q, chosen) => {
                let (mut analyst, position) = q.read(budget)?;
                let next = analyst
                    .legal_move(&position, chosen)
                    .map_err(|why| Failure::unprocessable(why.to_string()))?;
                let description = analyst.describe_move(&position, &next)?;
                Answer::json(&CheckReport::new(position, next, description))
            }
            Query::GraphTable(graph, play) => {
                let labelled = graph::label(graph, INLINE_GRAPH, *play, budget)?;
                Answer::json(&TableReport::new(&Table::Vertices(labelled), *play))
            }
            Query::Table {
                game,
                to,
                rows,
                play,
                stats,
            } => {
                let request = TableRequest {
                    to: *to,
                    rows: *rows,
                    play: *play,
                    budget: budget.clone(),
                    save: Save::No,
                    algorithm: Algorithm::RareCommon,
                };
                let made = grundy::tabulate::table(game, &request, &mut |_| {})?;
                if !*stats {
                    return Ok(Answer::json(&TableReport::new(&made, *play)));
                }
                let (game, statistics) = made.statistics().ok_or_else(|| {
                    Failure::bad("stats are for the heap tables of normal play, of nimbers")
                })?;
                Answer::json(&StatisticsReport::new(game, &statistics))
            }
            Query::Period { game, to } => {
                let to = to.unwrap_or_else(|| grundy::tabulate::period_to(budget));
                let (name, found) =
                    grundy::tabulate::period(game, to, Algorithm::RareCommon, budget, &mut |_| {})?;
                Answer::json(&PeriodReport::new(name, to, found))
            }
            Query::Drawing(q, history) => {
                let (mut analyst, position) = q.read(budget)?;
                let history = history
                    .iter()
                    .map(|spec| analyst.parse(spec))
                    .collect::<grundy::Result<Vec<_>>>()?;
                let parts = analyst
                    .drawings(&position, &history)?
                    .into_iter()
                    .map(|drawn| {
                        let d = drawn.map_err(|e| e.to_string())?;
                        let svg = d.svg();
                        within_picture_bytes(svg.len())?;
                        Ok((d, svg))
                    })
                    .collect();
                let components = analyst.components(&position)?;
                Answer::json(&DrawingReport::new(position, components, parts))
            }
            Query::Marking(q, marks) => {
                let (mut analyst, position) = q.read(budget)?;
                let (part, marking) = match marks {
                    Marks::Shapes(part, marks) => {
                        (*part, analyst.marking(&position, *part, marks)?)
                    }
                    Marks::Leading(to) => {
                        let to = analyst.parse(to)?;
                        match analyst.leading(&position, &to)? {
                            Some((part, led)) => (
                                part,
                                Marking {
                                    exact: vec![led],
                                    more: Vec::new(),
                                },
                            ),
                            None => (
                                0,
                                Marking {
                                    exact: Vec::new(),
                                    more: Vec::new(),
                                },
                            ),
                        }
                    }
                };
                Answer::json(&MarkingReport::new(part, marking))
            }
            Query::Draw(spec) => {
                let svg = grundy::draw(spec)?;
                within_picture_bytes(svg.len()).map_err(Failure::unprocessable)?;
                Answer::Svg(svg)
            }
            Query::Plot {
                game,
                to,
                play,
                chart,
            } => {
                let request = TableRequest::heaps(*to, *play, budget.clone());
                Answer::Svg(plot::sequence(game, &request, *chart)?)
            }
            Query::Families => Answer::json(&families()),
            Query::Lessons => Answer::json(&LessonsReport::new()),
            Query::Exercise {
                exercise,
                answer,
                hints,
            } => Answer::json(&ExerciseReport::new(
                exercise,
                answer.as_deref(),
                *hints,
                budget,
            )?),
            Query::Practice(kind, level, seed) => Answer::json(&ExerciseReport::new(
                &practice(kind, *level, *seed)?,
                None,
                false,
                budget,
            )?),
            Query::Worked(kind, what) => Answer::json(&worked(kind, what, budget)?),
        })
    }
}
