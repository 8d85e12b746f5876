fn main() {
    for n in std::env::args().skip(1) {
        let d = tolaria_cards::db().by_name(&n).unwrap();
        println!("{:#?}", d.front().abilities);
        println!("{:#?}", d.front().spell);
    }
}
