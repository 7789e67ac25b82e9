//! The fields of a request, read from a query string or a JSON object: the same
//! names either way.

use grundy::games::{graph, Graph};
use grundy::report::Mover;
use grundy::Play;
use serde::Deserialize;

use crate::{Failure, INLINE_GRAPH};

/// The most positions a request's `history` holds.
pub const MOST_HISTORY: usize = 1000;

/// The most shapes a request's `marks` names.
pub const MOST_MARKS: usize = 100;

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
    /// A heap game's picture as the histogram of its values.
    histogram: Option<Flag>,
    /// Whose turn it is in a game against the computer: `person` or `computer`.
    turn: Option<Mover>,
    /// How long the searches may take, in seconds.
    time: Option<Seconds>,
    /// The positions of the game before this one, oldest first, one a line.
    history: Option<String>,
    /// Which part of a position's picture is marked, from 0.
    part: Option<usize>,
    /// The names of the shapes marked on a picture, separated by spaces.
    marks: Option<String>,
    /// The kind of an exercise (`p-positions`, `nim-sum`, …).
    kind: Option<String>,
    /// What an exercise is about (`sub:1,3,4 to 20`, `13,12,8`, `nim 3,5,7`).
    what: Option<String>,
    /// An answer to an exercise.
    answer: Option<String>,
    /// Whether an exercise's hints are asked for.
    hints: Option<Flag>,
    /// The level of a practice exercise, 1 to 3.
    level: Option<u8>,
    /// The seed that chooses a practice exercise.
    seed: Option<u64>,
}

/// A yes/no field: `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`, and an
/// empty value for yes), in a query string or as a JSON boolean.
#[derive(Debug, Clone, Copy)]
struct Flag(bool);

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

/// Seconds, a decimal (`2`, `0.05`) in a query string or a JSON number. A query's
/// decimal is read here, digit by digit: the engine in the browser then carries
/// no general parser of floating-point numbers (whose tables are 10 KB gzipped).
#[derive(Debug, Clone, Copy)]
struct Seconds(f64);

impl<'de> Deserialize<'de> for Seconds {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Seconds;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number of seconds such as 2 or 0.5")
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Seconds, E> {
                Ok(Seconds(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Seconds, E> {
                Ok(Seconds(v as f64))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Seconds, E> {
                Ok(Seconds(v as f64))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Seconds, E> {
                let (whole, fraction) = v.split_once('.').unwrap_or((v, ""));
                let digits = |t: &str| t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit());
                let unexpected = || E::invalid_value(serde::de::Unexpected::Str(v), &self);
                if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) {
                    return Err(unexpected());
                }
                let whole: u64 = format!("0{whole}").parse().map_err(|_| unexpected())?;
                let nanos: u64 = format!("{fraction:0<9}")
                    .parse()
                    .map_err(|_| unexpected())?;
                Ok(Seconds(whole as f64 + nanos as f64 / 1e9))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl Fields {
    /// The fields of a URL's query string (without the `?`).
    pub fn from_query(query: &str) -> Result<Fields, Failure> {
        let pairs = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(pairs)
            .map_err(|e| Failure::bad(format!("the query string is not understood: {e}")))
    }

    /// The fields of a JSON object.
    pub fn from_json(body: &[u8]) -> Result<Fields, Failure> {
        serde_json::from_slice(body).map_err(|e| {
            Failure::bad(format!(
                "the body is not a JSON object of the fields spec, misere, game, to, rows, move, graph, stats, histogram, turn, time, history, part and marks: {e}"
            ))
        })
    }

    /// The part marked (`part`, from 0) and the names of its shapes marked (`marks`,
    /// separated by spaces), at most [`MOST_MARKS`].
    pub(crate) fn marked(&self) -> Result<(usize, Vec<String>), Failure> {
        let marks: Vec<String> = self
            .marks
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        if marks.len() > MOST_MARKS {
            return Err(Failure::bad(format!(
                "the field 'marks' names {} shapes: at most {MOST_MARKS}",
                marks.len()
            )));
        }
        Ok((self.part.unwrap_or(0), marks))
    }

    /// The positions of the game before this one, oldest first (`history`, one a
    /// line), at most [`MOST_HISTORY`].
    pub(crate) fn history(&self) -> Result<Vec<String>, Failure> {
        let lines: Vec<String> = self
            .history
            .as_deref()
            .unwrap_or("")
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .map(String::from)
            .collect();
        match lines.len() > MOST_HISTORY {
            true => Err(Failure::bad(format!(
                "the field 'history' holds {} positions: at most {MOST_HISTORY}",
                lines.len()
            ))),
            false => Ok(lines),
        }
    }

    pub(crate) fn play(&self) -> Play {
        match self.misere.is_some_and(|f| f.0) {
            true => Play::Misere,
            false => Play::Normal,
        }
    }

    pub(crate) fn stats(&self) -> bool {
        self.stats.is_some_and(|f| f.0)
    }

    /// An exercise's kind and what it is about.
    pub(crate) fn exercise(&self) -> Result<(String, String), Failure> {
        let kind = self.kind()?;
        let what = present(self.what.as_deref()).ok_or_else(|| {
            Failure::bad(
                "the field 'what' is missing: say what the exercise is about, such as 13,12,8",
            )
        })?;
        refuse_files(what)?;
        Ok((kind, what.to_string()))
    }

    /// The kind of an exercise (or of a worked example).
    pub(crate) fn kind(&self) -> Result<String, Failure> {
        present(self.kind.as_deref())
            .map(str::to_string)
            .ok_or_else(|| {
                Failure::bad("the field 'kind' is missing: give a kind of exercise such as nim-sum")
            })
    }

    /// The level and seed of a practice exercise (level 1 and seed 0 where not
    /// given).
    pub(crate) fn practice(&self) -> (u8, u64) {
        (self.level.unwrap_or(1), self.seed.unwrap_or(0))
    }

    /// An answer to an exercise, where one is given.
    pub(crate) fn answer(&self) -> Option<String> {
        self.answer.clone()
    }

    pub(crate) fn hints(&self) -> bool {
        self.hints.is_some_and(|f| f.0)
    }

    pub(crate) fn histogram(&self) -> bool {
        self.histogram.is_some_and(|f| f.0)
    }

    pub(crate) fn to(&self) -> Option<u64> {
        self.to
    }

    pub(crate) fn rows(&self) -> Option<usize> {
        self.rows
    }

    /// The time the request's searches may take, where the field 'time' gives it.
    pub(crate) fn time(&self) -> Result<Option<std::time::Duration>, Failure> {
        let most = grundy::FrontEnd::WEB_MOST_SECONDS;
        match self.time.map(|t| t.0) {
            None => Ok(None),
            Some(t) if t.is_finite() && t > 0.0 && t <= most => {
                Ok(Some(std::time::Duration::from_secs_f64(t)))
            }
            Some(t) => Err(Failure::bad(format!(
                "time={t}: give the seconds the searches may take, more than 0 and at most {most}"
            ))),
        }
    }

    pub(crate) fn turn(&self) -> Option<Mover> {
        self.turn
    }

    pub(crate) fn spec(&self) -> Result<String, Failure> {
        let spec = present(self.spec.as_deref()).ok_or_else(|| {
            Failure::bad("the field 'spec' is missing: give a position such as nim 3,4,5")
        })?;
        refuse_files(spec)?;
        Ok(spec.to_string())
    }

    /// Whether the field 'game' is given (`draw` then draws the game's sequence).
    pub(crate) fn has_game(&self) -> bool {
        present(self.game.as_deref()).is_some()
    }

    pub(crate) fn game(&self) -> Result<String, Failure> {
        let game = present(self.game.as_deref()).ok_or_else(|| {
            Failure::bad("the field 'game' is missing: give a game such as kayles or sub:1,3,4")
        })?;
        refuse_files(game)?;
        Ok(game.to_string())
    }

    /// Whether the field `move` is given.
    pub(crate) fn has_move(&self) -> bool {
        present(self.chosen.as_deref()).is_some()
    }

    /// The move chosen (`move`): the position it leaves, or its words.
    pub(crate) fn chosen(&self) -> Result<String, Failure> {
        let chosen = present(self.chosen.as_deref()).ok_or_else(|| {
            Failure::bad("the field 'move' is missing: give the position the move leaves")
        })?;
        refuse_files(chosen)?;
        Ok(chosen.to_string())
    }

    /// The posted graph, read and checked.
    pub(crate) fn graph(&self) -> Result<Option<Graph>, Failure> {
        self.graph
            .as_deref()
            .map(|text| {
                Graph::parse(text, "the posted graph", graph::MOST_VERTICES)
                    .map_err(|e| Failure::bad(e.to_string()))
            })
            .transpose()
    }
}

/// A field's text, trimmed, unless it is empty.
fn present(field: Option<&str>) -> Option<&str> {
    field.map(str::trim).filter(|s| !s.is_empty())
}

/// Refuses text that would make the library read a file: `graph:FILE` (other than
/// the posted `graph:inline`) and Hackenbush's `@FILE`.
fn refuse_files(text: &str) -> Result<(), Failure> {
    if text.contains('@') {
        return Err(Failure::bad(
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
            return Err(Failure::bad(format!(
                "'{name}' names a file, and the playground reads no files: send the graph's lines in the field 'graph' and call it {INLINE_GRAPH}"
            )));
        }
        rest = &rest[at + name.len()..];
    }
    Ok(())
}
