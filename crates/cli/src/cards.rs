//! `tolaria cards show NAME` and `tolaria cards coverage`.

use crate::args::Args;
use crate::{CliError, CliResult};
use std::collections::HashMap;
use std::process::ExitCode;
use tolaria_cards::{db, CardDef, CardFace, Layout};

const HELP: &str = "\
tolaria cards: inspect the card pool

Usage:
  tolaria cards show NAME    print a card as a player reads it: cost, type line,
                             rules text in 2007 wording, P/T, whether Tolaria
                             plays it (if not, the phrase it cannot read) and
                             its rulings
  tolaria cards show NAME --debug
                             also the compiled ability model, per face
  tolaria cards coverage     how many cards are supported, by set and layout,
                             and the 20 most common unsupported phrases
  tolaria cards unsupported  every unsupported card, one per line:
                             name, first set and the phrase that failed
  tolaria cards unsupported --why
                             also a fourth column: where the grammar
                             stopped reading that phrase
  tolaria cards exercise [NAME] [--threads N]
                             play every supported card (or NAME) through the
                             legal actions on prepared boards: every way of
                             playing it and each of its abilities, checking
                             the zones after every action; lists the cards
                             that could not be played and why (with NAME, the
                             boards tried as scenario files); exit status 1
                             if a play failed

Examples:
  tolaria cards show \"Lightning Bolt\"
  tolaria cards show \"fire // ice\"
  tolaria cards coverage
  tolaria cards unsupported | grep -i cycling
  tolaria cards exercise \"Prodigal Sorcerer\"
";

pub fn main(argv: Vec<String>) -> CliResult {
    let args = Args::parse("cards", argv, &["threads"], &["debug", "why"])?;
    if args.help {
        print!("{HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    match args.positional.first().map(String::as_str) {
        Some("show") => {
            if args.positional.len() < 2 {
                return Err(CliError::usage(
                    "cards show: give a card name, e.g. tolaria cards show \"Lightning Bolt\"",
                ));
            }
            let name = args.positional[1..].join(" ");
            show(&name, args.flag("debug"))
        }
        Some("coverage") => {
            if let Some(extra) = args.positional.get(1) {
                return Err(CliError::usage(format!(
                    "cards coverage: unexpected argument {extra:?}"
                )));
            }
            coverage();
            Ok(ExitCode::SUCCESS)
        }
        Some("unsupported") => {
            if let Some(extra) = args.positional.get(1) {
                return Err(CliError::usage(format!(
                    "cards unsupported: unexpected argument {extra:?}"
                )));
            }
            unsupported(args.flag("why"));
            Ok(ExitCode::SUCCESS)
        }
        Some("exercise") => {
            let threads = args.number_in("threads", 2, 1, 64)?;
            let name = (args.positional.len() > 1).then(|| args.positional[1..].join(" "));
            crate::exercise::run(name.as_deref(), threads)
        }
        Some(other) => Err(CliError::usage(format!(
            "cards: unknown subcommand {other:?}; expected show, coverage, unsupported or exercise"
        ))),
        None => {
            print!("{HELP}");
            Ok(ExitCode::from(2))
        }
    }
}

use crate::cardtext::pt;

fn show(name: &str, debug: bool) -> CliResult {
    let card = db()
        .lookup(name)
        .map_err(|e| CliError::failure(format!("cards show: {e}")))?;
    for l in crate::cardtext::card_lines(card, true) {
        println!("{l}");
    }
    if debug {
        println!();
        println!("--debug: the compiled model");
        print_card(card);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_card(card: &CardDef) {
    println!("{}", card.name);
    println!(
        "  layout: {:?}; first printed in {} ({})",
        card.layout, card.first_set, card.release_date
    );
    for (i, face) in card.faces.iter().enumerate() {
        if card.faces.len() > 1 {
            let label = match (card.layout, i) {
                (Layout::Flip, 1) => "flipped face",
                (Layout::Split, _) => "half",
                _ => "face",
            };
            println!();
            println!("  {label} {}: {}", i + 1, face.name);
        }
        print_face(face);
    }
    if !card.rulings.is_empty() {
        println!("  rulings: {}", card.rulings.len());
    }
    match card.unsupported() {
        None => println!("  support: supported (every face compiles)"),
        Some(u) => println!(
            "  support: NOT supported: the phrase {:?} ({})",
            u.phrase, u.reason
        ),
    }
}

fn print_face(face: &CardFace) {
    let cost = face
        .mana_cost
        .as_ref()
        .map_or("(no mana cost)".to_string(), |c| {
            format!("{c} (converted mana cost {})", c.converted())
        });
    println!("  cost: {cost}");
    println!("  type: {}", face.type_line());
    if face.power.is_some() || face.toughness.is_some() {
        println!("  P/T: {}/{}", pt(face.power), pt(face.toughness));
    }
    if face.oracle_text.is_empty() {
        println!("  text: (none)");
    } else {
        println!("  text:");
        for l in face.oracle_text.lines() {
            println!("    {l}");
        }
    }
    if !face.keywords.is_empty() {
        println!("  keywords: {:?}", face.keywords);
    }
    if !face.abilities.is_empty() {
        println!("  abilities: {:#?}", face.abilities);
    }
    if !face.spell.targets.is_empty()
        || !face.spell.effects.is_empty()
        || !face.spell.modes.is_empty()
    {
        println!("  spell: {:#?}", face.spell);
    }
    if let Err(u) = &face.support {
        println!("  this face: {u}");
    }
}

/// One line per unsupported card, tab-separated: name, first set, phrase
/// (and with `why`, where the grammar stopped). Made for `grep`, `sort` and
/// clustering by the failing text's shape: which cards a mechanism would
/// unblock.
fn unsupported(why: bool) {
    for c in db().iter() {
        if let Some(u) = c.unsupported() {
            let phrase = u.phrase.replace(['\n', '\t'], " ");
            if why {
                let reason = u.reason.replace(['\n', '\t'], " ");
                println!("{}\t{}\t{phrase}\t{reason}", c.name, c.first_set);
            } else {
                println!("{}\t{}\t{phrase}", c.name, c.first_set);
            }
        }
    }
}

fn coverage() {
    let db = db();
    let total = db.len();
    let supported = db.iter().filter(|c| c.is_supported()).count();
    println!(
        "{supported} of {total} cards supported ({:.1}%)",
        100.0 * supported as f64 / total.max(1) as f64
    );

    // By first set, in release order.
    let mut sets: HashMap<&str, (String, usize, usize)> = HashMap::new();
    for c in db.iter() {
        let e = sets
            .entry(c.first_set.as_str())
            .or_insert((c.release_date.clone(), 0, 0));
        if c.release_date < e.0 {
            e.0 = c.release_date.clone();
        }
        e.1 += 1;
        e.2 += c.is_supported() as usize;
    }
    let mut sets: Vec<_> = sets.into_iter().collect();
    sets.sort_by(|a, b| (&a.1 .0, a.0).cmp(&(&b.1 .0, b.0)));
    println!();
    println!("By first set (in release order):");
    println!(
        "  {:<8} {:<12} {:>9} {:>7} {:>7}",
        "set", "released", "supported", "total", "%"
    );
    for (set, (date, n, ok)) in &sets {
        println!(
            "  {:<8} {:<12} {:>9} {:>7} {:>6.1}%",
            set,
            date,
            ok,
            n,
            100.0 * *ok as f64 / (*n).max(1) as f64
        );
    }

    println!();
    println!("By layout:");
    for layout in [Layout::Normal, Layout::Split, Layout::Flip] {
        let n = db.iter().filter(|c| c.layout == layout).count();
        let ok = db
            .iter()
            .filter(|c| c.layout == layout && c.is_supported())
            .count();
        println!(
            "  {:<8} {:>6} of {:>6} ({:.1}%)",
            format!("{layout:?}"),
            ok,
            n,
            100.0 * ok as f64 / n.max(1) as f64
        );
    }

    groups(db);

    let mut phrases: HashMap<&str, usize> = HashMap::new();
    for c in db.iter() {
        if let Some(u) = c.unsupported() {
            *phrases.entry(u.phrase.as_str()).or_default() += 1;
        }
    }
    let mut phrases: Vec<_> = phrases.into_iter().collect();
    phrases.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    println!();
    println!("Top 20 blocking phrases (cards blocked by each):");
    for (phrase, n) in phrases.iter().take(20) {
        let mut p: String = phrase.chars().take(100).collect();
        if phrase.chars().count() > 100 {
            p.push('…');
        }
        println!("  {n:>5}  {p}");
    }
}

/// The card groups the seed rules are about (`crates/cards/data/groups.json`,
/// a copy of `../shared/cards/groups.json`): how many of each compile.
const GROUPS: &str = include_str!("../../cards/data/groups.json");

fn groups(db: &tolaria_cards::CardDb) {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(GROUPS) else {
        return;
    };
    let Some(groups) = v.get("groups").and_then(|g| g.as_object()) else {
        return;
    };
    println!();
    println!("By seed card group:");
    for (name, cards) in groups {
        let names: Vec<&str> = cards
            .as_array()
            .map(|a| a.iter().filter_map(|n| n.as_str()).collect())
            .unwrap_or_default();
        let ok = names
            .iter()
            .filter(|n| db.by_name(n).is_some_and(|c| c.is_supported()))
            .count();
        println!(
            "  {:<22} {:>4} of {:>4} ({:.1}%)",
            name,
            ok,
            names.len(),
            100.0 * ok as f64 / names.len().max(1) as f64
        );
    }
}
