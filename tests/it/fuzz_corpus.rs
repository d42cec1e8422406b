//! The fuzz targets' kept corpus (`fuzz/corpus/<target>/`) replayed through the same checks
//! the targets run (`fuzz/checks.rs`), so every input the fuzzer once found interesting,
//! and every crash it found and we fixed, stays checked by `cargo test`.

#[path = "../../fuzz/checks.rs"]
mod checks;

use crate::common::{arg, patience};
use std::path::Path;

/// Engine steps per input here: the fuzzer plays as many as the input has bytes; the
/// replay keeps the whole test to a few seconds.
const MAX_STEPS: usize = 64;

/// Runs `check` on every file of `fuzz/<dir>` and returns how many there were.
fn replay(dir: &str, check: impl Fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    files.sort();
    for f in &files {
        let data = std::fs::read(f).unwrap_or_else(|e| panic!("cannot read {}: {e}", f.display()));
        // The panic's own message is printed by the hook; this names the input.
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&data))).is_err() {
            panic!("{}: the check failed (message above)", f.display());
        }
    }
    files.len()
}

#[test]
fn board_text_corpus() {
    let n = replay("corpus/board_text", checks::board_text);
    assert!(n >= 50, "only {n} board_text inputs");
}

#[test]
fn fcs_text_corpus() {
    let n = replay("corpus/fcs_text", checks::fcs_text);
    assert!(n >= 50, "only {n} fcs_text inputs");
}

#[test]
fn rules_toml_corpus() {
    let n = replay("corpus/rules_toml", checks::rules_toml);
    assert!(n >= 40, "only {n} rules_toml inputs");
}

#[test]
fn engine_vs_referee_corpus() {
    let n = replay("corpus/engine_vs_referee", |d| {
        checks::engine_vs_referee(d, MAX_STEPS)
    });
    assert!(n >= 40, "only {n} engine_vs_referee inputs");
}

#[test]
fn lean_vs_engine_corpus() {
    let n = replay("corpus/lean_vs_engine", |d| {
        checks::lean_vs_engine(d, MAX_STEPS)
    });
    assert!(n >= 40, "only {n} lean_vs_engine inputs");
}

/// Found by `rules_toml`: a rules id holding a newline is refused, and the message that
/// quotes it still takes the one error line.
#[test]
fn a_rules_id_with_a_newline_is_refused_on_one_line() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let rules = dir.path().join("rules.toml");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/presets/scorpion.toml"),
    )
    .expect("the Scorpion preset");
    let text = text.replacen("id = \"scorpion\"", "id = \"scorpi\\n\"", 1);
    assert!(text.contains("scorpi\\n"), "the preset's id line changed");
    std::fs::write(&rules, text).expect("write the rules file");
    let line =
        patience(&["solve", "scorpion", "--rules", arg(&rules), "--deal", "1"]).one_line_error();
    assert!(line.contains("the id must be"), "{line}");
}

// Defects the fuzzer found, fixed: their inputs are in the corpus (replayed above) and
// their command lines give the one error line.

/// Cruel's tableau holding more cards than its redeal lays out (an fc-solve board with the
/// Aces off their foundations): the engine's redeal lost the extra cards while the referee
/// refused it. The board is now refused when read.
#[test]
fn cruel_board_with_more_cards_than_the_redeal_lays_out_is_refused() {
    let board = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus/fcs_text/cruel-redeal-more-cards-than-the-piles-hold");
    let line = patience(&[
        "solve",
        "cruel",
        "--board",
        arg(&board),
        "--max-nodes",
        "1000",
    ])
    .one_line_error();
    assert!(
        line.contains("more than the 48 a redeal lays out"),
        "{line}"
    );
}

/// Rules naming PySol's FreeCell layout (eight piles, four cells) for a game of two piles:
/// `--pysol N` laid the eight piles out on too few places and panicked. Such rules are now
/// refused when read.
#[test]
fn rules_with_a_pysol_layout_of_another_shape_are_refused() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/soundness/pysol-layout-with-more-piles-than-the-game.toml");
    let line = patience(&[
        "solve",
        "pysol-shape",
        "--rules",
        arg(&rules),
        "--pysol",
        "1",
    ])
    .one_line_error();
    assert!(
        line.contains("PySol's layout 'freecell' has 8 piles"),
        "{line}"
    );
}
