//! The lessons of Learn, in the order of Ferguson's notes: each idea in a few
//! sentences of our own, a position to play, a worked example to step through, and
//! the exercises of the notes' sections, each checked by the engine.

use super::{Asked, Exercise};
use crate::Play;

/// A lesson of Learn: one idea of the notes in a few sentences, a position to play
/// with, and exercises, each checked by the engine.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Lesson {
    /// Its name in a link (`learn?lesson=nim`).
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Where the notes teach it (Ferguson, *Game Theory*, Part I).
    pub notes: &'static str,
    /// The idea, a paragraph each.
    pub idea: &'static [&'static str],
    /// A position to play with, in SPEC syntax.
    pub play: &'static str,
    /// A worked example to step through ([`super::worked::KINDS`]): its kind and what
    /// it is about.
    pub worked: Option<WorkedExample>,
    /// Its exercises.
    pub exercises: Vec<Asked>,
}

/// The worked example of a lesson, as [`super::worked::worked`] makes it.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct WorkedExample {
    /// Its kind ([`super::worked::KINDS`]).
    pub kind: &'static str,
    /// What it is about.
    pub what: &'static str,
}

/// The lessons, in the order of the notes.
pub fn lessons() -> Vec<Lesson> {
    let exercises = |list: &[(&'static str, &'static str, bool)]| {
        list.iter()
            .map(|&(kind, what, misere)| {
                let play = if misere { Play::Misere } else { Play::Normal };
                Exercise::read(kind, what, play)
                    .expect("a lesson's exercise reads")
                    .asked()
            })
            .collect()
    };
    let example = |kind, what| Some(WorkedExample { kind, what });
    const N: bool = false;
    const M: bool = true;
    vec![
        Lesson {
            id: "take-away",
            title: "Take-away games: P- and N-positions",
            notes: "sections 1.1 to 1.3, exercises 1.1 and 1.2",
            idea: &[
                "A position is a P-position when the previous player, the one who just moved, wins with perfect play, and an N-position when the next player, the one to move, wins.",
                "Label the positions from the end backwards: a position with no move is P (the player to move cannot move, and loses); a position is N when some move leads to a P-position, and P when every move leads to an N-position.",
                "In the game of 21 chips where a move takes 1, 2 or 3, the P-positions are the multiples of 4: whatever the opponent takes from one, you take the rest of 4.",
            ],
            play: "sub:1,2,3 21",
            worked: example("labelling", "sub:1,2,3 to 12"),
            exercises: exercises(&[
                ("p-positions", "sub:1,2,3 to 15", N),
                ("winner", "sub:1,2,3 21", N),
                ("winning-moves", "sub:1,2,3 21", N),
                ("p-positions", "sub:1,2,3 to 15", M),
                ("p-positions", "sub:1,2,3,4,5,6 to 30", N),
                ("winning-moves", "sub:1,2,3,4,5,6 31", N),
            ]),
        },
        Lesson {
            id: "subtraction",
            title: "Subtraction games and their periods",
            notes: "section 1.4, exercise 1.4",
            idea: &[
                "In the subtraction game of a set S, a move takes from the heap a number of chips that is in S. The same labelling finds its P-positions.",
                "The labels of a subtraction game with a finite S repeat in the end: for S = {1, 3, 4} the pattern P N P N N N N repeats with period 7, so the P-positions are the heaps of 0 or 2 modulo 7, and 100 (2 modulo 7) is a P-position.",
            ],
            play: "sub:1,3,4 20",
            worked: example("labelling", "sub:1,3,4 to 14"),
            exercises: exercises(&[
                ("p-positions", "sub:1,3,4 to 20", N),
                ("period", "sub:1,3,4", N),
                ("p-positions", "sub:1,3,5,7 to 20", N),
                ("p-positions", "sub:1,3,6 to 20", N),
                ("period", "sub:1,3,6", N),
                ("p-positions", "sub-pow2 to 20", N),
                ("winner", "sub:1,3,5,7 100", N),
                ("winner", "sub:1,3,6 100", N),
                ("winner", "sub-pow2 100", N),
            ]),
        },
        Lesson {
            id: "chapter-1-games",
            title: "More games of chapter 1",
            notes: "section 1.5, exercises 1.3 and 1.5 to 1.8",
            idea: &[
                "The Thirty-one game looks like taking 1 to 6 from 31 chips, but each number may be turned only four times: the simple strategy fails, and the first player still wins another way.",
                "Empty and Divide: the P-positions are the boxes with odd numbers of chips both. Chomp: the first player wins on every rectangle, by strategy stealing, though no one knows how in general. Fibonacci Nim: take the smallest term of the pile's Zeckendorf sum. SOS: a board of four squares is won by S - - S.",
            ],
            play: "chomp 4,4,4",
            worked: None,
            exercises: exercises(&[
                ("winning-moves", "thirty-one -", N),
                ("winning-moves", "empty-divide 4,6", N),
                ("winner", "empty-divide 5,7", N),
                ("winner", "chomp 4,4,4", N),
                ("winning-moves", "chomp 3,3,3", N),
                ("winning-moves", "dynamic 44", N),
                ("winning-moves", "fibonacci 43", N),
                ("winning-moves", "sos S---", N),
            ]),
        },
        Lesson {
            id: "nim",
            title: "Nim and the nim-sum",
            notes: "sections 2.1 to 2.4, exercises 2.1 and 2.2",
            idea: &[
                "The nim-sum of numbers is their sum in binary without carry: in each column an odd number of 1s gives a 1, an even number a 0. It is also called XOR, written ⊕; x ⊕ x = 0, so ⊕ undoes itself.",
                "Bouton's theorem: a position of Nim is a P-position exactly when the nim-sum of its heaps is 0.",
                "A winning move makes the nim-sum 0: with s the nim-sum, take from a heap h with h ⊕ s less than h, leaving h ⊕ s.",
            ],
            play: "nim 13,12,8",
            worked: example("nim-sum", "13,12,8"),
            exercises: exercises(&[
                ("nim-sum", "13,12,8", N),
                ("nim-sum", "27,17", N),
                ("xor", "38,25", N),
                ("winner", "nim 13,12,8", N),
                ("winning-moves", "nim 3,5,7", N),
                ("winning-moves", "nim 12,19,27", N),
                ("winning-moves", "nim 13,17,19,23", N),
            ]),
        },
        Lesson {
            id: "misere",
            title: "Misère Nim",
            notes: "section 2.5, exercise 2.2(c)",
            idea: &[
                "In misère play the player who makes the last move loses.",
                "Misère Nim is played as normal Nim while some heap has 2 or more chips, except the move that would leave only heaps of 1: then leave an odd number of heaps of 1.",
            ],
            play: "nim 2,2,1",
            worked: None,
            exercises: exercises(&[
                ("winner", "nim 1,1,1", M),
                ("winner", "nim 3,3", M),
                ("winning-moves", "nim 2,1,1", M),
                ("winning-moves", "nim 12,19,27", M),
                ("winning-moves", "nim 13,17,19,23", M),
            ]),
        },
        Lesson {
            id: "disguise",
            title: "Nim in disguise",
            notes: "section 2.6, exercises 2.3 to 2.7",
            idea: &[
                "Nimble is Nim: a coin on square n is a heap of n. In Turning Turtles a head in place n is a heap of n. In Staircase Nim only the odd steps count, as Nim heaps. In Northcott's game the gaps between the checkers are Nim heaps, though the game is partizan and could go on for ever.",
                "Moore's Nim_k takes from up to k heaps: a position is P exactly when, with the heaps in binary, every column's count of 1s is divisible by k + 1. Nimble with up to two coins a move is Nim_2.",
            ],
            play: "nimble 1,3,4,4,7,9",
            worked: None,
            exercises: exercises(&[
                ("winner", "nimble 1,3,4,4,7,9", N),
                ("winning-moves", "nimble 1,3,4,4,7,9", N),
                ("winning-moves", "turtles THTTHTTTHHTHT", N),
                ("winner", "northcott W....B,..B.W. white", N),
                ("winner", "northcott W....B,..B.W. black", N),
                ("winning-moves", "staircase 3,5,2,7,4", N),
                ("winner", "nimble-k:2 1,3,4,4,7,9", N),
                ("winning-moves", "moore:2 3,5,6", N),
            ]),
        },
        Lesson {
            id: "graphs",
            title: "Graph games and the Sprague–Grundy function",
            notes: "sections 3.1 to 3.4",
            idea: &[
                "A game is a directed graph: the positions are its vertices, and the moves its edges. A vertex with no followers is terminal: the player to move there loses.",
                "The Sprague–Grundy function g gives each vertex the mex of its followers' values: the least number that is not among them. A terminal vertex has value 0, and the P-positions are exactly the vertices of value 0.",
            ],
            play: "sub:1,2 8",
            worked: example("mex", "a -> b c; b -> d; c -> d e; d -> e; e ->; f -> a c"),
            exercises: exercises(&[
                ("graph-values", "a -> b c; b -> d; c -> d e; d -> e; e ->; f -> a c", N),
                ("graph-values", "x -> y z w; y -> z; z -> w; w ->", N),
                ("nimber", "sub:1,2 8", N),
            ]),
        },
        Lesson {
            id: "sums",
            title: "Sums of games: the Sprague–Grundy theorem",
            notes: "sections 4.1 to 4.3",
            idea: &[
                "In a sum of games a move is made in one of them. The Sprague–Grundy theorem: the value of a sum is the nim-sum of its parts' values, so every sum plays like Nim on those values.",
                "To win a sum, find the nim-sum s of the parts' values, and move in a part of value g with g ⊕ s less than g to one of value g ⊕ s.",
            ],
            play: "kayles 4 + nim 1 + sub:1,2 5",
            worked: example("sum", "nim 3 + kayles 4 + sub:1,2 5"),
            exercises: exercises(&[
                ("nimber", "nim 3 + kayles 4 + sub:1,2 5", N),
                ("winner", "kayles 4 + nim 1", N),
                ("winner", "sub:1,2 5 + nim 3", N),
                ("winning-moves", "sub:1,2 7 + nim 2", N),
            ]),
        },
        Lesson {
            id: "take-and-break",
            title: "Take-and-break games: Kayles",
            notes: "section 4.4",
            idea: &[
                "In Kayles a move knocks down one pin or two neighbouring pins from a row, which may split the row in two: each row is then a part of a sum.",
                "The value of a row of n pins is the mex of the values of what a move leaves, each split row valued as the nim-sum of its two parts.",
            ],
            play: "kayles 7",
            worked: example("sum", "kayles 3 + kayles 4"),
            exercises: exercises(&[
                ("nimber", "kayles 7", N),
                ("winner", "kayles 3 + kayles 2", N),
                ("winning-moves", "kayles 7", N),
            ]),
        },
        Lesson {
            id: "hackenbush",
            title: "Green Hackenbush",
            notes: "sections 5.1 to 5.3",
            idea: &[
                "A move cuts an edge, and every edge no longer joined to the ground falls with it. A bamboo stalk of n edges is a Nim heap of n.",
                "The colon principle: branches meeting at a vertex may be replaced by one stalk as long as the nim-sum of their values, so every tree is a stalk. The fusion principle: the vertices of a cycle may be fused into one, its edges becoming loops, and a loop is a stalk of 1.",
            ],
            play: "hackenbush g-a,a-b,a-c,c-d",
            worked: example("fusion", "hackenbush g-a,a-b,a-c,c-d,g-e,e-f,f-g"),
            exercises: exercises(&[
                ("nimber", "hackenbush g-a,a-b,b-c", N),
                ("nimber", "hackenbush g-a,a-b,a-c,c-d", N),
                ("nimber", "hackenbush g-a,a-b,b-c,c-a", N),
                ("winning-moves", "hackenbush g-a,a-b,a-c,c-d", N),
            ]),
        },
    ]
}
