//! Helpers shared by the integration tests: run the `patience` binary and check its output.

#![allow(dead_code)]

pub mod referee;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// What one run of the binary produced.
#[derive(Debug)]
pub struct Run {
    /// The exit code (`None` if killed by a signal).
    pub code: Option<i32>,
    /// Standard output, as text.
    pub stdout: String,
    /// Standard error, as text.
    pub stderr: String,
}

impl Run {
    fn from_output(args: &[&str], out: Output) -> Run {
        let to_text = |b: Vec<u8>| {
            String::from_utf8(b)
                .unwrap_or_else(|e| panic!("patience {args:?}: output is not UTF-8: {e}"))
        };
        Run {
            code: out.status.code(),
            stdout: to_text(out.stdout),
            stderr: to_text(out.stderr),
        }
    }

    /// Asserts success (exit 0) and returns standard output.
    #[track_caller]
    pub fn ok(self) -> String {
        assert_eq!(
            self.code,
            Some(0),
            "expected success; stderr:\n{}\nstdout:\n{}",
            self.stderr,
            self.stdout
        );
        self.stdout
    }

    /// Asserts a usage/input error: exit status 2, nothing on standard output, exactly one
    /// line on standard error, in the program's format. Returns that line.
    #[track_caller]
    pub fn one_line_error(self) -> String {
        assert_eq!(
            self.code,
            Some(2),
            "expected exit status 2; stderr:\n{}\nstdout:\n{}",
            self.stderr,
            self.stdout
        );
        assert_eq!(
            self.stdout, "",
            "an error must print nothing on standard output"
        );
        assert!(
            self.stderr.ends_with('\n'),
            "stderr must end with a newline: {:?}",
            self.stderr
        );
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "stderr must be exactly one line, got:\n{}",
            self.stderr
        );
        let line = lines[0];
        assert!(
            line.starts_with("patience: error: "),
            "unexpected error format: {line}"
        );
        line.to_string()
    }
}

/// The command for the binary under test.
pub fn command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_patience"))
}

/// Runs `patience ARGS` with an empty standard input.
pub fn patience(args: &[&str]) -> Run {
    let out = command()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run patience {args:?}: {e}"));
    Run::from_output(args, out)
}

/// Runs `patience ARGS` in directory `dir` (so relative file names in messages stay short).
pub fn patience_in(dir: &Path, args: &[&str]) -> Run {
    let out = command()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run patience {args:?}: {e}"));
    Run::from_output(args, out)
}

/// Runs `patience ARGS` with `input` on standard input.
pub fn patience_stdin(args: &[&str], input: &str) -> Run {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run patience {args:?}: {e}"));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_string();
    // Write from another thread so a full stdout pipe cannot deadlock us.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("wait for patience");
    writer
        .join()
        .expect("writer thread")
        .expect("write to stdin");
    Run::from_output(args, out)
}

/// Parses the single JSON document printed by `--json`.
#[track_caller]
pub fn json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"))
}

/// The directory of committed test data.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
}

/// A path as a `&str` argument.
#[track_caller]
pub fn arg(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// One row of `dataset export --format csv`, with the timing column dropped.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CsvRecord {
    /// The deal number.
    pub deal: u64,
    /// Every other column but `micros`, as text.
    pub fields: Vec<String>,
}

/// Reads a CSV export: checks the header line and drops the `micros` column (the only one
/// that depends on the machine). Rows come back in file order.
#[track_caller]
pub fn csv_records(csv: &str) -> Vec<CsvRecord> {
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().expect("a header line").split(',').collect();
    assert_eq!(
        head,
        [
            "game",
            "rules_version",
            "deal",
            "outcome",
            "moves",
            "states",
            "micros",
            "pass",
            "first_fit",
            "helper_piles",
            "fewest_proven",
            "settings"
        ]
    );
    lines
        .map(|l| {
            // The settings column is quoted and may hold commas: split the first eleven only.
            let cols: Vec<&str> = l.splitn(12, ',').collect();
            assert_eq!(cols.len(), 12, "bad CSV row: {l}");
            let deal = cols[2]
                .parse()
                .unwrap_or_else(|_| panic!("bad deal in CSV row: {l}"));
            let fields = cols
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != 6)
                .map(|(_, c)| c.to_string())
                .collect();
            CsvRecord { deal, fields }
        })
        .collect()
}

/// The records of a dataset file, via `patience dataset export --format csv`.
#[track_caller]
pub fn export_records(dataset: &Path) -> Vec<CsvRecord> {
    csv_records(&patience(&["dataset", "export", arg(dataset), "--format", "csv"]).ok())
}
