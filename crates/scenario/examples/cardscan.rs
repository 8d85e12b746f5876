use tolaria_cards::db;
fn main() {
    let q: Vec<String> = std::env::args().skip(1).collect();
    for d in db().iter() {
        let f = d.front();
        let text = f.oracle_text.to_lowercase();
        if q.iter().all(|w| if let Some(w) = w.strip_prefix("name=") { d.name == w } else { text.contains(&w.to_lowercase()) || f.type_line().to_lowercase().contains(&w.to_lowercase()) }) {
            println!("{} {} | {} | {:?}/{:?} | {} | {:?}", if d.is_supported(){"OK "} else {"-- "}, d.name, f.type_line(), f.power.map(|p| p.base()), f.toughness.map(|p| p.base()), f.oracle_text.replace('\n'," / "), f.mana_cost.as_ref().map(|c| format!("{c:?}").len()));
        }
    }
}
