//! The repository's own rules about its text: comments carry no dates (a tuning history
//! belongs in `docs/performance.md` or a commit message, not beside the code), and no file
//! names a path outside the repository (sources are cited by title and section instead),
//! and every mutation of `scripts/mutations.py` still finds the guard it breaks.

use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Directories never walked, wherever they are: build output, version control and tools'
/// caches (none of it is the repository's text).
const SKIPPED_DIRS: [&str; 4] = ["target", ".git", "__pycache__", ".ipynb_checkpoints"];

/// The fuzzer's own output, from the root (ignored by git, like the above).
const SKIPPED_PATHS: [&str; 2] = ["fuzz/artifacts", "fuzz/coverage"];

/// Every file under `dir` (skipping [`SKIPPED_DIRS`]), sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries =
            std::fs::read_dir(&d).unwrap_or_else(|e| panic!("cannot read {}: {e}", d.display()));
        for entry in entries {
            let entry = entry.expect("directory entry");
            let path = entry.path();
            let kind = entry.file_type().expect("file type");
            let name = entry.file_name();
            if kind.is_dir() {
                let skipped = SKIPPED_DIRS.iter().any(|s| name == *s)
                    || SKIPPED_PATHS.iter().any(|s| path == root().join(s));
                if !skipped {
                    todo.push(path);
                }
            } else if kind.is_file() && name != ".git" {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The file's text, or `None` for a file that is not text (not UTF-8, or holding a NUL).
fn text_of(path: &Path) -> Option<String> {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let text = String::from_utf8(bytes).ok()?;
    (!text.contains('\0')).then_some(text)
}

/// `path` relative to the repository's root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The comment part of a source line: from `//` (not the `//` of a URL's `://`), or for
/// TOML, shell and Python files from `#`; empty when the line has none.
fn comment_of(line: &str, hash_comments: bool) -> &str {
    let bytes = line.as_bytes();
    for i in 0..bytes.len() {
        if hash_comments && bytes[i] == b'#' {
            return &line[i..];
        }
        if !hash_comments && bytes[i..].starts_with(b"//") && (i == 0 || bytes[i - 1] != b':') {
            return &line[i..];
        }
    }
    ""
}

/// Whether `s` holds a date written YYYY-MM-DD (four digits, two, two, joined by hyphens,
/// not part of a longer run of digits).
fn holds_date(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |from: usize, n: usize| b[from..from + n].iter().all(u8::is_ascii_digit);
    (0..b.len().saturating_sub(9)).any(|i| {
        digits(i, 4)
            && b[i + 4] == b'-'
            && digits(i + 5, 2)
            && b[i + 7] == b'-'
            && digits(i + 8, 2)
            && (i == 0 || !b[i - 1].is_ascii_digit())
            && b.get(i + 10).is_none_or(|c| !c.is_ascii_digit())
    })
}

#[test]
fn date_finder_reads_dates_only() {
    let d = |y: &str, rest: &str| format!("{y}-{rest}");
    assert!(holds_date(&format!(
        "// chosen {} at 100,000 states",
        d("2026", "11-27")
    )));
    assert!(holds_date(&d("1999", "01-02")));
    assert!(!holds_date("// deals 1 to 8000, 1.32 M states"));
    assert!(!holds_date(&format!("// id {}", d("12026", "11-27"))));
    assert!(!holds_date("// 2^32 - 1 and 0-100%"));
    assert_eq!(
        comment_of("let u = \"https://x\"; // note", false),
        "// note"
    );
    assert_eq!(comment_of("a = 1 # note", true), "# note");
    assert_eq!(comment_of("let x = 1;", false), "");
    assert_eq!(comment_of("['♣', '♦'] // suits", false), "// suits");
}

/// No comment under `src/` or `solvers/src/` holds a date: the history of a rule goes to
/// `docs/performance.md` or the commit message, and the comment keeps the rule and why.
#[test]
fn no_comment_in_the_sources_holds_a_date() {
    let mut hits = Vec::new();
    for dir in ["src", "solvers/src"] {
        for path in files_under(&root().join(dir)) {
            let Some(text) = text_of(&path) else {
                continue;
            };
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let hash_comments = matches!(ext, "toml" | "sh" | "py");
            for (n, line) in text.lines().enumerate() {
                if holds_date(comment_of(line, hash_comments)) {
                    hits.push(format!("{}:{}: {}", shown(&path), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        hits.is_empty(),
        "{} comment lines hold a date (move the history to docs/performance.md):\n{}",
        hits.len(),
        hits.join("\n")
    );
}

/// What names a file outside the repository: the design card's and the games list's
/// original places, the seed texts' folder, a sibling checkout, and the machine's work
/// tree. Built from pieces so that this file does not name them itself. (A cluster's
/// shared filesystem in examples, `/shared/runs/...`, is none of these.)
fn outside_paths() -> Vec<String> {
    let shared = "shared";
    vec![
        format!("{shared}/DESIGN.md"),
        format!("{shared}/GAMES.md"),
        format!("{shared}/seeds"),
        format!("../{shared}"),
        format!("/{}/", "work"),
    ]
}

/// The repository stands alone: no text file of it names a path outside it. Sources are
/// cited by title and section ("the AisleRiot manual, 'Klondike'"; "the French course,
/// 5.2"; "the seed text on Große Napoleon").
#[test]
fn no_file_names_a_path_outside_the_repository() {
    let patterns = outside_paths();
    let mut hits = Vec::new();
    for path in files_under(&root()) {
        let Some(text) = text_of(&path) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if let Some(p) = patterns.iter().find(|p| line.contains(p.as_str())) {
                let at = line.find(p.as_str()).expect("found");
                let from = line[..at]
                    .char_indices()
                    .rev()
                    .nth(40)
                    .map_or(0, |(i, _)| i);
                let excerpt: String = line[from..].chars().take(100).collect();
                hits.push(format!("{}:{}: {}", shown(&path), n + 1, excerpt.trim()));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "{} lines name a path outside the repository (cite the source by title and section):\n{}",
        hits.len(),
        hits.join("\n")
    );
}

/// Every mutation of `scripts/mutations.py` still applies: its original text occurs exactly
/// once in its file (`--check`, which builds and runs nothing). A mutation whose guard was
/// rewritten would otherwise report "not found" and test nothing.
#[test]
fn every_mutation_still_finds_its_guard() {
    let out = std::process::Command::new("python3")
        .arg(root().join("scripts/mutations.py"))
        .arg("--check")
        .current_dir(root())
        .output()
        .expect("python3 runs scripts/mutations.py");
    assert!(
        out.status.success(),
        "stale mutations (rewrite their text in scripts/mutations.py):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
