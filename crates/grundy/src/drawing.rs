//! Pictures of positions as a model: shapes with their colours, the clickable ones
//! named, and every move the picture can make, each the set of named shapes a
//! player marks to make it. The library draws each position once, here; the model
//! is written as SVG ([`Drawing::svg`]) for files, the command line and the page,
//! whose board wires the clicks from the moves alone and knows no rule of any game.
//!
//! A move is made by marking its shapes: where the marks are exactly one move's and
//! no other move has more, it is made at once (a click on a chip of Nim); where
//! another move has more (a run of chips in Kayles), the page offers to make it.
//! Each move also names the shapes it lights, as a preview (the chips it takes).
//!
//! A picture of a large position (Chomp on a 200×200 board) lists no moves: too
//! many to send. Its moves are asked for by their marks ([`Marking`], the
//! `Picture::marking` of its game), and a row of many cells may be one shape, a
//! *strip* ([`Shape::strip`]): its cell `i` is marked as `ID:i`, and cells `i` to
//! `j` are lit as `ID:i-j`.

use std::fmt::Write as _;

use serde::Serialize;

use crate::notation::escape_xml as escape;
use crate::{Game, Result};

/// A picture of a position, with the moves it can make.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Drawing<P> {
    /// Its width and height, in pixels at its natural size.
    pub width: f64,
    /// See `width`.
    pub height: f64,
    /// What it shows, for a screen reader ("heaps 3,4,5").
    pub label: String,
    /// How a player moves by clicking it.
    pub how: String,
    /// The shapes, drawn in order.
    #[serde(skip)]
    pub shapes: Vec<Shape>,
    /// Every move the picture can make; none where they are asked for by their
    /// marks (`on_request`).
    pub moves: Vec<Marked<P>>,
    /// Whether its moves are too many to list, and are asked for by their marks
    /// ([`Marking`]).
    #[serde(rename = "moves_on_request")]
    pub on_request: bool,
}

/// What a picture's marks make: the moves whose marks are exactly them, and the
/// shapes that would add to them toward a move that marks more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Marking<P> {
    /// The moves whose marks are exactly the marks.
    pub exact: Vec<Marked<P>>,
    /// The names of the shapes (or strip cells) that some move marks beside them.
    pub more: Vec<String>,
}

impl<P> Marked<P> {
    /// The same move, leading to `f` of its position.
    pub fn map<Q>(self, f: impl FnOnce(P) -> Q) -> Marked<Q> {
        Marked {
            to: f(self.to),
            marks: self.marks,
            lit: self.lit,
            words: self.words,
        }
    }
}

impl<P> Marking<P> {
    /// The same moves, leading to `f` of their positions.
    pub fn map<Q>(self, mut f: impl FnMut(P) -> Q) -> Marking<Q> {
        Marking {
            exact: self.exact.into_iter().map(|m| m.map(&mut f)).collect(),
            more: self.more,
        }
    }
}

/// A move of a [`Drawing`]: the shapes marked to make it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Marked<P> {
    /// The names of the shapes marked to make it.
    pub marks: Vec<String>,
    /// The names of the shapes it lights as a preview (what it takes or changes).
    pub lit: Vec<String>,
    /// The position it leaves.
    pub to: P,
    /// The move in words.
    pub words: String,
}

/// One shape of a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// Its geometry.
    pub kind: Kind,
    /// Its colours.
    pub paint: Paint,
    /// Its classes, for the page's styles (`chip`, `square light`, `last-move`).
    pub class: String,
    /// Its name, where a move marks or lights it.
    pub id: Option<String>,
    /// What a click on it does, or what it is, in words.
    pub title: Option<String>,
    /// Attributes the page's tests and styles read (`data-cell="0,3"`).
    pub data: Vec<(&'static str, String)>,
}

/// The geometry of a shape, in pixels, y pointing down.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A rectangle, its corners rounded by `rx`.
    Rect {
        /// Left.
        x: f64,
        /// Top.
        y: f64,
        /// Width.
        width: f64,
        /// Height.
        height: f64,
        /// The corners' radius.
        rx: f64,
    },
    /// A circle.
    Circle {
        /// Centre, x.
        cx: f64,
        /// Centre, y.
        cy: f64,
        /// Radius.
        r: f64,
    },
    /// An ellipse.
    Ellipse {
        /// Centre, x.
        cx: f64,
        /// Centre, y.
        cy: f64,
        /// Radius across.
        rx: f64,
        /// Radius up and down.
        ry: f64,
    },
    /// A straight line, an arrow head at its end where `arrow`.
    Line {
        /// Start.
        x1: f64,
        /// See `x1`.
        y1: f64,
        /// End.
        x2: f64,
        /// See `x2`.
        y2: f64,
        /// Whether it ends in an arrow head.
        arrow: bool,
    },
    /// A path in SVG's syntax (`M 0 0 Q 10 5 20 0`), an arrow head at its end
    /// where `arrow`.
    Path {
        /// The path.
        d: String,
        /// Whether it ends in an arrow head.
        arrow: bool,
    },
    /// Text, anchored at its start, middle or end.
    Text {
        /// The anchor, x.
        x: f64,
        /// The baseline, y.
        y: f64,
        /// The text.
        text: String,
        /// Where the anchor is.
        anchor: Anchor,
        /// The font size, in pixels.
        size: f64,
    },
}

/// Where a text's anchor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// At its start.
    Start,
    /// At its middle.
    Middle,
    /// At its end.
    End,
}

/// The colours of a shape: its fill and its outline, `None` for none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paint {
    /// The fill.
    pub fill: Option<&'static str>,
    /// The outline's colour.
    pub stroke: Option<&'static str>,
    /// The outline's width.
    pub width: f64,
}

impl Paint {
    /// Filled with `fill`, outlined in `stroke`, `width` wide.
    pub const fn new(fill: &'static str, stroke: &'static str, width: f64) -> Paint {
        Paint {
            fill: Some(fill),
            stroke: Some(stroke),
            width,
        }
    }

    /// Filled with `fill`, with no outline.
    pub const fn fill(fill: &'static str) -> Paint {
        Paint {
            fill: Some(fill),
            stroke: None,
            width: 0.0,
        }
    }

    /// An outline only.
    pub const fn line(stroke: &'static str, width: f64) -> Paint {
        Paint {
            fill: None,
            stroke: Some(stroke),
            width,
        }
    }
}

/// The colours the pictures share.
pub mod colours {
    use super::Paint;

    /// A chip of a heap.
    pub const CHIP: Paint = Paint::new("#f5c542", "#a77f0e", 2.0);
    /// A chip that can only be added (a dashed place for it).
    pub const GHOST: Paint = Paint::new("#fdf3d6", "#c9a94a", 1.5);
    /// A chip the last move took.
    pub const TAKEN: Paint = Paint::new("#f6d9d3", "#c0392b", 1.5);
    /// A coin.
    pub const COIN: Paint = Paint::new("#d4a017", "#7a5c0a", 2.0);
    /// A coin showing tails.
    pub const TAILS: Paint = Paint::new("#c9c9c9", "#666666", 2.0);
    /// A light square of a board.
    pub const LIGHT: Paint = Paint::new("#f3e7c9", "#777766", 1.0);
    /// A dark square of a board.
    pub const DARK: Paint = Paint::new("#cfb98a", "#777766", 1.0);
    /// An empty cell of a board to fill.
    pub const CELL: Paint = Paint::new("#f5deb3", "#333333", 1.0);
    /// A filled cell.
    pub const FILLED: Paint = Paint::new("#555555", "#333333", 1.0);
    /// What loses or is poisoned.
    pub const POISON: Paint = Paint::new("#c0392b", "#5e1a12", 1.0);
    /// A label's ink.
    pub const INK: Paint = Paint::fill("#5b5b5b");
    /// Dark ink, for letters and pieces.
    pub const DARK_INK: Paint = Paint::fill("#222222");
    /// The ground, and boxes and steps.
    pub const GROUND: Paint = Paint::fill("#8b5a2b");
    /// A step or a box.
    pub const WOOD: Paint = Paint::new("#efe6d2", "#b9a77f", 1.0);
    /// A card face up.
    pub const CARD: Paint = Paint::new("#ffffff", "#555555", 1.0);
    /// A card face down.
    pub const CARD_DOWN: Paint = Paint::new("#3f6ea8", "#23426b", 1.0);
    /// A vertex of a graph.
    pub const VERTEX: Paint = Paint::new("#ffffff", "#333333", 2.0);
    /// An arc of a graph.
    pub const ARC: Paint = Paint::line("#555555", 1.6);
}

impl Shape {
    fn of(kind: Kind, paint: Paint, class: &str) -> Shape {
        Shape {
            kind,
            paint,
            class: class.to_string(),
            id: None,
            title: None,
            data: Vec::new(),
        }
    }

    /// A rectangle.
    pub fn rect(x: f64, y: f64, width: f64, height: f64, paint: Paint, class: &str) -> Shape {
        let rx = 0.0;
        Shape::of(
            Kind::Rect {
                x,
                y,
                width,
                height,
                rx,
            },
            paint,
            class,
        )
    }

    /// A circle.
    pub fn circle(cx: f64, cy: f64, r: f64, paint: Paint, class: &str) -> Shape {
        Shape::of(Kind::Circle { cx, cy, r }, paint, class)
    }

    /// An ellipse.
    pub fn ellipse(cx: f64, cy: f64, rx: f64, ry: f64, paint: Paint, class: &str) -> Shape {
        Shape::of(Kind::Ellipse { cx, cy, rx, ry }, paint, class)
    }

    /// A line, with an arrow head at its end where `arrow`.
    pub fn line(from: (f64, f64), to: (f64, f64), arrow: bool, paint: Paint, class: &str) -> Shape {
        let ((x1, y1), (x2, y2)) = (from, to);
        Shape::of(
            Kind::Line {
                x1,
                y1,
                x2,
                y2,
                arrow,
            },
            paint,
            class,
        )
    }

    /// A path in SVG's syntax.
    pub fn path(d: String, paint: Paint, class: &str) -> Shape {
        Shape::of(Kind::Path { d, arrow: false }, paint, class)
    }

    /// The same line or path, ending in an arrow head.
    pub fn arrowed(mut self) -> Shape {
        if let Kind::Line { arrow, .. } | Kind::Path { arrow, .. } = &mut self.kind {
            *arrow = true;
        }
        self
    }

    /// Text of `size` pixels, anchored at (x, y).
    pub fn text(x: f64, y: f64, text: impl Into<String>, anchor: Anchor, size: f64) -> Shape {
        let text = text.into();
        Shape::of(
            Kind::Text {
                x,
                y,
                text,
                anchor,
                size,
            },
            colours::INK,
            "label",
        )
    }

    /// The same shape painted `paint`, of class `class`.
    pub fn styled(mut self, paint: Paint, class: &str) -> Shape {
        self.paint = paint;
        self.class = class.to_string();
        self
    }

    /// The same rectangle with corners rounded by `r`.
    pub fn rounded(mut self, r: f64) -> Shape {
        if let Kind::Rect { rx, .. } = &mut self.kind {
            *rx = r;
        }
        self
    }

    /// The same shape, named `id` (a move marks or lights it) and saying `title`.
    pub fn named(mut self, id: impl Into<String>, title: impl Into<String>) -> Shape {
        self.id = Some(id.into());
        self.title = Some(title.into());
        self
    }

    /// The same shape, named `id` for a move to light it.
    pub fn identified(mut self, id: impl Into<String>) -> Shape {
        self.id = Some(id.into());
        self
    }

    /// The same shape, saying what it is (`title`), though no move marks it.
    pub fn titled(mut self, title: impl Into<String>) -> Shape {
        self.title = Some(title.into());
        self
    }

    /// The same shape with the attribute `data-NAME="value"`.
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Shape {
        self.data.push((name, value.to_string()));
        self
    }

    /// The same shape with the class `class` added.
    pub fn also(mut self, class: &str) -> Shape {
        if !class.is_empty() {
            self.class = format!("{} {class}", self.class);
        }
        self
    }
}

impl<P> Drawing<P> {
    /// An empty picture `width` × `height` showing `label`, moved by `how`.
    pub fn new(width: f64, height: f64, label: impl Into<String>, how: impl Into<String>) -> Self {
        Drawing {
            width,
            height,
            label: label.into(),
            how: how.into(),
            shapes: Vec::new(),
            moves: Vec::new(),
            on_request: false,
        }
    }

    /// What `marks` make of the moves this picture lists.
    pub fn marking(&self, marks: &[String]) -> Marking<P>
    where
        P: Clone,
    {
        let holds = |m: &Marked<P>| marks.iter().all(|id| m.marks.contains(id));
        let exact = self
            .moves
            .iter()
            .filter(|m| m.marks.len() == marks.len() && holds(m))
            .cloned()
            .collect();
        let mut more: Vec<String> = self
            .moves
            .iter()
            .filter(|m| m.marks.len() > marks.len() && holds(m))
            .flat_map(|m| m.marks.iter().filter(|id| !marks.contains(id)).cloned())
            .collect();
        more.sort_unstable();
        more.dedup();
        Marking { exact, more }
    }

    /// The listed move to `to`, if a click makes it.
    pub fn move_to(self, to: &P) -> Option<Marked<P>>
    where
        P: PartialEq,
    {
        self.moves.into_iter().find(|m| m.to == *to)
    }

    /// Adds `shape`, drawn over those before it.
    pub fn add(&mut self, shape: Shape) {
        self.shapes.push(shape);
    }

    /// Adds the move to `to` in `words`, made by marking `marks` and lighting `lit`.
    pub fn offer(&mut self, marks: Vec<String>, lit: Vec<String>, to: P, words: String) {
        self.moves.push(Marked {
            marks,
            lit,
            to,
            words,
        });
    }

    /// Whether the picture shows the last move itself, from the game's history (a
    /// board's last piece, a heap's chips taken).
    pub fn shows_last_move(&self) -> bool {
        let shown = |s: &Shape| s.class.contains("last-move") || s.class.contains("taken");
        self.shapes.iter().any(shown)
    }

    /// Shows what the last move did, from the picture of the position before it (of
    /// the same size, drawn the same way): the shapes it took away drawn where they
    /// were, faded and dashed (class `was`, not to be clicked), and the shapes it
    /// made or changed outlined (class `last-move`). A picture that shows the
    /// history itself (a board's pieces, a heap's chips taken) is left as it is, as
    /// is one whose size changed.
    pub fn mark_changes<Q>(&mut self, before: &Drawing<Q>) {
        if self.shows_last_move() || (self.width, self.height) != (before.width, before.height) {
            return;
        }
        let drawn = |s: &&Shape| !matches!(s.kind, Kind::Text { .. });
        // A shape is the same where it is drawn alike: its place and its colours (a
        // class may change with the moves a position offers).
        let key = |s: &Shape| {
            let (tag, attributes, _) = look(s);
            format!("{tag}{attributes}")
        };
        let now: std::collections::HashSet<String> =
            self.shapes.iter().filter(drawn).map(key).collect();
        let then: std::collections::HashSet<String> =
            before.shapes.iter().filter(drawn).map(key).collect();
        let gone: Vec<Shape> = before
            .shapes
            .iter()
            .filter(drawn)
            .filter(|s| !now.contains(&key(s)))
            .map(|s| Shape {
                kind: s.kind.clone(),
                paint: colours::TAKEN,
                class: format!("{} was", s.class),
                id: None,
                title: Some("before the last move".into()),
                data: Vec::new(),
            })
            .collect();
        // A piece drawn as a letter (Wythoff's queen) is marked where it went too.
        let text_key = |s: &Shape| {
            let (_, attributes, text) = look(s);
            format!("{attributes} {} {}", text.unwrap_or_default(), s.class)
        };
        let was_text: std::collections::HashSet<String> = before
            .shapes
            .iter()
            .filter(|s| matches!(s.kind, Kind::Text { .. }))
            .map(text_key)
            .collect();
        for shape in &mut self.shapes {
            let piece = matches!(shape.kind, Kind::Text { .. }) && !shape.class.contains("label");
            if piece && !was_text.contains(&text_key(shape)) {
                shape.class = format!("{} last-move", shape.class);
            }
        }
        for shape in self.shapes.iter_mut().filter(|s| drawn(&&**s)) {
            if !then.contains(&key(shape)) {
                shape.class = format!("{} last-move", shape.class);
            }
        }
        // Under the others: what was there is seen where nothing covers it.
        self.shapes.splice(0..0, gone);
    }

    /// Adds `class` to every shape a move marks (a board's squares that a move
    /// reaches, shown as targets).
    pub fn class_marked(&mut self, class: &str) {
        let marked: std::collections::HashSet<&String> =
            self.moves.iter().flat_map(|m| &m.marks).collect();
        for shape in &mut self.shapes {
            if shape.id.as_ref().is_some_and(|id| marked.contains(id)) {
                shape.class = format!("{} {class}", shape.class);
            }
        }
    }

    /// Offers every move of `game` from `p`, each in its words, made in each way
    /// `ways` gives it (the shapes marked and the shapes lit); a move with no way
    /// is left to be typed.
    pub fn offer_moves<G, W>(&mut self, game: &G, p: &P, ways: impl Fn(&P) -> W) -> Result<()>
    where
        P: Clone,
        G: Game<Position = P>,
        W: IntoIterator<Item = (Vec<String>, Vec<String>)>,
    {
        let mut moves = Vec::new();
        game.moves(p, &mut moves)?;
        for to in moves {
            let ways: Vec<_> = ways(&to).into_iter().collect();
            if ways.is_empty() {
                continue;
            }
            let words = game.describe_move(p, &to)?;
            for (marks, lit) in ways {
                self.offer(marks, lit, to.clone(), words.clone());
            }
        }
        Ok(())
    }

    /// The same picture, its moves leading to `f` of their positions (a part's
    /// position to the whole position's).
    pub fn map<Q>(self, mut f: impl FnMut(P) -> Q) -> Drawing<Q> {
        Drawing {
            width: self.width,
            height: self.height,
            label: self.label,
            how: self.how,
            shapes: self.shapes,
            on_request: self.on_request,
            moves: self.moves.into_iter().map(|m| m.map(&mut f)).collect(),
        }
    }

    /// The picture as an SVG document: each shape with its colours, classes, name
    /// and data, a clickable one with its words as a `<title>`.
    pub fn svg(&self) -> String {
        let (w, h) = (num(self.width), num(self.height));
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" aria-label="{}">"#,
            escape(&self.label)
        );
        if self.shapes.iter().any(|s| {
            matches!(
                s.kind,
                Kind::Line { arrow: true, .. } | Kind::Path { arrow: true, .. }
            )
        }) {
            svg.push_str(r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555555"/></marker></defs>"##);
            svg.push('\n');
        }
        for shape in &self.shapes {
            write_shape(&mut svg, shape);
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// The attribute that ends a line or path in an arrow head, where `arrow`.
fn arrow_head(arrow: bool) -> String {
    match arrow {
        true => r#" marker-end="url(#arrow)""#.into(),
        false => String::new(),
    }
}

/// A number as SVG writes it: whole numbers without a point, others to 0.01.
fn num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

fn write_shape(svg: &mut String, shape: &Shape) {
    let (tag, mut attributes, body) = look(shape);
    let a = &mut attributes;
    if !shape.class.is_empty() {
        let _ = write!(a, r#" class="{}""#, shape.class);
    }
    if let Some(id) = &shape.id {
        let _ = write!(a, r#" data-id="{}""#, escape(id));
    }
    for (name, value) in &shape.data {
        let _ = write!(a, r#" data-{name}="{}""#, escape(value));
    }
    let title = shape
        .title
        .as_ref()
        .map(|t| format!("<title>{}</title>", escape(t)));
    match (body, title) {
        (None, None) => {
            let _ = writeln!(svg, "<{tag}{attributes}/>");
        }
        (body, title) => {
            let _ = writeln!(
                svg,
                "<{tag}{attributes}>{}{}</{tag}>",
                title.unwrap_or_default(),
                body.unwrap_or_default()
            );
        }
    }
}

/// How `shape` looks, in SVG: its tag, the attributes of its place and colours,
/// and its text (a text's). Shapes drawn alike look the same, whatever their class.
fn look(shape: &Shape) -> (&'static str, String, Option<String>) {
    // The tag, its numbers in order, and what follows them.
    let (tag, numbers, extra, body) = match &shape.kind {
        Kind::Rect {
            x,
            y,
            width,
            height,
            rx,
        } => {
            let mut numbers = vec![("x", *x), ("y", *y), ("width", *width), ("height", *height)];
            if *rx > 0.0 {
                numbers.push(("rx", *rx));
            }
            ("rect", numbers, String::new(), None)
        }
        Kind::Circle { cx, cy, r } => (
            "circle",
            vec![("cx", *cx), ("cy", *cy), ("r", *r)],
            String::new(),
            None,
        ),
        Kind::Ellipse { cx, cy, rx, ry } => (
            "ellipse",
            vec![("cx", *cx), ("cy", *cy), ("rx", *rx), ("ry", *ry)],
            String::new(),
            None,
        ),
        Kind::Line {
            x1,
            y1,
            x2,
            y2,
            arrow,
        } => (
            "line",
            vec![("x1", *x1), ("y1", *y1), ("x2", *x2), ("y2", *y2)],
            arrow_head(*arrow),
            None,
        ),
        Kind::Path { d, arrow } => (
            "path",
            Vec::new(),
            format!(r#" d="{d}"{}"#, arrow_head(*arrow)),
            None,
        ),
        Kind::Text {
            x,
            y,
            text,
            anchor,
            size,
        } => {
            let anchor = match anchor {
                Anchor::Start => "",
                Anchor::Middle => r#" text-anchor="middle""#,
                Anchor::End => r#" text-anchor="end""#,
            };
            (
                "text",
                vec![("x", *x), ("y", *y), ("font-size", *size)],
                anchor.to_string(),
                Some(escape(text)),
            )
        }
    };
    let mut attributes = String::new();
    let a = &mut attributes;
    for (name, value) in numbers {
        let _ = write!(a, r#" {name}="{}""#, num(value));
    }
    a.push_str(&extra);
    let paint = shape.paint;
    let _ = write!(a, r#" fill="{}""#, paint.fill.unwrap_or("none"));
    if let Some(stroke) = paint.stroke {
        let _ = write!(
            a,
            r#" stroke="{stroke}" stroke-width="{}""#,
            num(paint.width)
        );
    }
    (tag, attributes, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_is_written_as_svg_with_its_names_and_words() {
        let mut d: Drawing<u64> = Drawing::new(40.0, 30.5, "a <heap>", "click");
        d.add(
            Shape::circle(10.0, 12.5, 8.0, colours::CHIP, "chip")
                .named("c0", "take 1 & more")
                .with("heap", 0),
        );
        d.add(Shape::text(2.0, 28.0, "1", Anchor::End, 12.0));
        d.offer(vec!["c0".into()], vec!["c0".into()], 0, "take 1".into());
        let svg = d.svg();
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30.5" viewBox="0 0 40 30.5" font-family="sans-serif" aria-label="a &lt;heap&gt;">"#), "{svg}");
        assert!(svg.contains(r##"<circle cx="10" cy="12.5" r="8" fill="#f5c542" stroke="#a77f0e" stroke-width="2" class="chip" data-id="c0" data-heap="0"><title>take 1 &amp; more</title></circle>"##), "{svg}");
        assert!(svg.contains(r##"<text x="2" y="28" font-size="12" text-anchor="end" fill="#5b5b5b" class="label">1</text>"##), "{svg}");
        let whole = d.map(|n| format!("nim {n}"));
        assert_eq!(whole.moves[0].to, "nim 0");
    }

    #[test]
    fn the_last_move_is_drawn_from_the_picture_before_it() {
        let chip = |x: f64| Shape::circle(x, 10.0, 5.0, colours::CHIP, "chip");
        let mut before: Drawing<u8> = Drawing::new(40.0, 20.0, "", "");
        for x in [10.0, 20.0, 30.0] {
            before.add(chip(x));
        }
        let mut after: Drawing<u8> = Drawing::new(40.0, 20.0, "", "");
        after.add(chip(10.0));
        after.add(Shape::circle(20.0, 10.0, 5.0, colours::TAILS, "chip"));
        after.mark_changes(&before);
        let classes: Vec<&str> = after.shapes.iter().map(|s| s.class.as_str()).collect();
        // What was there drawn first, under (the chip taken away, and the chip
        // before it was turned); the chip turned outlined.
        assert_eq!(classes, ["chip was", "chip was", "chip", "chip last-move"]);
        assert!(after.shapes[0].kind == Shape::circle(20.0, 10.0, 5.0, colours::CHIP, "").kind);
        assert_eq!(after.shapes[0].id, None);
        // A picture of another size is left as it is.
        let mut smaller: Drawing<u8> = Drawing::new(30.0, 20.0, "", "");
        smaller.add(chip(10.0));
        smaller.mark_changes(&before);
        assert_eq!(smaller.shapes.len(), 1);
    }
}
