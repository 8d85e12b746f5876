//! `tolaria rules N`: the Magic Comprehensive Rules of May 1, 2007 (the
//! rules Tolaria implements), shipped in the binary
//! (`crates/cli/data/MagicCompRules_20070501.txt`), so every rule number
//! the log cites can be read: a rule with its subrules and examples, or a
//! glossary entry.

use crate::args::Args;
use crate::{CliError, CliResult};
use std::process::ExitCode;

/// The text of the 2007 Comprehensive Rules.
pub const TEXT: &str = include_str!("../data/MagicCompRules_20070501.txt");

const HELP: &str = "\
tolaria rules: read the Comprehensive Rules of May 1, 2007 (the rules
Tolaria plays by; every log line starts with the number of its rule)

Usage: tolaria rules RULE     a rule with its subrules and examples
       tolaria rules TERM     a glossary entry (e.g. trample, \"mana burn\")
       tolaria rules --search WORDS
                              the numbers of the rules whose text has WORDS

Examples:
  tolaria rules 409.1g
  tolaria rules 502.9        (trample: the section and its subrules)
  tolaria rules trample
  tolaria rules --search mana burn

In `tolaria play`, `rule N` shows a rule without leaving the game.
";

pub fn main(argv: Vec<String>) -> CliResult {
    let args = Args::parse("rules", argv, &[], &["search"])?;
    if args.help {
        print!("{HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    let q = args.positional.join(" ");
    if q.trim().is_empty() {
        print!("{HELP}");
        return Ok(ExitCode::from(2));
    }
    if args.flag("search") {
        let hits = search(&q);
        if hits.is_empty() {
            return Err(CliError::failure(format!(
                "rules: no rule mentions {:?}",
                crate::args::clip(&q)
            )));
        }
        for h in hits {
            println!("{h}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    match lookup(&q) {
        Some(lines) => {
            for l in lines {
                println!("{l}");
            }
            Ok(ExitCode::SUCCESS)
        }
        None => Err(CliError::failure(format!(
            "rules: no rule or glossary entry {:?} (try `tolaria rules --search {}`)",
            crate::args::clip(&q),
            crate::args::clip(&q)
        ))),
    }
}

/// The rules part of the text: from the first rule after the contents to
/// the glossary.
fn body() -> (&'static str, &'static str) {
    // The contents list "Glossary" first; the glossary itself is the second.
    let mut at = TEXT.match_indices("\nGlossary\n").map(|(i, _)| i);
    let _contents = at.next();
    let glossary = at.next().unwrap_or(TEXT.len());
    let start = TEXT.find("\n100.1.").unwrap_or(0);
    let end = TEXT[glossary..]
        .find("\nCredits\n")
        .map_or(TEXT.len(), |i| glossary + i);
    (&TEXT[start..glossary], &TEXT[glossary..end])
}

/// The rule number a line starts with ("409.1g", "502.9", "101"), if any.
fn number_of(line: &str) -> Option<&str> {
    let head = line.split_whitespace().next()?;
    let head = head.trim_end_matches('.');
    let mut parts = head.splitn(2, '.');
    let sec = parts.next()?;
    if sec.len() != 3 || !sec.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if let Some(rest) = parts.next() {
        let digits = rest.trim_end_matches(|c: char| c.is_ascii_lowercase());
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
    }
    Some(head)
}

/// Whether rule `n` is `q` or one of its subrules ("409.1g" under "409.1"
/// and "409"; "409.10" is not under "409.1").
fn under(n: &str, q: &str) -> bool {
    if n == q {
        return true;
    }
    let Some(rest) = n.strip_prefix(q) else {
        return false;
    };
    if q.contains('.') {
        // 409.1 → 409.1a, not 409.10.
        rest.chars().next().is_some_and(|c| c.is_ascii_lowercase())
    } else {
        rest.starts_with('.')
    }
}

/// A rule (with its subrules and examples) or a glossary entry.
pub fn lookup(q: &str) -> Option<Vec<String>> {
    let q = q.trim().trim_end_matches('.');
    let (rules, glossary) = body();
    if number_of(q) == Some(q) {
        let mut out = Vec::new();
        let mut inside = false;
        for line in rules.lines() {
            if let Some(n) = number_of(line) {
                inside = under(n, q);
            }
            if inside && !line.trim().is_empty() {
                out.push(line.to_string());
            }
        }
        return (!out.is_empty()).then_some(out);
    }
    // A glossary entry: a title line after a blank line.
    let lower = q.to_lowercase();
    let lines: Vec<&str> = glossary.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if i > 0 && lines[i - 1].trim().is_empty() && l.trim().to_lowercase() == lower {
            let mut out = vec![l.to_string()];
            out.extend(
                lines[i + 1..]
                    .iter()
                    .take_while(|x| !x.trim().is_empty())
                    .map(|x| x.to_string()),
            );
            return Some(out);
        }
    }
    None
}

/// The rule numbers (with the start of their text) whose text has `q`.
pub fn search(q: &str) -> Vec<String> {
    let lower = q.to_lowercase();
    let (rules, _) = body();
    rules
        .lines()
        .filter(|l| number_of(l).is_some() && l.to_lowercase().contains(&lower))
        .map(crate::args::clip)
        .collect()
}

/// `rule N` in a game: the lines, or a short error.
pub fn lookup_lines(q: &str) -> Vec<String> {
    if q.trim().is_empty() {
        return vec![
            "`rule N`: a rule number (`rule 409.1g`) or a glossary term (`rule trample`).".into(),
        ];
    }
    lookup(q).unwrap_or_else(|| {
        vec![format!(
            "No rule or glossary entry {:?}.",
            crate::args::clip(q)
        )]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_and_its_subrules() {
        let l = lookup("409.1g").unwrap();
        assert!(l[0].starts_with("409.1g If the total cost includes a mana payment"));
        assert!(!l.iter().any(|x| x.starts_with("409.1h")));
        let l = lookup("502.9").unwrap();
        assert!(l[0].starts_with("502.9. Trample"));
        assert!(l.iter().any(|x| x.starts_with("502.9f")));
        assert!(!l.iter().any(|x| x.starts_with("502.10")));
        assert!(lookup("999.9z").is_none());
    }

    #[test]
    fn a_glossary_entry() {
        let l = lookup("trample").unwrap();
        assert_eq!(l[0], "Trample");
        assert!(lookup("Mana Burn").is_some());
    }
}
