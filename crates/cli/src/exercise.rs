//! `tolaria cards exercise [NAME]`: plays every supported card (or one)
//! through the engine's legal actions and reports what could not be
//! played and why (`tolaria_ai::exercise`, issue 23).

use crate::{CliError, CliResult};
use std::collections::BTreeMap;
use std::process::ExitCode;
use tolaria_ai::exercise::{self, CardReport, Outcome, Situation};
use tolaria_cards::{db, CardId};

/// Runs the exerciser over `name`'s card, or over the whole supported pool.
/// Exit status 1 if any play failed (a panic, a refused listed action, a
/// broken invariant).
pub fn run(name: Option<&str>, threads: usize) -> CliResult {
    let cards: Vec<CardId> = match name {
        Some(n) => {
            let def = db().lookup(n).map_err(CliError::usage)?;
            if !def.is_supported() {
                return Err(CliError::usage(format!(
                    "cards exercise: {} is not supported, so it cannot be played",
                    def.name
                )));
            }
            vec![def.id]
        }
        None => db()
            .iter()
            .filter(|c| c.is_supported())
            .map(|c| c.id)
            .collect(),
    };
    let reports = exercise::exercise_all(&cards, threads);
    if let [one] = reports.as_slice() {
        detail(one);
    } else {
        summary(&reports);
    }
    let failed = reports.iter().any(|r| r.failures().next().is_some());
    Ok(ExitCode::from(u8::from(failed)))
}

fn detail(r: &CardReport) {
    println!("{}", r.name());
    for p in &r.plays {
        let what = match &p.outcome {
            Outcome::Done => "done".to_string(),
            Outcome::Abandoned => "abandoned on every try".to_string(),
            Outcome::Unsettled => "the stack never emptied".to_string(),
            Outcome::Failed(m) => format!("FAILED: {m}"),
        };
        println!("  {} ({}): {what}", p.label, p.situation.name());
    }
    if !r.abilities_not_offered.is_empty() {
        println!("  abilities never offered: {:?}", r.abilities_not_offered);
    }
    match r.why_not() {
        None => println!("exercised"),
        Some(why) => {
            println!("not exercised: {why}");
            println!("the boards tried (scenario files, docs/scenarios.md):");
            for s in Situation::ALL {
                println!("--- {}", s.name());
                print!("{}", exercise::scenario_text(r.card, s));
            }
        }
    }
}

fn summary(reports: &[CardReport]) {
    let exercised = reports.iter().filter(|r| r.exercised()).count();
    let mut why: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for r in reports {
        if let Some(w) = r.why_not() {
            why.entry(w).or_default().push(r.name());
        }
    }
    for (w, names) in &why {
        println!("{} not exercised: {w}", names.len());
        for n in names {
            println!("    {n}");
        }
    }
    for r in reports {
        for p in r.failures() {
            if let Outcome::Failed(m) = &p.outcome {
                println!(
                    "FAILED {} {} ({}): {m}",
                    r.name(),
                    p.label,
                    p.situation.name()
                );
            }
        }
    }
    let unoffered: Vec<&CardReport> = reports
        .iter()
        .filter(|r| !r.abilities_not_offered.is_empty())
        .collect();
    if !unoffered.is_empty() {
        println!(
            "{} cards with activated abilities no board offered (ability indexes):",
            unoffered.len()
        );
        for r in &unoffered {
            println!("    {} {:?}", r.name(), r.abilities_not_offered);
        }
    }
    let abilities: usize = reports.iter().map(|r| r.abilities_not_offered.len()).sum();
    let plays = reports.iter().map(|r| r.plays.len()).sum::<usize>();
    println!(
        "{exercised} of {} supported cards exercised ({:.1}%), {plays} plays tried, {abilities} activated abilities never offered",
        reports.len(),
        100.0 * exercised as f64 / reports.len().max(1) as f64
    );
}
