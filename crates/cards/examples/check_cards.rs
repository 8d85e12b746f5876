//! Prints whether the named cards compile, and why not.
fn main() {
    for name in std::env::args().skip(1) {
        match tolaria_cards::db().by_name(&name) {
            None => println!("{name}: unknown"),
            Some(c) => match c.unsupported() {
                None => println!("{name}: ok {:?}", c.front().abilities),
                Some(u) => println!("{name}: {u}"),
            },
        }
    }
}
