//! Prints how many cards compile completely.
fn main() {
    let db = tolaria_cards::db();
    let ok = db.iter().filter(|c| c.is_supported()).count();
    println!("{ok} of {} cards compile completely", db.len());
}
