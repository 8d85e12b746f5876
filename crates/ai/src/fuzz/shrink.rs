//! Shrinking a fuzz failure to a small deck: the non-basic cards of every
//! deck are replaced by basic lands a chunk at a time (halves, then
//! quarters, … then single cards), keeping each replacement after which
//! the game, played again from the same seeds, still fails the same way.
//! What remains is the list of cards that bring the failure about.

use super::{play, Config, Failure, GameSpec};
use std::time::Instant;
use tolaria_cards::CardId;

/// The non-basic cards of each deck that still bring `f` about, found
/// within `cfg.shrink_time`.
pub fn shrink(f: &Failure, cfg: &Config) -> Vec<Vec<CardId>> {
    let t0 = Instant::now();
    let basics = &super::pool().basics;
    let is_basic = |c: CardId| basics.contains(&c);
    let mut spec = f.spec.clone();
    // (player, position) of each non-basic card still in.
    let mut left: Vec<(usize, usize)> = spec
        .decks
        .iter()
        .enumerate()
        .flat_map(|(p, d)| {
            d.iter()
                .enumerate()
                .filter(|(_, &c)| !is_basic(c))
                .map(move |(i, _)| (p, i))
        })
        .collect();
    let fails_same = |s: &GameSpec| play(s, cfg).failure.is_some_and(|g| g.kind == f.kind);
    let mut chunk = left.len().div_ceil(2).max(1);
    'outer: while chunk >= 1 && !left.is_empty() {
        let mut start = 0;
        while start < left.len() {
            if t0.elapsed() >= cfg.shrink_time {
                break 'outer;
            }
            let end = (start + chunk).min(left.len());
            let mut trial = spec.clone();
            for (k, &(p, i)) in left[start..end].iter().enumerate() {
                trial.decks[p][i] = basics[(i + k) % basics.len()];
            }
            if fails_same(&trial) {
                spec = trial;
                left.drain(start..end);
            } else {
                start = end;
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    spec.decks
        .iter()
        .map(|d| d.iter().copied().filter(|&c| !is_basic(c)).collect())
        .collect()
}
