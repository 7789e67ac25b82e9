//! The answer to an exercise of the notes (`grundy exercise`, the API's
//! `exercise`): the question, the verdict on an answer or on a class's answers,
//! and the hints; and the lessons of Learn (the API's `lessons`).

use std::fmt;

use serde::Serialize;

use crate::learn::{self, Asked, Exercise, Hints, Lesson};
use crate::{invalid, Budget, Result};

/// An exercise's question, with what was asked of it.
#[derive(Clone, Debug, Serialize)]
pub struct ExerciseReport {
    /// The exercise: `kind`, `what`, `misere`, `question`, `choices`, `picture`.
    #[serde(flatten)]
    pub asked: Asked,
    /// Whether the answer is right (absent where none was given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correct: Option<bool>,
    /// Each mistake of the answer, explained.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub mistakes: Vec<String>,
    /// The verdict on each answer of a class.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answers: Option<Vec<ClassAnswer>>,
    /// The hints, where asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hints: Option<Hints>,
}

/// One student's answer, checked.
#[derive(Clone, Debug, Serialize)]
pub struct ClassAnswer {
    /// The student's name.
    pub name: String,
    /// Whether the answer is right.
    pub correct: bool,
    /// Each mistake, explained (an answer that cannot be read is one).
    pub mistakes: Vec<String>,
}

impl ExerciseReport {
    /// The question of `exercise`, the verdict on `answer` where there is one, and
    /// the hints where asked for, each found within `budget`.
    pub fn new(
        exercise: &Exercise,
        answer: Option<&str>,
        hints: bool,
        budget: &Budget,
    ) -> Result<Self> {
        let verdict = answer.map(|a| exercise.check(a, budget)).transpose()?;
        Ok(ExerciseReport {
            asked: exercise.asked(),
            correct: verdict.as_ref().map(|v| v.correct),
            mistakes: verdict.map(|v| v.mistakes).unwrap_or_default(),
            answers: None,
            hints: hints.then(|| exercise.hints(budget)).transpose()?,
        })
    }

    /// With the verdict on each line `NAME<TAB>ANSWER` (or `NAME: ANSWER`) of a
    /// class's answers; blank lines and lines starting with `#` are skipped.
    pub fn with_class(mut self, exercise: &Exercise, text: &str, budget: &Budget) -> Result<Self> {
        let mut checked = Vec::new();
        for (number, line) in (1..).zip(text.lines()) {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((name, answer)) = line.split_once('\t').or_else(|| line.split_once(": "))
            else {
                return Err(invalid!(
                    "line {number} of the answers, '{line}', is not NAME<TAB>ANSWER or NAME: ANSWER"
                ));
            };
            let (correct, mistakes) = match exercise.check(answer, budget) {
                Ok(v) => (v.correct, v.mistakes),
                Err(crate::Error::Invalid(why)) => (false, vec![why]),
                Err(e) => return Err(e),
            };
            checked.push(ClassAnswer {
                name: name.trim().to_string(),
                correct,
                mistakes,
            });
        }
        self.answers = Some(checked);
        Ok(self)
    }
}

impl fmt::Display for ExerciseReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.asked.question)?;
        match self.correct {
            Some(true) => write!(f, "\nRight.")?,
            Some(false) => {
                write!(f, "\nNot right:")?;
                for mistake in &self.mistakes {
                    write!(f, "\n  {mistake}")?;
                }
            }
            None => {}
        }
        if let Some(answers) = &self.answers {
            for a in answers {
                match a.correct {
                    true => write!(f, "\n{}: right", a.name)?,
                    false => {
                        let said: Vec<&str> =
                            a.mistakes.iter().map(|m| m.trim_end_matches('.')).collect();
                        write!(f, "\n{}: not right: {}", a.name, said.join("; "))?
                    }
                }
            }
            let right = answers.iter().filter(|a| a.correct).count();
            write!(f, "\n{right} of {} right", answers.len())?;
        }
        if let Some(h) = &self.hints {
            write!(
                f,
                "\nNudge: {}\nMethod: {}\nAnswer: {}",
                h.nudge, h.method, h.answer
            )?;
        }
        if self.correct.is_none() && self.answers.is_none() && self.hints.is_none() {
            let misere = if self.asked.misere { " --misere" } else { "" };
            write!(
                f,
                "\n(check an answer: grundy exercise {} '{}'{misere} --answer TEXT; or see the hints with --hints)",
                self.asked.kind, self.asked.what
            )?;
        }
        Ok(())
    }
}

/// The lessons of Learn, in the order of the notes.
#[derive(Clone, Debug, Serialize)]
pub struct LessonsReport {
    /// Each lesson: `id`, `title`, `notes`, `idea`, `play`, `worked` and
    /// `exercises`.
    pub lessons: Vec<Lesson>,
    /// The kinds of exercise, each `name` and `about` (what it asks).
    pub kinds: Vec<Named>,
    /// The levels of practice, each `level` and `about`.
    pub levels: Vec<Level>,
}

/// A kind of exercise, and what it asks.
#[derive(Clone, Debug, Serialize)]
pub struct Named {
    /// Its name.
    pub name: &'static str,
    /// What it asks.
    pub about: &'static str,
}

/// A level of practice.
#[derive(Clone, Debug, Serialize)]
pub struct Level {
    /// Its number.
    pub level: u8,
    /// What it brings.
    pub about: &'static str,
}

impl LessonsReport {
    /// Every lesson.
    pub fn new() -> Self {
        LessonsReport {
            lessons: learn::lessons(),
            kinds: learn::KINDS
                .iter()
                .map(|&(name, about)| Named { name, about })
                .collect(),
            levels: learn::practice::LEVELS
                .iter()
                .map(|&(level, about)| Level { level, about })
                .collect(),
        }
    }
}

impl Default for LessonsReport {
    fn default() -> Self {
        Self::new()
    }
}
