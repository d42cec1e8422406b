//! Runs every `$ patience ...` line of README.md's console blocks, in order, in a scratch
//! folder holding a copy of the repository's `boards/` (the board files the examples read),
//! and checks that each succeeds and prints something.

use std::path::Path;
use std::process::Command;

#[test]
fn every_readme_example_runs_as_written() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let mut in_console = false;
    let mut examples = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        if in_console {
            if let Some(cmd) = line.strip_prefix("$ ") {
                examples.push(cmd.to_string());
            }
        }
    }
    assert!(
        examples.len() >= 10,
        "README lost its examples: {examples:?}"
    );
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
    for cmd in &examples {
        assert!(
            cmd.starts_with("patience "),
            "example is not a patience command: {cmd}"
        );
        let out = Command::new("bash")
            .arg("-c")
            .arg(cmd)
            .current_dir(dir.path())
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "README example failed: {cmd}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let wrote_file = cmd.contains('>') || cmd.contains("--out") || cmd.contains("--csv");
        assert!(
            wrote_file || !out.stdout.is_empty(),
            "README example printed nothing: {cmd}"
        );
    }
}
