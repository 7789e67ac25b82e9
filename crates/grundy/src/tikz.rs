//! LaTeX/TikZ pictures for a handout, written from the library's SVG pictures, so
//! that a position or a sequence is drawn once ([`draw`](crate::draw),
//! [`plot`](crate::plot)) and printed alike: each rectangle, line, circle, path
//! and text of the SVG becomes one TikZ command at the same place (one SVG unit is
//! 0.02 cm, the y axis pointing down as in SVG), its colours defined with xcolor's
//! HTML model. Tooltips (`<title>`) and the data for clicks are left out. The
//! picture needs `\usepackage{tikz}` and nothing else.

use std::fmt::Write as _;

use crate::{invalid, Result};

/// The length of one SVG unit, in centimetres.
const UNIT_CM: f64 = 0.02;

/// The TikZ picture of `svg`, an SVG document the library drew.
pub fn of_svg(svg: &str) -> Result<String> {
    let mut picture = Picture::default();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = tag_end(&rest[start..])
            .ok_or_else(|| invalid!("the SVG picture has an unclosed tag"))?;
        let tag = &rest[start + 1..start + end];
        rest = &rest[start + end + 1..];
        let (name, attributes) = parse_tag(tag);
        match name {
            "svg" => picture.open(&attributes)?,
            "title" | "defs" => rest = skip_past(rest, &format!("</{name}>"))?,
            "text" => {
                let close = rest
                    .find("</text>")
                    .ok_or_else(|| invalid!("the SVG picture has an unclosed <text>"))?;
                picture.text(&attributes, &unescape(&rest[..close]))?;
                rest = &rest[close + "</text>".len()..];
            }
            "rect" | "line" | "circle" | "ellipse" | "path" => picture.shape(name, &attributes)?,
            "g" | "/g" | "/svg" | "/rect" | "/circle" | "/ellipse" | "/line" | "/path" => {}
            other => {
                return Err(invalid!(
                    "the SVG element <{other}> has no TikZ translation"
                ))
            }
        }
    }
    Ok(picture.finish())
}

/// The position of the `>` that closes the tag at the start of `text`, outside
/// quoted attribute values.
fn tag_end(text: &str) -> Option<usize> {
    let mut quoted = false;
    text.char_indices().find_map(|(i, c)| match c {
        '"' => {
            quoted = !quoted;
            None
        }
        '>' if !quoted => Some(i),
        _ => None,
    })
}

/// `text` after the first `closing`.
fn skip_past<'a>(text: &'a str, closing: &str) -> Result<&'a str> {
    match text.find(closing) {
        Some(at) => Ok(&text[at + closing.len()..]),
        None => Err(invalid!("the SVG picture has no {closing}")),
    }
}

/// A tag's name and its attributes, values unescaped.
fn parse_tag(tag: &str) -> (&str, Vec<(&str, String)>) {
    let tag = tag.trim_end_matches('/').trim();
    let (name, mut rest) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
    let mut attributes = Vec::new();
    while let Some((key, after)) = rest.split_once("=\"") {
        let Some((value, next)) = after.split_once('"') else {
            break;
        };
        attributes.push((key.trim(), unescape(value)));
        rest = next;
    }
    (name, attributes)
}

/// XML text with its five entities replaced.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// `text` safe inside a TikZ node, in LaTeX.
fn latex(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str(r"\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str(r"\^{}"),
            '~' => out.push_str(r"\~{}"),
            'γ' => out.push_str(r"$\gamma$"),
            '∞' => out.push_str(r"$\infty$"),
            _ => out.push(c),
        }
    }
    out
}

/// A number of SVG units, as short as it is exact to a hundredth.
fn number(v: f64) -> String {
    let text = format!("{v:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" => "0".to_string(),
        _ => text.to_string(),
    }
}

/// What is known of the picture so far.
#[derive(Default)]
struct Picture {
    /// The colours used, in order of first use, as xcolor defines them.
    colours: Vec<String>,
    /// The TikZ commands, one a line.
    commands: Vec<String>,
    /// The size of text where an element does not set it.
    font_size: f64,
    /// The width and height of the picture.
    size: (f64, f64),
}

impl Picture {
    fn open(&mut self, attributes: &[(&str, String)]) -> Result<()> {
        let width = number_of(attributes, "width")?;
        let height = number_of(attributes, "height")?;
        self.size = (width, height);
        self.font_size = match value_of(attributes, "font-size") {
            Some(_) => number_of(attributes, "font-size")?,
            None => 16.0,
        };
        Ok(())
    }

    /// The TikZ name of the SVG colour `colour` (`#rrggbb`, `#rgb`, black or
    /// white), defined on first use; `None` for `none`.
    fn colour(&mut self, colour: &str) -> Result<Option<String>> {
        let hex = match colour {
            "none" | "transparent" => return Ok(None),
            "black" | "white" => return Ok(Some(colour.to_string())),
            _ => colour.strip_prefix('#').map(|hex| match hex.len() {
                3 => hex.chars().flat_map(|c| [c, c]).collect(),
                _ => hex.to_string(),
            }),
        };
        let hex = match hex {
            Some(hex) if hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
                hex.to_ascii_uppercase()
            }
            _ => {
                return Err(invalid!(
                    "the SVG colour '{colour}' has no TikZ translation"
                ))
            }
        };
        let definition = format!("{{HTML}}{{{hex}}}");
        let index = match self.colours.iter().position(|c| *c == definition) {
            Some(index) => index,
            None => {
                self.colours.push(definition);
                self.colours.len() - 1
            }
        };
        Ok(Some(colour_name(index)))
    }

    fn shape(&mut self, name: &str, attributes: &[(&str, String)]) -> Result<()> {
        let geometry = match name {
            "rect" => {
                let (x, y) = (number_of(attributes, "x")?, number_of(attributes, "y")?);
                let width = number_of(attributes, "width")?;
                let height = number_of(attributes, "height")?;
                format!(
                    "({},{}) rectangle ({},{})",
                    number(x),
                    number(y),
                    number(x + width),
                    number(y + height)
                )
            }
            "line" => format!(
                "({},{}) -- ({},{})",
                number(number_of(attributes, "x1")?),
                number(number_of(attributes, "y1")?),
                number(number_of(attributes, "x2")?),
                number(number_of(attributes, "y2")?)
            ),
            "circle" => format!(
                "({},{}) circle[radius={}]",
                number(number_of(attributes, "cx")?),
                number(number_of(attributes, "cy")?),
                number(number_of(attributes, "r")?)
            ),
            "ellipse" => format!(
                "({},{}) ellipse[x radius={}, y radius={}]",
                number(number_of(attributes, "cx")?),
                number(number_of(attributes, "cy")?),
                number(number_of(attributes, "rx")?),
                number(number_of(attributes, "ry")?)
            ),
            _ => path(value_of(attributes, "d").unwrap_or_default())?,
        };
        // SVG fills a shape black unless told otherwise; a line has no fill.
        let fill = match (name, value_of(attributes, "fill")) {
            ("line", _) => None,
            (_, Some(fill)) => self.colour(fill)?,
            (_, None) => Some("black".to_string()),
        };
        let stroke = match value_of(attributes, "stroke") {
            Some(stroke) => self.colour(stroke)?,
            None => None,
        };
        let mut options = Vec::new();
        if let Some(fill) = &fill {
            options.push(format!("fill={fill}"));
        }
        if let Some(stroke) = &stroke {
            options.push(format!("draw={stroke}"));
            let width = match value_of(attributes, "stroke-width") {
                Some(_) => number_of(attributes, "stroke-width")?,
                None => 1.0,
            };
            options.push(format!("line width={}cm", number_cm(width)));
            if value_of(attributes, "stroke-dasharray").is_some() {
                options.push("dashed".into());
            }
            if value_of(attributes, "marker-end").is_some() {
                options.push("->".into());
            }
        }
        if fill.is_some() || stroke.is_some() {
            let command = if stroke.is_some() { "draw" } else { "fill" };
            self.commands
                .push(format!(r"\{command}[{}] {geometry};", options.join(", ")));
        }
        Ok(())
    }

    fn text(&mut self, attributes: &[(&str, String)], content: &str) -> Result<()> {
        let anchor = match value_of(attributes, "text-anchor") {
            Some("middle") => "base",
            Some("end") => "base east",
            _ => "base west",
        };
        let size = match value_of(attributes, "font-size") {
            Some(_) => number_of(attributes, "font-size")?,
            None => self.font_size,
        };
        let points = size * UNIT_CM * 72.27 / 2.54;
        let colour = match value_of(attributes, "fill") {
            Some(fill) => self.colour(fill)?.unwrap_or_else(|| "black".into()),
            None => "black".into(),
        };
        self.commands.push(format!(
            r"\node[anchor={anchor}, inner sep=0, text={colour}, font=\fontsize{{{0}pt}}{{{0}pt}}\selectfont] at ({1},{2}) {{{3}}};",
            number(points),
            number(number_of(attributes, "x")?),
            number(number_of(attributes, "y")?),
            latex(content)
        ));
        Ok(())
    }

    fn finish(self) -> String {
        let mut out = String::new();
        let unit = number_cm(1.0);
        let _ = writeln!(out, r"\begin{{tikzpicture}}[x={unit}cm, y=-{unit}cm]");
        for (index, definition) in self.colours.iter().enumerate() {
            let _ = writeln!(out, r"\definecolor{{{}}}{definition}", colour_name(index));
        }
        let _ = writeln!(
            out,
            r"\path[use as bounding box] (0,0) rectangle ({},{});",
            number(self.size.0),
            number(self.size.1)
        );
        for command in &self.commands {
            let _ = writeln!(out, "{command}");
        }
        out.push_str("\\end{tikzpicture}\n");
        out
    }
}

/// The name of the `index`th colour defined: grundyA, grundyB, …, grundyZ,
/// grundyAA, …
fn colour_name(index: usize) -> String {
    let mut letters = String::new();
    let mut i = index;
    loop {
        letters.insert(0, (b'A' + (i % 26) as u8) as char);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    format!("grundy{letters}")
}

/// `units` SVG units in centimetres, to a ten-thousandth.
fn number_cm(units: f64) -> String {
    let text = format!("{:.4}", units * UNIT_CM);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn value_of<'a>(attributes: &'a [(&str, String)], key: &str) -> Option<&'a str> {
    attributes
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.as_str())
}

fn number_of(attributes: &[(&str, String)], key: &str) -> Result<f64> {
    let value = value_of(attributes, key).unwrap_or_default();
    value
        .parse()
        .map_err(|_| invalid!("the SVG attribute {key}=\"{value}\" is not a number"))
}

/// The TikZ path of an SVG path's `d` (absolute M, L, H, V, Q, C and Z).
fn path(d: &str) -> Result<String> {
    let mut tokens = Vec::new();
    for piece in d.split(|c: char| c == ',' || c.is_whitespace()) {
        let mut piece = piece;
        while let Some(c) = piece.chars().next().filter(char::is_ascii_alphabetic) {
            tokens.push(c.to_string());
            piece = &piece[1..];
        }
        if !piece.is_empty() {
            tokens.push(piece.to_string());
        }
    }
    let mut out = Vec::new();
    let (mut x, mut y) = (0.0, 0.0);
    let mut i = 0;
    let take = |i: &mut usize| -> Result<f64> {
        let token = tokens.get(*i).map_or("", String::as_str);
        *i += 1;
        token
            .parse::<f64>()
            .map_err(|_| invalid!("the SVG path '{d}' has '{token}' where a number belongs"))
    };
    let point = |x: f64, y: f64| format!("({},{})", number(x), number(y));
    while i < tokens.len() {
        let command = tokens[i].clone();
        i += 1;
        match command.as_str() {
            "M" | "L" => {
                (x, y) = (take(&mut i)?, take(&mut i)?);
                let join = if command == "M" { "" } else { "-- " };
                out.push(format!("{join}{}", point(x, y)));
            }
            "H" => {
                x = take(&mut i)?;
                out.push(format!("-- {}", point(x, y)));
            }
            "V" => {
                y = take(&mut i)?;
                out.push(format!("-- {}", point(x, y)));
            }
            "Q" => {
                // A quadratic Bézier curve as the cubic one it is.
                let (cx, cy) = (take(&mut i)?, take(&mut i)?);
                let (ex, ey) = (take(&mut i)?, take(&mut i)?);
                let first = point(x + 2.0 / 3.0 * (cx - x), y + 2.0 / 3.0 * (cy - y));
                let second = point(ex + 2.0 / 3.0 * (cx - ex), ey + 2.0 / 3.0 * (cy - ey));
                out.push(format!(
                    ".. controls {first} and {second} .. {}",
                    point(ex, ey)
                ));
                (x, y) = (ex, ey);
            }
            "C" => {
                let first = point(take(&mut i)?, take(&mut i)?);
                let second = point(take(&mut i)?, take(&mut i)?);
                (x, y) = (take(&mut i)?, take(&mut i)?);
                out.push(format!(
                    ".. controls {first} and {second} .. {}",
                    point(x, y)
                ));
            }
            "Z" | "z" => out.push("-- cycle".into()),
            other => {
                return Err(invalid!(
                    "the SVG path command '{other}' has no TikZ translation"
                ))
            }
        }
    }
    Ok(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw;

    /// The TikZ of `spec`'s picture, checked for the frame every picture has: one
    /// tikzpicture, braces and brackets balanced, every colour used defined.
    fn tikz(spec: &str) -> String {
        let tikz = of_svg(&draw(spec).unwrap()).unwrap();
        assert!(
            tikz.starts_with("\\begin{tikzpicture}[x=0.02cm, y=-0.02cm]\n"),
            "{tikz}"
        );
        assert!(tikz.ends_with("\n\\end{tikzpicture}\n"), "{tikz}");
        assert_eq!(tikz.matches("tikzpicture").count(), 2);
        for (open, close) in [('{', '}'), ('[', ']'), ('(', ')')] {
            let escaped = |c: char| tikz.matches(&format!("\\{c}")).count();
            assert_eq!(
                tikz.matches(open).count() - escaped(open),
                tikz.matches(close).count() - escaped(close),
                "{open}{close} in {tikz}"
            );
        }
        for line in tikz.lines().skip(1) {
            assert!(
                line.ends_with(';')
                    || line.starts_with("\\definecolor")
                    || line.starts_with("\\end"),
                "{line}"
            );
        }
        let defined: Vec<&str> = tikz
            .lines()
            .filter_map(|l| l.strip_prefix("\\definecolor{"))
            .map(|l| l.split('}').next().unwrap())
            .collect();
        for used in tikz.split("=grundy").skip(1) {
            let name: String = used.chars().take_while(char::is_ascii_alphabetic).collect();
            assert!(
                defined.contains(&format!("grundy{name}").as_str()),
                "{name} in {tikz}"
            );
        }
        tikz
    }

    #[test]
    fn nim_heaps_are_rows_of_chips_with_their_sizes() {
        let t = tikz("nim 3,0,5");
        assert_eq!(t.matches("circle[radius=16]").count(), 8);
        assert!(t.contains(r"\definecolor{grundyB}{HTML}{F5C542}"), "{t}");
        assert!(
            t.contains(
                r"\draw[fill=grundyB, draw=grundyC, line width=0.04cm] (89,35) circle[radius=16];"
            ),
            "{t}"
        );
        assert!(t.contains(r"\node[anchor=base west, inner sep=0, text=grundyA, font=\fontsize{6.83pt}{6.83pt}\selectfont] at (4,129) {heap 3: 5};"), "{t}");
        assert!(
            t.contains(r"\path[use as bounding box] (0,0) rectangle (178,174);"),
            "{t}"
        );
    }

    #[test]
    fn boards_are_squares_in_their_colours() {
        let chomp = tikz("chomp 3,2");
        assert_eq!(
            chomp.matches(" rectangle ").count(),
            5 + 1,
            "5 squares, the box"
        );
        // The poisoned square, bottom left, red.
        assert!(
            chomp.contains(r"\definecolor{grundyC}{HTML}{C0392B}"),
            "{chomp}"
        );
        assert!(
            chomp.contains(
                r"\draw[fill=grundyC, draw=grundyD, line width=0.02cm] (19,31) rectangle (49,61);"
            ),
            "{chomp}"
        );
        let cram = tikz("cram #./..");
        assert_eq!(cram.matches(" rectangle ").count(), 4 + 1);
        assert_eq!(cram.matches("{HTML}{555555}").count(), 1);
        assert_eq!(cram.matches("fill=grundy").count(), 4);
    }

    #[test]
    fn hackenbush_edges_are_curves_above_the_ground() {
        let t = tikz("hackenbush g-a,a-b,a-c,c-c");
        // Three edges as curves, the loop a circle, the ground a thick line, three
        // vertices with their names.
        assert_eq!(t.matches(".. controls").count(), 3, "{t}");
        assert_eq!(t.matches("circle[radius=").count(), 1 + 3, "{t}");
        assert!(t.contains("line width=0.12cm] (0,"), "{t}");
        for name in ["{a};", "{b};", "{c};"] {
            assert_eq!(t.matches(name).count(), 1, "{t}");
        }
    }

    #[test]
    fn a_quadratic_curve_becomes_its_cubic_and_text_is_escaped() {
        assert_eq!(
            path("M 0 0 Q 30 30 60 0").unwrap(),
            "(0,0) .. controls (20,20) and (40,20) .. (60,0)"
        );
        assert_eq!(
            path("M0,0 L10,5 H 20 V 7 z").unwrap(),
            "(0,0) -- (10,5) -- (20,5) -- (20,7) -- cycle"
        );
        assert!(path("M 0 0 a 1 2").unwrap_err().to_string().contains("'a'"));
        assert_eq!(
            latex("γ = ∞(0,1) & 50% {x_1}"),
            r"$\gamma$ = $\infty$(0,1) \& 50\% \{x\_1\}"
        );
        let e = of_svg(r#"<svg width="1" height="1"><polygon/></svg>"#).unwrap_err();
        assert!(e.to_string().contains("<polygon>"), "{e}");
    }

    #[test]
    fn a_sequence_plot_translates_too() {
        use crate::plot::{self, Chart};
        use crate::table::TableRequest;
        let request = TableRequest::heaps(30, crate::Play::Normal, crate::Budget::default());
        let table = crate::tabulate::table("kayles", &request, &mut |_| {}).unwrap();
        let t = of_svg(&plot::svg(&table, Chart::Values, None).unwrap()).unwrap();
        assert_eq!(t.matches("circle[radius=3.5]").count(), 31);
        assert!(t.contains("{g(n)};"), "{t}");
        assert!(!t.contains("g(5) = 4"), "tooltips are left out");
    }
}
