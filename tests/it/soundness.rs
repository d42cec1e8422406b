//! Soundness: regressions for wrong proofs, and the engine checked against a plain search
//! over the referee's own layouts that canonicalises nothing.

use crate::common::{arg, data_dir, json, patience};

/// Issue 14: with a stock dealt onto every pile, the piles' order decides which pile gets
/// which card, so the engine may not treat them as interchangeable. The first board was
/// "proven" unsolvable; moving the spade run into the empty pile 2 gives the second, won.
#[test]
fn a_stock_dealt_onto_every_pile_keeps_the_piles_apart() {
    let dir = data_dir().join("soundness");
    let rules = dir.join("tiny-spider.toml");
    for board in ["tiny-spider-1.txt", "tiny-spider-2.txt"] {
        let out = patience(&[
            "solve",
            "tiny-spider",
            "--rules",
            arg(&rules),
            "--board",
            arg(&dir.join(board)),
            "--json",
        ])
        .ok();
        let v = json(&out);
        assert_eq!(v["verdict"], "solved", "{board}: {out}");
    }
}
