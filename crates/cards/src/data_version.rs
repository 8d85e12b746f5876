//! The version of the card data a game was played with, for replays: a
//! saved game replays only against the same card definitions, since a
//! changed Oracle text or compiled ability can change what a card does.

/// The FNV-1a 64-bit hash of the shipped `data/cards.json`, as 16 hex
/// digits (computed at build time by `build.rs`).
pub fn card_data_hash() -> &'static str {
    crate::db::shipped_data_hash()
}

#[cfg(test)]
mod tests {
    /// The build-time hash is the FNV-1a 64 of the data file itself.
    #[test]
    fn card_data_hash_is_the_hash_of_the_shipped_file() {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in include_str!("../data/cards.json").as_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        assert_eq!(super::card_data_hash(), format!("{h:016x}"));
    }
}
