//! The terminal's input for `tolaria play`: lines read by a thread and
//! stamped with the time they arrived, so a line typed for one prompt never
//! answers a later, different decision (type-ahead is dropped at a new kind
//! of decision); Ctrl-C (SIGINT) noticed between reads, so the game can be
//! saved and its events flushed before the program exits.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Set by the SIGINT handler.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

#[cfg(unix)]
extern "C" fn on_sigint(_: i32) {
    // An atomic store is async-signal-safe.
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Catches Ctrl-C for the rest of the process: it sets a flag the game
/// loop checks instead of killing the process at once.
#[cfg(unix)]
pub fn catch_interrupt() {
    extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGINT: i32 = 2;
    // SAFETY: the handler only stores into an atomic.
    unsafe {
        signal(SIGINT, on_sigint as extern "C" fn(i32) as usize);
    }
}

#[cfg(not(unix))]
pub fn catch_interrupt() {}

/// What the player gave.
pub enum Input {
    Line(String),
    Eof,
    Interrupt,
}

enum Msg {
    Line(String, Instant),
    Eof,
}

/// Lines read by a thread, each with the moment it arrived.
pub struct Reader {
    rx: Receiver<Msg>,
    /// Each prompt shown: when, and which decision it asked.
    prompts: Vec<(Instant, String)>,
    /// Whether type-ahead for an earlier, different decision is dropped
    /// (at a terminal; piped input is all typed ahead, and kept).
    pub drop_stale: bool,
}

impl Reader {
    /// Reads the input `open` gives, on a thread. At a terminal
    /// (`interactive`) an end of input (Ctrl-D) is reported and reading goes
    /// on (the player is asked to confirm), up to three in a row.
    pub fn spawn(
        open: impl FnOnce() -> Box<dyn BufRead> + Send + 'static,
        interactive: bool,
    ) -> Reader {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut input = open();
            let mut eofs = 0;
            loop {
                let mut line = String::new();
                match input.read_line(&mut line) {
                    Ok(0) if interactive && eofs < 3 => {
                        eofs += 1;
                        if tx.send(Msg::Eof).is_err() {
                            return;
                        }
                    }
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Msg::Eof);
                        return;
                    }
                    Ok(_) => {
                        eofs = 0;
                        if tx.send(Msg::Line(line, Instant::now())).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Reader {
            rx,
            prompts: Vec::new(),
            drop_stale: interactive,
        }
    }

    /// Notes that a prompt for decision `key` was just shown.
    pub fn prompted(&mut self, key: String) {
        self.prompts.push((Instant::now(), key));
        if self.prompts.len() > 64 {
            self.prompts.drain(..32);
        }
    }

    /// The next line for the current prompt (the last `prompted`); lines
    /// typed while an earlier prompt of another decision was showing are
    /// skipped and returned in `dropped`.
    pub fn next(&mut self, dropped: &mut Vec<String>) -> Input {
        let current = self.prompts.last().map(|(_, k)| k.clone());
        loop {
            if interrupted() {
                return Input::Interrupt;
            }
            match self.rx.recv_timeout(Duration::from_millis(50)) {
                Ok(Msg::Line(l, at)) => {
                    if self.drop_stale && self.stale(at, current.as_deref()) {
                        dropped.push(l.trim().to_string());
                        continue;
                    }
                    return Input::Line(l);
                }
                Ok(Msg::Eof) => return Input::Eof,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Input::Eof,
            }
        }
    }

    /// Whether a line that arrived at `at` was typed for a different decision.
    fn stale(&self, at: Instant, current: Option<&str>) -> bool {
        let Some((shown, _)) = self.prompts.last() else {
            return false;
        };
        if at >= *shown {
            return false;
        }
        // The prompt that was showing when the line arrived.
        let answered = self
            .prompts
            .iter()
            .rev()
            .find(|(t, _)| *t <= at)
            .map(|(_, k)| k.as_str());
        answered != current
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_typed_at_another_decision_is_dropped() {
        let (tx, rx) = std::sync::mpsc::channel();
        let mut r = Reader {
            rx,
            prompts: Vec::new(),
            drop_stale: true,
        };
        r.prompted("priority".into());
        tx.send(Msg::Line("p\n".into(), Instant::now())).unwrap();
        std::thread::sleep(Duration::from_millis(2));
        r.prompted("declare attackers".into());
        tx.send(Msg::Line("attack 1\n".into(), Instant::now()))
            .unwrap();
        let mut dropped = Vec::new();
        match r.next(&mut dropped) {
            Input::Line(l) => assert_eq!(l.trim(), "attack 1"),
            _ => panic!("expected a line"),
        }
        assert_eq!(dropped, vec!["p".to_string()]);
    }

    #[test]
    fn type_ahead_for_the_same_decision_is_kept() {
        let (tx, rx) = std::sync::mpsc::channel();
        let mut r = Reader {
            rx,
            prompts: Vec::new(),
            drop_stale: true,
        };
        r.prompted("priority".into());
        tx.send(Msg::Line("p\n".into(), Instant::now())).unwrap();
        std::thread::sleep(Duration::from_millis(2));
        r.prompted("priority".into());
        let mut dropped = Vec::new();
        assert!(matches!(r.next(&mut dropped), Input::Line(_)));
        assert!(dropped.is_empty());
    }
}
