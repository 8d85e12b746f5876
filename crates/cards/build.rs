//! Prepares the shipped card data (`data/cards.json`) at build time, so that
//! a program reaches its first decision without parsing or compiling the
//! whole pool: an index of every card's name, its other names (the halves
//! of split and flip cards) and the byte range of its JSON line. `db()`
//! builds its name lookup from the index and parses and compiles a card
//! the first time it is used. The data hash for replays is computed here
//! too.
//!
//! `data/cards.json` is written by `gen-card-data` with one card object per
//! line after a `"cards": [` line; the build fails, naming the line, if the
//! file is not in that form or a line is not a JSON object with a name.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=data/cards.json");
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string("data/cards.json").expect("data/cards.json is readable");
    let out = index(&text).unwrap_or_else(|e| panic!("data/cards.json: {e}"));
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&dir).join("card_index.rs"), out).expect("OUT_DIR is writable");
}

fn index(text: &str) -> Result<String, String> {
    let start = text
        .find("\"cards\": [\n")
        .ok_or("no line `\"cards\": [` (the file is written by gen-card-data)")?
        + "\"cards\": [\n".len();
    let header: serde_json::Value = serde_json::from_str(&format!("{}]}}", &text[..start]))
        .map_err(|e| format!("the header is not JSON: {e}"))?;
    let version = header
        .get("version")
        .and_then(|v| v.as_str())
        .ok_or("the header has no version")?;
    let mut ranges = String::new();
    let mut names = String::new();
    let mut faces = String::new();
    let mut at = start;
    let mut n = 0usize;
    for line in text[start..].split_inclusive('\n') {
        let len = line.len();
        let body = line.trim_end_matches('\n').trim_end_matches(',');
        if body.starts_with(']') {
            break;
        }
        let card: serde_json::Value = serde_json::from_str(body)
            .map_err(|e| format!("card line {} is not one JSON object: {e}", n + 1))?;
        let name = card
            .get("name")
            .and_then(|v| v.as_str())
            .ok_or_else(|| format!("card line {} has no name", n + 1))?;
        let layout = card.get("layout").and_then(|v| v.as_str()).unwrap_or("");
        writeln!(ranges, "({at}, {}),", at + body.len()).unwrap();
        writeln!(names, "{:?},", name.to_ascii_lowercase()).unwrap();
        let face_names: Vec<&str> = card
            .get("faces")
            .and_then(|v| v.as_array())
            .map(|fs| fs.iter().filter_map(|f| f.get("name")?.as_str()).collect())
            .unwrap_or_default();
        if face_names.len() > 1 {
            let flip = layout == "flip";
            for f in face_names {
                writeln!(faces, "({n}, {flip}, {:?}),", f.to_ascii_lowercase()).unwrap();
            }
        }
        at += len;
        n += 1;
    }
    if n >= u16::MAX as usize {
        return Err(format!("{n} cards; at most 65535 are supported"));
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    Ok(format!(
        "/// The shipped data's version stamp.\n\
         pub(crate) const VERSION: &str = {version:?};\n\
         /// FNV-1a 64 of the shipped data file.\n\
         pub(crate) const HASH: &str = \"{hash:016x}\";\n\
         /// Each card's JSON object: a byte range of the data file.\n\
         pub(crate) static RANGES: [(usize, usize); {n}] = [\n{ranges}];\n\
         /// Each card's name, lowercased (the lookup key).\n\
         pub(crate) static NAMES: [&str; {n}] = [\n{names}];\n\
         /// The face names of split and flip cards: (card index, is a flip card, lowercased name).\n\
         pub(crate) static FACE_NAMES: &[(u16, bool, &str)] = &[\n{faces}];\n"
    ))
}
