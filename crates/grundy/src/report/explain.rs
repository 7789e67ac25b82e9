//! The reasoning ([`Explanation`]) printed: as the lines of text `grundy explain`
//! shows, and as HTML for notebooks. The JSON is the steps themselves.

use crate::explain::{Explanation, Row, Step};
use crate::notation::escape_xml as escape;

/// The explanation as lines of text, a blank line between sections.
pub fn lines(e: &Explanation) -> Vec<String> {
    let mut out = Vec::new();
    for (i, section) in e.sections.iter().enumerate() {
        if i > 0 {
            out.push(String::new());
        }
        for step in section {
            step_lines(step, &mut out);
        }
    }
    out
}

fn step_lines(step: &Step, out: &mut Vec<String>) {
    match step {
        Step::Prose { text } | Step::Verdict { text, .. } => out.push(text.clone()),
        Step::Theorem { part, lines } => {
            out.push(format!("{part}:"));
            out.extend(lines.iter().map(|line| format!("  {line}")));
        }
        Step::Table { heading, rows } => {
            out.push(heading.clone());
            for row in rows {
                out.push(format!("  {}: {}", row.part, row.text));
                out.extend(row.steps.iter().map(|step| format!("    {step}")));
            }
        }
        Step::Columns { heading, lines, .. } => {
            out.push(heading.clone());
            out.extend(lines.iter().cloned());
        }
        Step::Moves { heading, moves } => {
            out.push(heading.clone());
            out.extend(
                moves
                    .iter()
                    .map(|m| format!("  {}: {}", m.description, m.position)),
            );
        }
    }
}

/// The explanation as an HTML fragment: a paragraph a sentence, a table of parts,
/// the binary columns in a `pre` block, the moves in a list, the verdict in bold.
pub fn html(e: &Explanation) -> String {
    let mut out = String::from("<div class=\"grundy-explanation\">\n");
    for section in &e.sections {
        out.push_str("<section>\n");
        for step in section {
            step_html(step, &mut out);
        }
        out.push_str("</section>\n");
    }
    out.push_str("</div>");
    out
}

fn step_html(step: &Step, out: &mut String) {
    match step {
        Step::Prose { text } => out.push_str(&format!("<p>{}</p>\n", escape(text))),
        Step::Verdict { text, .. } => {
            out.push_str(&format!("<p><strong>{}</strong></p>\n", escape(text)))
        }
        Step::Theorem { part, lines } => {
            out.push_str(&format!("<p>{}:</p>\n<ul>\n", escape(part)));
            for line in lines {
                out.push_str(&format!("<li>{}</li>\n", escape(line)));
            }
            out.push_str("</ul>\n");
        }
        Step::Table { heading, rows } => {
            out.push_str(&format!("<p>{}</p>\n<table>\n", escape(heading)));
            for Row { part, text, steps } in rows {
                let steps: String = steps.iter().map(|s| format!("<br>{}", escape(s))).collect();
                out.push_str(&format!(
                    "<tr><th>{}</th><td>{}{steps}</td></tr>\n",
                    escape(part),
                    escape(text)
                ));
            }
            out.push_str("</table>\n");
        }
        Step::Columns { heading, lines, .. } => {
            out.push_str(&format!("<p>{}</p>\n<pre>", escape(heading)));
            out.push_str(&escape(&lines.join("\n")));
            out.push_str("</pre>\n");
        }
        Step::Moves { heading, moves } => {
            out.push_str(&format!("<p>{}</p>\n<ul>\n", escape(heading)));
            for m in moves {
                out.push_str(&format!(
                    "<li>{}: <code>{}</code></li>\n",
                    escape(&m.description),
                    escape(m.position.as_str())
                ));
            }
            out.push_str("</ul>\n");
        }
    }
}
