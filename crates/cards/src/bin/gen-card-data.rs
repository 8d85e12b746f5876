//! Generates `crates/cards/data/cards.json` from the shared MTGJSON extract.
//!
//! Usage: `cargo run -p tolaria-cards --bin gen-card-data -- [../shared/cards/cards-2007.json] [crates/cards/data/cards.json]`
//!
//! The project ships the generated file so that a fresh clone builds and
//! plays without `../shared`.

use serde_json::Value;
use std::process::ExitCode;
use tolaria_cards::data::{RawCard, RawCardFile, RawFace, RawRuling};
use tolaria_cards::printed_symbols;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let input = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "../shared/cards/cards-2007.json".into());
    let output = args
        .get(2)
        .cloned()
        .unwrap_or_else(|| "crates/cards/data/cards.json".into());
    match run(&input, &output) {
        Ok(n) => {
            eprintln!("wrote {n} cards to {output}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen-card-data: {e}");
            ExitCode::FAILURE
        }
    }
}

fn s(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}

fn list(v: &Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

fn run(input: &str, output: &str) -> Result<usize, String> {
    let text = std::fs::read_to_string(input).map_err(|e| format!("cannot read {input}: {e}"))?;
    let json: Value =
        serde_json::from_str(&text).map_err(|e| format!("{input} is not JSON: {e}"))?;
    let meta = json.get("meta").cloned().unwrap_or(Value::Null);
    let cards = json
        .get("cards")
        .and_then(Value::as_array)
        .ok_or("no 'cards' array")?;
    let mut out = Vec::with_capacity(cards.len());
    for c in cards {
        let name = s(c, "name").ok_or("a card has no name")?;
        let layout = s(c, "layout").ok_or_else(|| format!("{name}: no layout"))?;
        let faces_json = c
            .get("faces")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{name}: no faces"))?;
        let mut faces = Vec::new();
        for f in faces_json {
            let printed = f.get("printedLatestPreM10");
            faces.push(RawFace {
                name: s(f, "faceName").unwrap_or_else(|| name.clone()),
                mana_cost: s(f, "manaCost"),
                colors: list(f, "colors"),
                supertypes: list(f, "supertypes"),
                types: list(f, "types"),
                subtypes: list(f, "subtypes"),
                power: s(f, "power"),
                toughness: s(f, "toughness"),
                text: s(f, "text").unwrap_or_default(),
                printed_type: printed.and_then(|p| s(p, "originalType")),
                printed_text: printed
                    .and_then(|p| s(p, "originalText"))
                    .map(|t| printed_symbols::decode(&t)),
                keywords: list(f, "keywords"),
            });
        }
        let rulings = c
            .get("rulings")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .map(|r| RawRuling {
                        date: s(r, "date").unwrap_or_default(),
                        text: s(r, "text").unwrap_or_default(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let first = c.get("firstPrinting").cloned().unwrap_or(Value::Null);
        out.push(RawCard {
            name,
            layout,
            faces,
            rulings,
            first_set: s(&first, "set").unwrap_or_default(),
            release_date: s(&first, "releaseDate").unwrap_or_default(),
        });
    }
    let file = RawCardFile {
        source: meta
            .get("source")
            .and_then(Value::as_str)
            .unwrap_or("cards-2007.json")
            .to_string(),
        version: format!(
            "cards-2007/{}",
            meta.get("count")
                .and_then(Value::as_u64)
                .unwrap_or(out.len() as u64)
        ),
        cards: out,
    };
    let n = file.cards.len();
    let mut body = String::from("{\n");
    body.push_str(&format!(
        "\"source\": {},\n",
        serde_json::to_string(&file.source).map_err(|e| e.to_string())?
    ));
    body.push_str(&format!(
        "\"version\": {},\n",
        serde_json::to_string(&file.version).map_err(|e| e.to_string())?
    ));
    body.push_str("\"cards\": [\n");
    for (i, card) in file.cards.iter().enumerate() {
        body.push_str(&serde_json::to_string(card).map_err(|e| e.to_string())?);
        body.push_str(if i + 1 < n { ",\n" } else { "\n" });
    }
    body.push_str("]}\n");
    std::fs::write(output, body).map_err(|e| format!("cannot write {output}: {e}"))?;
    Ok(n)
}
