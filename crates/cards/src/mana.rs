//! Mana symbols and mana costs (rule 104 for symbols, 202 for mana cost).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the five colours of Magic (rule 105). The discriminant is the bit
/// index used by [`ColorSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    White = 0,
    Blue = 1,
    Black = 2,
    Red = 3,
    Green = 4,
}

impl Color {
    pub const ALL: [Color; 5] = [
        Color::White,
        Color::Blue,
        Color::Black,
        Color::Red,
        Color::Green,
    ];

    pub fn symbol(self) -> char {
        match self {
            Color::White => 'W',
            Color::Blue => 'U',
            Color::Black => 'B',
            Color::Red => 'R',
            Color::Green => 'G',
        }
    }

    pub fn from_symbol(c: char) -> Option<Color> {
        Some(match c {
            'W' => Color::White,
            'U' => Color::Blue,
            'B' => Color::Black,
            'R' => Color::Red,
            'G' => Color::Green,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Blue => "blue",
            Color::Black => "black",
            Color::Red => "red",
            Color::Green => "green",
        }
    }

    pub fn from_name(s: &str) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
    }
}

/// A set of colours as a bit set (bit = `Color as u8`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ColorSet(pub u8);

impl ColorSet {
    pub const EMPTY: ColorSet = ColorSet(0);
    pub fn single(c: Color) -> Self {
        ColorSet(1 << c as u8)
    }
    pub fn contains(self, c: Color) -> bool {
        self.0 & (1 << c as u8) != 0
    }
    pub fn insert(&mut self, c: Color) {
        self.0 |= 1 << c as u8;
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn intersects(self, other: ColorSet) -> bool {
        self.0 & other.0 != 0
    }
    pub fn iter(self) -> impl Iterator<Item = Color> {
        Color::ALL.into_iter().filter(move |c| self.contains(*c))
    }
}

/// A mana cost as printed (rule 202): generic, coloured, hybrid and X symbols.
/// Hybrid symbols (104.3e) are kept as pairs of colours.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ManaCost {
    pub generic: u32,
    /// Coloured symbols by colour, indexed by `Color as usize`.
    pub colored: [u8; 5],
    /// Hybrid symbols such as {W/U} (104.3e) or {2/W}; the second element is
    /// the colour, the first either a colour or a generic amount.
    pub hybrid: Vec<Hybrid>,
    /// Number of {X} symbols (104.3c).
    pub x: u8,
    /// Snow mana symbols {S} (104.3f in later rules; Coldsnap).
    pub snow: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hybrid {
    TwoColors(Color, Color),
    GenericOr(u8, Color),
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad mana cost {text:?}: {reason}")]
pub struct ManaCostError {
    pub text: String,
    pub reason: String,
}

impl ManaCost {
    pub fn zero() -> Self {
        ManaCost::default()
    }

    /// Parses MTGJSON's form, e.g. `{3}{R}{R}`, `{X}{R}`, `{W/U}`.
    pub fn parse(text: &str) -> Result<ManaCost, ManaCostError> {
        let err = |reason: &str| ManaCostError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let mut cost = ManaCost::default();
        let mut rest = text.trim();
        while !rest.is_empty() {
            let Some(stripped) = rest.strip_prefix('{') else {
                return Err(err("expected '{'"));
            };
            let Some(end) = stripped.find('}') else {
                return Err(err("unclosed '{'"));
            };
            let sym = &stripped[..end];
            rest = &stripped[end + 1..];
            if let Ok(n) = sym.parse::<u32>() {
                cost.generic += n;
            } else if sym == "X" {
                cost.x += 1;
            } else if sym == "S" {
                cost.snow += 1;
            } else if sym.len() == 1 {
                let c = Color::from_symbol(sym.chars().next().unwrap_or(' '))
                    .ok_or_else(|| err(&format!("unknown symbol {{{sym}}}")))?;
                cost.colored[c as usize] += 1;
            } else if let Some((a, b)) = sym.split_once('/') {
                let cb = b
                    .chars()
                    .next()
                    .and_then(Color::from_symbol)
                    .filter(|_| b.len() == 1)
                    .ok_or_else(|| err(&format!("unknown hybrid {{{sym}}}")))?;
                if let Ok(n) = a.parse::<u8>() {
                    cost.hybrid.push(Hybrid::GenericOr(n, cb));
                } else {
                    let ca = a
                        .chars()
                        .next()
                        .and_then(Color::from_symbol)
                        .filter(|_| a.len() == 1)
                        .ok_or_else(|| err(&format!("unknown hybrid {{{sym}}}")))?;
                    cost.hybrid.push(Hybrid::TwoColors(ca, cb));
                }
            } else {
                return Err(err(&format!("unknown symbol {{{sym}}}")));
            }
        }
        Ok(cost)
    }

    /// Converted mana cost (rule 203): X counts as 0 except on the stack.
    pub fn converted(&self) -> u32 {
        let hybrid: u32 = self
            .hybrid
            .iter()
            .map(|h| match h {
                Hybrid::TwoColors(..) => 1,
                Hybrid::GenericOr(n, _) => *n as u32,
            })
            .sum();
        self.generic
            + self.colored.iter().map(|&c| c as u32).sum::<u32>()
            + hybrid
            + self.snow as u32
    }

    /// The colours of the symbols in this cost (rule 202.2).
    pub fn colors(&self) -> ColorSet {
        let mut set = ColorSet::EMPTY;
        for c in Color::ALL {
            if self.colored[c as usize] > 0 {
                set.insert(c);
            }
        }
        for h in &self.hybrid {
            match *h {
                Hybrid::TwoColors(a, b) => {
                    set.insert(a);
                    set.insert(b);
                }
                Hybrid::GenericOr(_, c) => set.insert(c),
            }
        }
        set
    }

    pub fn is_zero(&self) -> bool {
        self.converted() == 0 && self.x == 0
    }
}

impl fmt::Display for ManaCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.x {
            write!(f, "{{X}}")?;
        }
        if self.generic > 0 || (self.converted() == 0 && self.x == 0) {
            write!(f, "{{{}}}", self.generic)?;
        }
        for h in &self.hybrid {
            match h {
                Hybrid::TwoColors(a, b) => write!(f, "{{{}/{}}}", a.symbol(), b.symbol())?,
                Hybrid::GenericOr(n, c) => write!(f, "{{{}/{}}}", n, c.symbol())?,
            }
        }
        for c in Color::ALL {
            for _ in 0..self.colored[c as usize] {
                write!(f, "{{{}}}", c.symbol())?;
            }
        }
        for _ in 0..self.snow {
            write!(f, "{{S}}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r202_parse_and_convert() {
        let c = ManaCost::parse("{3}{R}{R}").unwrap();
        assert_eq!(c.generic, 3);
        assert_eq!(c.colored[Color::Red as usize], 2);
        assert_eq!(c.converted(), 5);
        assert_eq!(c.to_string(), "{3}{R}{R}");
        let x = ManaCost::parse("{X}{R}").unwrap();
        assert_eq!(x.converted(), 1);
        assert_eq!(ManaCost::parse("{W/U}").unwrap().converted(), 1);
        assert!(ManaCost::parse("{Q}").is_err());
        assert!(ManaCost::parse("3").is_err());
    }
}
