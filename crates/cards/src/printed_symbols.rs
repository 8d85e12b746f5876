//! The mana and tap symbols of the era's printed text (`printedLatestPreM10`
//! in `../shared/cards/cards-2007.json`), which the extract carries in an
//! old symbol-font encoding: `o2` for {2}, `o` newline `G` for {G}, `oc`
//! newline `T` for {T}, and `oo` newline `G` followed by a space for "{G}:"
//! (the colon after an activation cost is lost into the encoding). About
//! 2,100 faces carry it; shown as is, Mercenary Informer's ability read
//! "o2oo / W Put target Mercenary card …" in `tolaria cards show` and the
//! web client.
//!
//! `gen-card-data` decodes the printed text once, as it writes the shipped
//! `data/cards.json` (a decision written in ARCHITECTURE.md): the printed
//! text is shown to players, never compiled, so decoding it changes no
//! rule. The Oracle text (`text`) is already in braces and is untouched.

/// The printed text with its encoded symbols written in braces, as the
/// Oracle text writes them: `o2oo\nW Put …` becomes `{2}{W}: Put …`.
///
/// A run of symbols starts at an `o` that doesn't follow an ASCII letter
/// (so words like "of" and "do" are never read as symbols) and goes on
/// while the next characters are another symbol.
pub fn decode(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < b.len() {
        let starts_run = b[i] == b'o' && (i == 0 || !b[i - 1].is_ascii_alphabetic());
        if !starts_run {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut symbols = String::new();
        while let Some((symbol, len)) = symbol_at(&b[j..]) {
            symbols.push_str(&symbol);
            j += len;
        }
        if j == i {
            i += 1;
            continue;
        }
        out.push_str(&text[copied..i]);
        out.push_str(&symbols);
        copied = j;
        i = j;
    }
    out.push_str(&text[copied..]);
    out
}

/// The symbol encoded at the start of `b`, in braces, and its length in
/// bytes; `None` if `b` doesn't start with one.
fn symbol_at(b: &[u8]) -> Option<(String, usize)> {
    let letter = |k: usize| {
        b.get(k)
            .filter(|c| c.is_ascii_uppercase())
            .map(|&c| c as char)
    };
    match b {
        // "{G}:" (the colon of an activation cost).
        [b'o', b'o', b'\n', _, b' ', ..] => letter(3).map(|c| (format!("{{{c}}}: "), 5)),
        // {G}, {U}, {X} …
        [b'o', b'\n', ..] => letter(2).map(|c| (format!("{{{c}}}"), 3)),
        // {T}.
        [b'o', b'c', b'\n', ..] => letter(3).map(|c| (format!("{{{c}}}"), 4)),
        // Generic mana: {0}, {2}, {10}.
        [b'o', rest @ ..] => {
            let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
            (digits > 0).then(|| {
                let n = std::str::from_utf8(&rest[..digits]).unwrap_or_default();
                (format!("{{{n}}}"), 1 + digits)
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::decode;

    /// Mercenary Informer's ability as the extract prints it.
    #[test]
    fn an_activation_cost_gets_its_braces_and_colon() {
        assert_eq!(
            decode("abilities.\no2oo\nW Put target Mercenary card on the bottom."),
            "abilities.\n{2}{W}: Put target Mercenary card on the bottom."
        );
    }

    #[test]
    fn tap_symbols_and_runs_of_colored_symbols() {
        assert_eq!(
            decode("o\nRo\nBo\nBo\nUoc\nT: Destroy target tapped creature."),
            "{R}{B}{B}{U}{T}: Destroy target tapped creature."
        );
        assert_eq!(
            decode("Flashback\u{2014}o1o\nG, Pay 3 life."),
            "Flashback\u{2014}{1}{G}, Pay 3 life."
        );
        assert_eq!(decode("Draco costs o2 less"), "Draco costs {2} less");
        assert_eq!(decode("pays o10."), "pays {10}.");
    }

    /// Words that start with "o" or end with it stay words.
    #[test]
    fn words_are_not_symbols() {
        let text = "Sacrifice one of them or do\nThis on top of your library.";
        assert_eq!(decode(text), text);
        assert_eq!(decode("o"), "o");
        assert_eq!(decode("to o\n"), "to o\n");
    }
}
