//! A small hand-written option parser: `--name value`, `--name=value`,
//! boolean flags and positional arguments; unknown options are errors.

use crate::CliError;

pub struct Args {
    cmd: &'static str,
    /// (name, value) of options given, in order.
    opts: Vec<(String, Option<String>)>,
    pub positional: Vec<String>,
    pub help: bool,
}

impl Args {
    /// Parses `argv` given the names of options taking a value and of flags
    /// (both without the leading `--`).
    pub fn parse(
        cmd: &'static str,
        argv: Vec<String>,
        valued: &[&str],
        flags: &[&str],
    ) -> Result<Args, CliError> {
        let mut a = Args {
            cmd,
            opts: Vec::new(),
            positional: Vec::new(),
            help: false,
        };
        let mut it = argv.into_iter();
        let mut only_positional = false;
        while let Some(arg) = it.next() {
            if only_positional || !arg.starts_with('-') || arg == "-" {
                a.positional.push(arg);
                continue;
            }
            if arg == "--" {
                only_positional = true;
                continue;
            }
            if arg == "-h" || arg == "--help" {
                a.help = true;
                continue;
            }
            // Long options take two dashes: `-games` is not `--games`.
            let Some(body) = arg.strip_prefix("--") else {
                return Err(CliError::usage(format!(
                    "{cmd}: unknown option {:?} (long options start with two dashes: --{})",
                    clip(&arg),
                    clip(arg.trim_start_matches('-'))
                )));
            };
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (body.to_string(), None),
            };
            if valued.contains(&name.as_str()) {
                let v = match inline {
                    Some(v) => v,
                    None => it.next().ok_or_else(|| {
                        CliError::usage(format!("{cmd}: option --{name} needs a value"))
                    })?,
                };
                a.opts.push((name, Some(v)));
            } else if flags.contains(&name.as_str()) {
                if inline.is_some() {
                    return Err(CliError::usage(format!(
                        "{cmd}: option --{name} takes no value"
                    )));
                }
                a.opts.push((name, None));
            } else {
                let mut known: Vec<String> = valued
                    .iter()
                    .chain(flags)
                    .map(|n| format!("--{n}"))
                    .collect();
                known.push("--help".into());
                return Err(CliError::usage(format!(
                    "{cmd}: unknown option {:?} (options: {})",
                    clip(&arg),
                    known.join(", ")
                )));
            }
        }
        Ok(a)
    }

    pub fn flag(&self, name: &str) -> bool {
        self.opts.iter().any(|(n, _)| n == name)
    }

    /// The last value given for an option.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// An option parsed as a number, with a default.
    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, CliError> {
        match self.value(name) {
            None => Ok(default),
            Some(v) => v.trim().parse().map_err(|_| {
                CliError::usage(format!(
                    "{}: --{name} expects a non-negative whole number, got {:?}",
                    self.cmd,
                    clip(v)
                ))
            }),
        }
    }

    /// A number option with a default that must lie in `min..=max`.
    pub fn number_in<T>(&self, name: &str, default: T, min: T, max: T) -> Result<T, CliError>
    where
        T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
    {
        let v = self.number(name, default)?;
        if v < min || v > max {
            return Err(CliError::usage(format!(
                "{}: --{name} must be between {min} and {max}, got {v}",
                self.cmd
            )));
        }
        Ok(v)
    }

    /// A comma-separated list option.
    pub fn list(&self, name: &str) -> Option<Vec<String>> {
        self.value(name)
            .map(|v| v.split(',').map(|s| s.trim().to_string()).collect())
    }

    pub fn no_positional(&self) -> Result<(), CliError> {
        match self.positional.first() {
            Some(p) => Err(CliError::usage(format!(
                "{}: unexpected argument {:?}",
                self.cmd,
                clip(p)
            ))),
            None => Ok(()),
        }
    }
}

/// At most 80 characters of user input, for an error message (a 10 MB
/// argument or line isn't echoed whole).
pub fn clip(s: &str) -> String {
    const MAX: usize = 80;
    match s.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}… ({} bytes)", &s[..i], s.len()),
        None => s.to_string(),
    }
}
