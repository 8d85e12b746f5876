fn main() {
    for c in tolaria_cards::db().iter() {
        if let Some(u) = c.unsupported() {
            println!("{}\t{:?}", c.name, u);
        }
    }
}
