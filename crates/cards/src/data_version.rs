//! The version of the card data a game was played with, for replays: a
//! saved game replays only against the same card definitions, since a
//! changed Oracle text or compiled ability can change what a card does.

use std::sync::OnceLock;

/// The FNV-1a 64-bit hash of the shipped `data/cards.json`, as 16 hex
/// digits (computed once).
pub fn card_data_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in include_str!("../data/cards.json").as_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}")
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn card_data_hash_is_stable_hex() {
        let h = super::card_data_hash();
        assert_eq!(h.len(), 16);
        assert!(h.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(h, super::card_data_hash());
    }
}
