fn main() {
    let db = tolaria_cards::db();
    for name in std::env::args().skip(1) {
        let c = db.by_name(&name).unwrap();
        for f in &c.faces {
            println!("{} / {}: {:?}", c.name, f.name, f.support.as_ref().err().map(|u| (&u.phrase, &u.reason)));
        }
    }
}
