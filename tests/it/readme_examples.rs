//! README.md's examples, run as written. Every `$ patience ...` line of a ```console block runs,
//! in order, in a scratch folder holding a copy of the repository's `boards/` (the board files
//! the examples read), and must succeed. The lines after a command that are not themselves
//! commands are its expected output, trimmed: each must appear in the command's stdout, in
//! order, other lines of the output in between allowed. A line `...` stands for omitted lines;
//! `...` inside a line stands for an omitted part of that line (a timing, say), so the parts
//! around it must appear in order within one line of the output.
//!
//! The pages under `docs/` are run the same way, each in a scratch folder of its own.
//!
//! A last test checks the README against the program's help: every subcommand the help
//! lists is named in the README, and every flag a README command uses is in that
//! subcommand's `--help`.

use std::path::Path;
use std::process::Command;

/// One README example: the command line and the output lines it must print.
struct Example {
    command: String,
    expected: Vec<String>,
}

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

/// The examples of a page's console blocks, in order.
fn examples(readme: &str) -> Vec<Example> {
    let mut in_console = false;
    let mut examples: Vec<Example> = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: cmd.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            let expected = line.trim();
            if !expected.is_empty() {
                example.expected.push(expected.to_string());
            }
        }
    }
    examples
}

/// Whether `line` holds the parts of `expected` (split at `...`) in order.
fn line_matches(line: &str, expected: &str) -> bool {
    let mut rest = line;
    for part in expected.split("...") {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// The first expected line (other than `...`) that the output does not hold in order, if any.
fn first_missing<'a>(stdout: &str, expected: &'a [String]) -> Option<&'a str> {
    let mut lines = stdout.lines();
    expected
        .iter()
        .filter(|want| want.as_str() != "...")
        .find(|want| !lines.by_ref().any(|line| line_matches(line, want)))
        .map(String::as_str)
}

#[test]
fn expected_output_matching_reads_parts_and_omissions() {
    let out = "verdict: solved\nstates: 123 in 0.5 s\nmoves: 3\n";
    let want = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert_eq!(
        first_missing(out, &want(&["verdict: solved", "moves: 3"])),
        None
    );
    assert_eq!(first_missing(out, &want(&["states: 123 in ... s"])), None);
    assert_eq!(first_missing(out, &want(&["states: 123 ..."])), None);
    assert_eq!(first_missing(out, &want(&["...", "moves: 3"])), None);
    assert_eq!(
        first_missing(out, &want(&["moves: 3", "verdict: solved"])),
        Some("verdict: solved")
    );
    assert_eq!(
        first_missing(out, &want(&["states: 124 ... s"])),
        Some("states: 124 ... s")
    );
}

#[test]
fn every_readme_example_runs_as_written() {
    let examples = examples(&readme());
    assert!(
        examples.len() >= 10,
        "README lost its examples: {:?}",
        examples.iter().map(|e| &e.command).collect::<Vec<_>>()
    );
    assert!(
        examples.iter().filter(|e| !e.expected.is_empty()).count() >= 8,
        "README shows the output of fewer than 8 examples"
    );
    run_examples("README.md", &examples);
}

/// The examples of the pages under `docs/` run as the README's do, each page in a scratch
/// folder of its own.
#[test]
fn every_docs_example_runs_as_written() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut pages = Vec::new();
    let mut folders = vec![docs.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    for page in pages {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(&docs).unwrap().display().to_string();
        run_examples(&format!("docs/{name}"), &examples(&text));
    }
}

/// Runs `examples` in order in a scratch folder holding a copy of `boards/`, and checks that
/// each succeeds, prints something (unless it writes a file), and prints what `page` shows.
fn run_examples(page: &str, examples: &[Example]) {
    if examples.is_empty() {
        return;
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_patience"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = tempfile::tempdir().unwrap();
    let boards = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards");
    std::fs::create_dir(dir.path().join("boards")).unwrap();
    for entry in std::fs::read_dir(&boards).unwrap() {
        let from = entry.unwrap().path();
        std::fs::copy(
            &from,
            dir.path().join("boards").join(from.file_name().unwrap()),
        )
        .unwrap();
    }
    for Example { command, expected } in examples {
        assert!(
            command.starts_with("patience "),
            "{page}: example is not a patience command: {command}"
        );
        let out = Command::new("bash")
            .arg("-c")
            .arg(command)
            .current_dir(dir.path())
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{page}: example failed: {command}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let wrote_file = command.contains('>') || command.contains("--out");
        assert!(
            wrote_file || !stdout.is_empty(),
            "{page}: example printed nothing: {command}"
        );
        if let Some(missing) = first_missing(&stdout, expected) {
            panic!(
                "{page}: example's output differs: {command}\n\
                 this line of the page (or the ones before it, in order) is not in the output:\n\
                 {missing}\nthe output:\n{stdout}"
            );
        }
    }
}

/// The help text of `patience ARGS... --help`.
fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "patience {args:?} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommand names a help text lists under "Commands:" (`help` left out).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn readme_agrees_with_the_help() {
    let readme = readme();
    let top = help(&[]);
    let commands = subcommands(&top);
    assert!(commands.len() >= 10, "patience --help lists {commands:?}");
    let dataset = subcommands(&help(&["dataset"]));
    for name in &commands {
        assert!(
            readme.contains(&format!("patience {name}")),
            "patience --help lists `{name}`, which README.md never names as `patience {name}`"
        );
    }
    for name in &dataset {
        assert!(
            readme.contains(&format!("dataset {name}")),
            "patience dataset --help lists `{name}`, which README.md never names as `dataset {name}`"
        );
    }
    // Every command line of the README: the console examples, and the inline code outside
    // code blocks that starts with `patience` or a subcommand (`stats --shard I/N`).
    let mut lines: Vec<String> = examples(&readme).into_iter().map(|e| e.command).collect();
    let mut prose = String::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
        } else if !in_block {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    for (i, span) in prose.split('`').enumerate() {
        let first = span.split_whitespace().next().unwrap_or("");
        if i % 2 == 1 && commands.iter().any(|c| c == first) {
            lines.push(format!("patience {span}"));
        } else if i % 2 == 1 && first == "patience" {
            lines.push(span.to_string());
        }
    }
    for line in &lines {
        // Each command of a pipeline or list is read on its own.
        for part in line.split(['|', ';', '&']) {
            let words: Vec<&str> = part.split_whitespace().collect();
            let Some(at) = words.iter().position(|w| *w == "patience") else {
                continue;
            };
            let mut args = words[at + 1..].iter().copied();
            let Some(sub) = args.next() else { continue };
            if !sub.chars().all(|c| c.is_ascii_lowercase() || c == '-') || sub.starts_with('-') {
                continue; // `patience --help`, `patience COMMAND --help`: no subcommand named
            }
            assert!(
                commands.iter().any(|c| c == sub),
                "README runs `patience {sub}`, which patience --help does not list: {line}"
            );
            let mut path = vec![sub];
            if sub == "dataset" {
                let Some(action) = args.next() else { continue };
                assert!(
                    dataset.iter().any(|c| c == action),
                    "README runs `patience dataset {action}`, which is not a dataset subcommand: {line}"
                );
                path.push(action);
            }
            let text = help(&path);
            for flag in args.filter(|w| w.starts_with("--")) {
                let flag = flag.split('=').next().unwrap();
                assert!(
                    text.contains(&format!("{flag} ")) || text.contains(&format!("{flag}\n")),
                    "README uses `{flag}` with `patience {}`, which its --help does not list: {line}",
                    path.join(" ")
                );
            }
        }
    }
}
