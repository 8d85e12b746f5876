//! Games played on several threads, and the progress bar drawn while they
//! run: shared by `tolaria sim` (two players), `tolaria sim` with a table
//! (multiplayer) and `tolaria bench`.
//!
//! Game `i` is played by whichever thread gets it, and its outcome lands
//! at index `i`, so the results are the same on any number of threads
//! (each game's seed comes from its index, not from the thread).

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Plays games `0..n` with `one` on `threads` threads (contiguous chunks,
/// no shared lock), adding 1 to `done` as each game ends; the outcomes in
/// game order.
pub fn run_indexed<T, F>(n: u64, threads: usize, done: &AtomicU64, one: F) -> Vec<T>
where
    T: Clone + Default + Send,
    F: Fn(u64) -> T + Sync,
{
    let threads = threads.clamp(1, n.max(1) as usize);
    let one = |i| {
        let o = one(i);
        done.fetch_add(1, Ordering::Relaxed);
        o
    };
    if threads == 1 {
        return (0..n).map(one).collect();
    }
    let mut out = vec![T::default(); n as usize];
    let chunk = n.div_ceil(threads as u64);
    let one = &one;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let lo = (t * chunk).min(n);
                let hi = ((t + 1) * chunk).min(n);
                s.spawn(move || (lo..hi).map(|i| (i, one(i))).collect::<Vec<_>>())
            })
            .collect();
        for h in handles {
            for (i, o) in h.join().expect("a simulation thread panicked") {
                out[i as usize] = o;
            }
        }
    });
    out
}

/// Runs `work` (which counts finished games in `done`), drawing a progress
/// bar for `n` games on stderr while it runs if `show` (stderr is a
/// terminal); the bar's line is cleared at the end.
pub fn with_progress<T: Send>(
    n: u64,
    show: bool,
    done: &AtomicU64,
    work: impl FnOnce() -> T + Send,
) -> T {
    std::thread::scope(|s| {
        let worker = s.spawn(work);
        if show {
            let start = Instant::now();
            let mut err = std::io::stderr();
            while !worker.is_finished() {
                let d = done.load(Ordering::Relaxed);
                let _ = write!(
                    err,
                    "\r{}",
                    progress_line(d, n, start.elapsed().as_secs_f64())
                );
                let _ = err.flush();
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            let _ = write!(err, "\r{:width$}\r", "", width = 79);
            let _ = err.flush();
        }
        worker.join().expect("the simulation panicked")
    })
}

/// `[#########...........]  450/1000 games  45%  12.3 games/s  ETA 44s`
pub fn progress_line(done: u64, n: u64, secs: f64) -> String {
    const WIDTH: u64 = 30;
    let filled = (done * WIDTH).checked_div(n).unwrap_or(WIDTH);
    let rate = done as f64 / secs.max(1e-9);
    let eta = if done == 0 {
        "?".to_string()
    } else {
        format!("{:.0}s", (n - done.min(n)) as f64 / rate)
    };
    format!(
        "[{}{}] {done:>w$}/{n} games {:>3}%  {rate:.1} games/s  ETA {eta}",
        "#".repeat(filled as usize),
        ".".repeat((WIDTH - filled) as usize),
        (done * 100).checked_div(n).unwrap_or(100),
        w = n.to_string().len(),
    )
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn progress_line_shows_games_done_and_rate() {
        let l = super::progress_line(450, 1000, 10.0);
        assert!(l.starts_with("[#############................."), "{l}");
        assert!(
            l.contains(" 450/1000 games  45%  45.0 games/s  ETA 12s"),
            "{l}"
        );
        let l = super::progress_line(0, 0, 0.0);
        assert!(l.contains("0/0 games 100%"), "{l}");
    }

    /// Outcomes land in game order whatever the number of threads, and
    /// every game is counted once.
    #[test]
    fn outcomes_are_in_game_order_on_any_number_of_threads() {
        for threads in [1, 2, 3, 8] {
            let done = AtomicU64::new(0);
            let out = super::run_indexed(10, threads, &done, |i| i * i);
            assert_eq!(out, (0..10).map(|i| i * i).collect::<Vec<_>>());
            assert_eq!(done.load(Ordering::Relaxed), 10);
        }
    }
}
