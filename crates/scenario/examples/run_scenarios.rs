fn main() {
    let files: Vec<std::path::PathBuf> = std::env::args().skip(1).map(Into::into).collect();
    let (passed, failed, lines) = tolaria_scenario::run_files(&files);
    for l in lines {
        println!("{l}");
    }
    println!("{passed} passed, {failed} failed");
}
