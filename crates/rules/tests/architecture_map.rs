//! ARCHITECTURE.md's map must match the tree: every folder of the rules
//! crate has a row, and every source file of it is named in its folder's
//! row, so a reader who looks a concept up in the map finds the file. A
//! file added without a line in the map, or a row left for a file that
//! moved, fails here.

use std::fs;
use std::path::Path;

fn map_rows() -> Vec<(String, String)> {
    let arch = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../ARCHITECTURE.md"
    ))
    .expect("ARCHITECTURE.md is at the workspace root");
    let start = arch
        .find("## The map")
        .expect("ARCHITECTURE.md starts with ## The map");
    arch[start..]
        .lines()
        .take_while(|l| !l.starts_with("### ") || l.contains("The map"))
        .filter_map(|l| {
            let l = l.strip_prefix("| `")?;
            let (path, rest) = l.split_once("` |")?;
            Some((path.to_string(), rest.to_string()))
        })
        .collect()
}

#[test]
fn every_rules_folder_and_file_is_in_the_map() {
    let rows = map_rows();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut missing = Vec::new();
    for folder in fs::read_dir(&src).unwrap() {
        let folder = folder.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let name = folder.file_name().unwrap().to_string_lossy().to_string();
        let key = format!("crates/rules/src/{name}/");
        let Some((_, text)) = rows.iter().find(|(p, _)| *p == key) else {
            missing.push(key);
            continue;
        };
        for file in fs::read_dir(&folder).unwrap() {
            let file = file.unwrap().path();
            let f = file.file_name().unwrap().to_string_lossy().to_string();
            if f == "mod.rs" {
                continue;
            }
            let named = if file.is_dir() {
                format!("`{f}/`")
            } else {
                format!("`{f}`")
            };
            if !text.contains(&named) {
                missing.push(format!("{key}{f}"));
            }
        }
    }
    for (path, _) in rows
        .iter()
        .filter(|(p, _)| p.starts_with("crates/rules/src/"))
    {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(path);
        assert!(dir.is_dir(), "the map names {path}, which is not a folder");
    }
    assert!(
        missing.is_empty(),
        "not in ARCHITECTURE.md's map: {missing:?}"
    );
}
