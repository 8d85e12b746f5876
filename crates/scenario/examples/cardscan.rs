use tolaria_cards::{db, CardType};
fn main() {
    let q: Vec<String> = std::env::args().skip(1).collect();
    let mut n = 0;
    let mut s = 0;
    for d in db().iter() {
        n += 1;
        if d.is_supported() {
            s += 1;
        }
        let f = d.front();
        let text = format!("{:?}", f.oracle_text);
        if q.iter().all(|w| {
            if let Some(w) = w.strip_prefix("name=") {
                return d.name == w;
            }
            text.to_lowercase().contains(&w.to_lowercase())
                || d.name.to_lowercase().contains(&w.to_lowercase())
                || f.type_line().to_lowercase().contains(&w.to_lowercase())
        }) && !q.is_empty()
        {
            let cmc = f
                .mana_cost
                .as_ref()
                .map(|c| format!("{:?}", c))
                .unwrap_or_default();
            let _ = CardType::Land;
            println!(
                "{} {} | {} | {:?}/{:?} | {} | {}",
                if d.is_supported() { "OK " } else { "-- " },
                d.name,
                f.type_line(),
                f.power,
                f.toughness,
                f.oracle_text.replace('\n', " / "),
                if d.is_supported() {
                    String::new()
                } else {
                    format!("{:?}", d.unsupported()).chars().take(100).collect()
                }
            );
            let _ = cmc;
        }
    }
    eprintln!("{s}/{n} supported");
}
