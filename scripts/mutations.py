#!/usr/bin/env python3
"""Mutation check of the engine's reductions: disable one guard at a time, run the soundness
tests, and report whether they fail (they must). Each mutation replaces one exact piece of
source; the file is restored afterwards, whatever happens. Refuses to touch a file with
uncommitted changes.

    python3 scripts/mutations.py [NAME ...]
    python3 scripts/mutations.py --check [NAME ...]

With --check nothing is built or run: each mutation's original text must occur exactly once
in its file (a mutation whose text the code no longer holds tests nothing). One line per
stale mutation; exit status 1 if any, else 0. tests/it/repository.rs runs it.
"""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "src/games/tableau"
KEY = f"{ENGINE}/key.rs"
MOVEGEN = f"{ENGINE}/movegen.rs"
DOMINANCE = f"{ENGINE}/dominance.rs"
DEAD_END = f"{ENGINE}/dead_end.rs"
REFEREE = "src/verify/tableau.rs"
SUPERMOVES = f"{ENGINE}/supermoves.rs"
RULES = f"{ENGINE}/rules.rs"
LEAN = f"{ENGINE}/lean.rs"

# name: (file, what the guard is, original text, mutated text)
MUTATIONS = {
    "run-set-no-home-from-under": (
        MOVEGEN,
        "with runs keyed as sets, a run card goes home from under the cards above it",
        "        if self.feat.run_sets && home_mask != Some(0) {\n            for p in 0..np {",
        "        if false && self.feat.run_sets && home_mask != Some(0) {\n            for p in 0..np {",
    ),
    "run-set-key-without-lengths": (
        KEY,
        "with runs keyed as sets, each pile's part of the key holds how many cards lie fixed under its run",
        "((pile[0] & !DOWN, fixed as u8), run)",
        "((pile[0] & !DOWN, 0), run)",
    ),
    "linked-key-cells-as-home": (
        KEY,
        "the linked key tells a card in a cell from a card home",
        "const LINK_CELL: u8 = 53;",
        "const LINK_CELL: u8 = 54;",
    ),
    "supermoves-carry-too-many": (
        SUPERMOVES,
        "a supermove is written out parking no more cards than the other piles can carry",
        "let half = (cells.len() + 1) << rest.len();",
        "let half = (cells.len() + 1) << (rest.len() + 1);",
    ),
    "unlimited-waste-any-end-merged": (
        KEY,
        "with unlimited redeals only the waste's ends a pass from the start stops at share the start's key",
        "(s.waste.is_multiple_of(d) || s.waste == s.stock)",
        "(s.waste.is_multiple_of(d) || s.waste == s.stock || s.waste + 1 == s.stock)",
    ),
    "piles-symmetric-with-stock": (
        KEY,
        "piles keep their order while cards wait in the stock",
        "        f.redeal != 0 || (f.deal_to != 0 && s.stock > 0)\n    }",
        "        f.redeal != 0\n            || (f.deal_to != 0\n                && s.stock > 0\n                && (f.deal_to as usize != self.rules.piles()\n                    || !s.stock.is_multiple_of(f.deal_to)))\n    }",
    ),
    "first-empty-pile-always": (
        MOVEGEN,
        "every empty pile is a destination when the piles' order counts",
        "let empty_target = |to: usize| ordered || Some(to) == first_empty_pile;",
        "let empty_target = |to: usize| Some(to) == first_empty_pile;",
    ),
    "never-whole-pile-to-empty": (
        MOVEGEN,
        "a whole pile moves into an empty one when the piles' order counts",
        "let most = pile.len() - usize::from(!ordered);",
        "let most = pile.len() - 1;",
    ),
    "autoplay-with-redeal": (
        DOMINANCE,
        "no move is forced with a redeal",
        "        !(self.feat.redeal != 0\n            || self.feat.no_empty",
        "        !(self.feat.no_empty",
    ),
    "autoplay-ignores-returns": (
        DOMINANCE,
        "with foundation returns, autoplay waits for the cards that could come back",
        "        if self.feat.returns {\n            return self.safe_home_returning(home, c);\n        }",
        "",
    ),
    "stock-card-forced-from-deep-with-limited-redeals": (
        DOMINANCE,
        "a card goes home by force from deeper in the stock than its next card only with no limit on redeals",
        "        if self.feat.waste_redeals != UNLIMITED {\n            // The stock's next card only",
        "        if false {\n            // The stock's next card only",
    ),
    "stock-card-forced-three-a-turn": (
        DOMINANCE,
        "a card goes home by force from the stock only when the stock turns one card at a time",
        "        if self.feat.draw != 1 {\n            return None;\n        }\n        let talon = s.talon();",
        "        if self.feat.draw == 0 {\n            return None;\n        }\n        let talon = s.talon();",
    ),
    "autoplay-any-suit": (
        DOMINANCE,
        "a card goes home only when no card in play could be built on it",
        "                || home[suit.index()] >= r - 1\n",
        "                || home[suit.index()] + 1 >= r - 1\n",
    ),
    "autoplay-returns-next-card-two-short": (
        DOMINANCE,
        "with returns and one deck, a card of the set may be in play only as its suit's next card",
        "let short = u8::from(self.next_cards_may_stay());",
        "let short = 2 * u8::from(self.next_cards_may_stay());",
    ),
    "autoplay-next-card-two-short": (
        DOMINANCE,
        "without returns and with one deck, a card of the set may be in play only as its suit's next card",
        "self.next_cards_may_stay() && self.low_set_home(home, c, 1)",
        "self.next_cards_may_stay() && self.low_set_home(home, c, 2)",
    ),
    "straight-back-one-guest-short": (
        DOMINANCE,
        "a card back from home is left out only when the autoplay would send it straight back",
        "        self.safe_home(&after, c)\n    }",
        "        self.safe_home(&after.map(|h| h + 1), c)\n    }",
    ),
    "autoplay-two-decks-guest-one-short": (
        DOMINANCE,
        "with two decks, a guest goes home on its own only with its lower foundation one below it",
        "if home[card.suit_unchecked().index()] + 1 < r {",
        "if home[card.suit_unchecked().index()] + 2 < r {",
    ),
    "helper-cap-off-by-one": (
        MOVEGEN,
        "a run goes home only while fewer than the cap are there",
        "s.home_count() / 13 < u32::from(self.run_cap)",
        "s.home_count() / 13 <= u32::from(self.run_cap)",
    ),
    "reserve-cover-ignored": (
        MOVEGEN,
        "no reserve stack's top card is free while a card lies across the reserve",
        "if self.feat.cover && s.len[first + stacks] > 0 {",
        "if false && self.feat.cover && s.len[first + stacks] > 0 {",
    ),
    "reserve-card-into-empty-pile": (
        MOVEGEN,
        "a reserve card fills an empty pile only where the rules say (not in Backbone)",
        "let to_empty = self.feat.reserve_to_empty && others_fill;",
        "let to_empty = others_fill;",
    ),
    "reserve-left-out-of-key": (
        KEY,
        "the key holds the reserve's piles",
        "for (&at, &len) in starts[n..n + reserve].iter().zip(&s.len[n..n + reserve]) {",
        "for (&at, &len) in starts[n..n + reserve.min(0)].iter().zip(&s.len[n..n + reserve]) {",
    ),
    "referee-reserve-into-empty-pile": (
        REFEREE,
        "the referee lets a reserve card fill an empty pile only where the rules say",
        "if table.piles[to].is_empty() && !reserve.to_empty {",
        "if table.piles[to].is_empty() && !reserve.to_empty && false {",
    ),
    "home-suit-stuck-too-eager": (
        DOMINANCE,
        "a position is taken as lost only when a pile's cards of the one home suit are out of the foundation's order",
        "let ok = last.is_none_or(|l| place > l);",
        "let ok = last.is_none_or(|l| place > l + 1);",
    ),
    "dead-end-without-carried-cards": (
        DEAD_END,
        "a card carried in a group by the face-up card under it leaves with it",
        "let carried = feat.groups && b != NONE",
        "let carried = false && b != NONE",
    ),
    "dead-end-talon-cards-never-land": (
        DEAD_END,
        "a card off the tableau may be played onto a pile and then take cards",
        "let land = guests & may_land & !landed;",
        "let land = 0 & may_land & !landed;",
    ),
    "dead-end-put-cards-not-tops": (
        DEAD_END,
        "a card the rules put onto a pile (a deal onto every pile, a pile filled from the talon) may be a top",
        "        if feat.deal_to > 0 || feat.talon_fills || feat.reserve_fills {\n            onto |= may_land;",
        "        if false {\n            onto |= may_land;",
    ),
    "dead-end-verdicts-any-rules": (
        DEAD_END,
        "a kept dead-end verdict is read under other rules",
        ".filter(|k| k.rules == rules && k.layout == *layout)",
        ".filter(|k| k.layout == *layout)",
    ),
    "dead-end-verdicts-by-lengths": (
        DEAD_END,
        "a kept dead-end verdict is read for any layout of the same pile lengths",
        ".filter(|k| k.rules == rules && k.layout == *layout)",
        ".filter(|k| k.rules == rules && k.layout[..MAX_PILES] == layout[..MAX_PILES])",
    ),
    "cards-on-home-suit": (
        RULES,
        "no card lies on a card of the one suit with a foundation",
        "            || self.plays_only_home(base)\n",
        "",
    ),
    "referee-home-suit-in-group": (
        REFEREE,
        "the referee moves no card of the one suit with a foundation onto a pile",
        "if let Some(c) = group.iter().find(|c| c.suit() == Some(only)) {",
        "if let Some(c) = group.iter().skip(1).find(|c| c.suit() == Some(only)) {",
    ),
    "whole-pile-any-group": (
        MOVEGEN,
        "where only whole piles move, no part of a pile moves onto another",
        "return k == run && run == pile.len();",
        "return k <= run;",
    ),
    "waste-fills-with-a-reserve-stack-empty": (
        MOVEGEN,
        "the waste fills an empty pile only once every reserve stack is empty",
        "|| (first..first + usize::from(self.feat.reserve)).all(|p| s.len[p] == 0);",
        "|| (first..first + usize::from(self.feat.reserve)).any(|p| s.len[p] == 0);",
    ),
    "moves-before-the-reserve-base": (
        MOVEGEN,
        "until the base is chosen from the reserve only reserve cards move",
        "if self.feat.base_from_reserve && s.base == 0 {",
        "if self.feat.base_from_reserve && s.base == 0 && s.stock == 0 {",
    ),
    "referee-single-card-of-a-pile": (
        REFEREE,
        "the referee moves only whole piles between piles where the rules say so",
        "            && k != src.len()\n",
        "            && k != src.len()\n            && k > 1\n",
    ),
    "colour-foundation-any-class": (
        MOVEGEN,
        "a foundation in alternate colours takes only the colour its top card is not",
        "return s.colour_heights(colour_class(c)).contains(&(r - 1));",
        "return s.colour_heights(0).contains(&(r - 1)) || s.colour_heights(1).contains(&(r - 1));",
    ),
    "talon-fills-from-the-stock-first": (
        MOVEGEN,
        "an emptied pile takes the waste's top card before the stock's",
        "let card = n.take_from_talon(n.waste_len().saturating_sub(1));",
        "let card = n.take_from_talon(n.waste_len());",
    ),
    "referee-colour-foundation-same-colour": (
        REFEREE,
        "the referee puts a card only onto a foundation whose top card is of the other colour",
        "top.suit_unchecked().color() != colour\n",
        "top.suit_unchecked().color() == colour\n",
    ),
    "cells-sorted-as-one": (
        KEY,
        "the key keeps every cell's card",
        "cells[..nc].sort_unstable();\n        k[i..i + MAX_CELLS].copy_from_slice(&cells);",
        "cells[..nc].sort_unstable();\n        let first = cells[0];\n        cells[..nc].fill(first);\n        k[i..i + MAX_CELLS].copy_from_slice(&cells);",
    ),
    "lean-talon-set-wrong-bit": (
        LEAN,
        "the fast path takes a card played from the talon out of the talon's set (the key's), and only that card",
        "t.talon_set &= !(1 << (card & !DOWN));",
        "t.talon_set &= !(2 << (card & !DOWN));",
    ),
}

TESTS = [
    ["cargo", "test", "--workspace", "--lib", "--", "games::tableau"],
    ["cargo", "test", "--workspace", "--test", "it", "--", "differential::", "soundness::",
     "runs_home::", "tableau_features::", "tableau_engine::"],
]


def dirty(path):
    out = subprocess.run(["git", "status", "--porcelain", "--", path], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return bool(out.strip())


def stale(name):
    """Why mutation `name` cannot be applied (its original text is not in its file exactly
    once), or None when it can."""
    path, _, old, new = MUTATIONS[name]
    file = ROOT / path
    if not file.is_file():
        return f"{name}: {path} is not a file (update this script)"
    found = file.read_text().count(old)
    if found != 1:
        return f"{name}: the guard's text is not found once in {path} ({found} times; update this script)"
    if old == new:
        return f"{name}: the mutated text is the original (update this script)"
    return None


def run(name):
    path, guard, old, new = MUTATIONS[name]
    file = ROOT / path
    text = file.read_text()
    why = stale(name)
    if why:
        return why
    file.write_text(text.replace(old, new))
    try:
        for cmd in TESTS:
            r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
            if r.returncode != 0:
                failed = [l for l in r.stdout.splitlines() if l.startswith("test ") and l.endswith("FAILED")]
                if not failed and "error[" in r.stderr:
                    return f"{name}: the mutant does not compile (no verdict)"
                return f"{name}: caught ({guard}) by {', '.join(l[5:-len(' ... FAILED')] for l in failed) or 'a build error'}"
        return f"{name}: NOT CAUGHT ({guard})"
    finally:
        file.write_text(text)


def main():
    args = sys.argv[1:]
    check = "--check" in args
    names = [a for a in args if a != "--check"] or list(MUTATIONS)
    unknown = [n for n in names if n not in MUTATIONS]
    if unknown:
        print(f"mutations.py: unknown mutation {unknown[0]} (known: {', '.join(MUTATIONS)})", file=sys.stderr)
        return 2
    if check:
        lines = [why for why in map(stale, names) if why]
        for line in lines:
            print(line)
        return 1 if lines else 0
    for n in names:
        if dirty(MUTATIONS[n][0]):
            print(f"mutations.py: {MUTATIONS[n][0]} has uncommitted changes; commit them first", file=sys.stderr)
            return 2
    missed = 0
    for n in names:
        line = run(n)
        print(line, flush=True)
        missed += "NOT CAUGHT" in line or "not found" in line
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
