#!/usr/bin/env python3
"""Compare patience's verdicts with Solvitaire's on the same deals.

Solvitaire (Blake & Gent, github.com/thecharlieblake/Solvitaire) is an
independent solver for perfect-information patience games.  This script takes
patience's layout of each deal (`patience deal GAME --deal N`), converts it to
Solvitaire's JSON deal format, runs Solvitaire on it with a preset game type
and a per-deal time limit, and compares the two verdicts.

Conversion: `patience deal` prints tableau piles bottom to top, one line each
("3 (spread): 3S KD 7C ..."); Solvitaire reads
{"tableau piles": [[bottom, ..., top], ...]} with ten as "10".  Piles are kept
in patience's order (Solvitaire's "diagonal deal" only matters for the
random deals it generates itself, not for a deal read from a file).

Patience's verdicts come from a results CSV written by `patience stats`
(columns game,rules_version,deal,outcome,...) given with --csv, or, without
--csv, from running `patience solve GAME --deal N --max-nodes 2000000 --json`
for each deal.

Output: one line per deal where the verdicts differ (and, with --verbose,
every deal), then a summary table: both solvers' verdict counts, agreements,
disagreements by kind, and total times.  --out FILE also writes one CSV row
per deal.

Solvitaire is not part of this repository: build it yourself, e.g.

    git clone https://github.com/thecharlieblake/Solvitaire && cd Solvitaire
    g++ -std=c++14 -O2 -DNDEBUG -Ilib/rapidjson -Ilib \\
        $(find src/main -name '*.cpp') -o solvitaire \\
        -lboost_program_options -pthread      # needs libboost-program-options-dev

Example (Simple Simon under Solvitaire's rules):

    python3 benches/vs-solvitaire.py --solvitaire /path/to/solvitaire \\
        --patience target/release/patience --game simple-simon-solvitaire \\
        --solvitaire-type simple-simon --deals 1..2000 \\
        --csv results/simple-simon-solvitaire.csv --timeout 60

--deals takes A..B, a comma-separated list, or @FILE (one deal number a
line); --only-outcome unsolvable restricts the deals to those patience's CSV
calls unsolvable.  Solvitaire's verdicts: solved, unsolvable, timed-out,
memory-limit-reached (the last two count as "unknown").  Without streamliners
Solvitaire is slow to find wins in Simple Simon; --streamliners
smart-solvability (what its --solvability mode, used for the published
percentages, does) finds them quickly and only says "unsolvable" after a full
search without streamliners.
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

RANKS = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}
for _r in "23456789":
    RANKS[_r] = _r


def parse_deals(spec):
    """A..B, a comma list, or @FILE."""
    if spec.startswith("@"):
        with open(spec[1:]) as f:
            return [int(line.split(",")[0]) for line in f if line.strip()]
    deals = []
    for part in spec.split(","):
        if ".." in part:
            a, b = part.split("..")
            deals.extend(range(int(a), int(b) + 1))
        elif part:
            deals.append(int(part))
    return deals


def convert_card(card):
    """patience's '8S', 'TH' -> Solvitaire's '8S', '10H'."""
    rank, suit = card[:-1], card[-1]
    if rank not in RANKS or suit not in "CDHS":
        raise ValueError("unexpected card %r" % card)
    return RANKS[rank] + suit


def patience_layout(patience, game, deal):
    """Tableau piles (bottom to top) of a deal, as patience deals it."""
    out = subprocess.run([patience, "deal", game, "--deal", str(deal)],
                         check=True, capture_output=True, text=True).stdout
    piles = {}
    for line in out.splitlines():
        if line.startswith(";") or ":" not in line:
            continue
        name, cards = line.split(":", 1)
        name = name.split("(")[0].strip()
        if not name.isdigit():
            # foundations etc. must be empty in a fresh deal
            if cards.split():
                raise ValueError("deal %d: non-tableau pile %r not empty" % (deal, name))
            continue
        if "#" in cards:
            raise ValueError("deal %d: face-down cards are not supported" % deal)
        piles[int(name)] = cards.split()
    layout = [piles[k] for k in sorted(piles)]
    all_cards = [c for p in layout for c in p]
    if len(all_cards) != 52 or len(set(all_cards)) != 52:
        raise ValueError("deal %d: expected 52 distinct cards, got %d" % (deal, len(all_cards)))
    return layout


def solvitaire_deal_json(layout):
    return {"tableau piles": [[convert_card(c) for c in pile] for pile in layout]}


def run_solvitaire(binary, sol_type, deal_json, timeout_s, cache_capacity, streamliners, tmpdir, deal):
    path = os.path.join(tmpdir, "deal-%d.json" % deal)
    with open(path, "w") as f:
        json.dump(deal_json, f)
    cmd = [binary, "--type", sol_type, "--classify",
           "--timeout", str(int(timeout_s * 1000))]
    if cache_capacity:
        cmd += ["--cache-capacity", str(cache_capacity)]
    if streamliners:
        cmd += ["--streamliners", streamliners]
    cmd.append(path)
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout_s + 60)
        out = proc.stdout
    except subprocess.TimeoutExpired:
        out = ""
    elapsed = time.monotonic() - start
    os.unlink(path)
    verdict = "error"
    for line in out.splitlines():
        if line.startswith(","):
            verdict = line.rsplit(",", 1)[1].strip()
    return verdict, elapsed


def run_patience(patience, game, deal, max_nodes):
    start = time.monotonic()
    out = subprocess.run([patience, "solve", game, "--deal", str(deal),
                          "--max-nodes", str(max_nodes), "--json"],
                         capture_output=True, text=True).stdout
    elapsed = time.monotonic() - start
    try:
        verdict = json.loads(out)["verdict"]
    except (ValueError, KeyError):
        verdict = "error"
    return verdict, elapsed


def norm(verdict):
    """Map both solvers' words onto solved / unsolvable / unknown."""
    if verdict in ("solved", "unsolvable"):
        return verdict
    if verdict == "error":
        return "error"
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--solvitaire", required=True, help="Solvitaire binary")
    ap.add_argument("--patience", required=True, help="patience binary")
    ap.add_argument("--game", required=True, help="patience game id")
    ap.add_argument("--solvitaire-type", required=True, help="Solvitaire --type preset")
    ap.add_argument("--deals", required=True, help="A..B, a comma list, or @FILE")
    ap.add_argument("--csv", help="patience's results CSV (patience stats); else solve each deal")
    ap.add_argument("--only-outcome", help="with --csv: keep only deals with this patience outcome")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per Solvitaire run")
    ap.add_argument("--max-nodes", type=int, default=2000000, help="patience solve --max-nodes")
    ap.add_argument("--cache-capacity", type=int, default=10000000,
                    help="Solvitaire --cache-capacity (states; bounds its memory)")
    ap.add_argument("--streamliners", help="Solvitaire --streamliners (none, both, "
                    "auto-foundations, suit-symmetry, smart-solvability: the mode of its "
                    "--solvability runs, which retries without streamliners before saying "
                    "unsolvable); default: Solvitaire's default for one deal (none)")
    ap.add_argument("--jobs", type=int, default=1, help="Solvitaire runs in parallel")
    ap.add_argument("--out", help="write one CSV row per deal here")
    ap.add_argument("--show-json", action="store_true", help="print the first converted deal")
    ap.add_argument("--verbose", action="store_true", help="print every deal, not only differences")
    args = ap.parse_args()

    deals = parse_deals(args.deals)
    ours = {}
    if args.csv:
        with open(args.csv) as f:
            for row in csv.DictReader(f):
                if row["game"] == args.game:
                    ours[int(row["deal"])] = (row["outcome"], int(row.get("micros") or 0) / 1e6)
        missing = [d for d in deals if d not in ours]
        if missing:
            sys.exit("deals not in %s: %s..." % (args.csv, missing[:5]))
        if args.only_outcome:
            deals = [d for d in deals if ours[d][0] == args.only_outcome]

    tmpdir = tempfile.mkdtemp(prefix="vs-solvitaire-")
    shown = [False]

    def one(deal):
        layout = patience_layout(args.patience, args.game, deal)
        dj = solvitaire_deal_json(layout)
        if args.show_json and not shown[0]:
            shown[0] = True
            print("deal %d as Solvitaire JSON:\n%s" % (deal, json.dumps(dj)), flush=True)
        if args.csv:
            pv, pt = ours[deal]
        else:
            pv, pt = run_patience(args.patience, args.game, deal, args.max_nodes)
        sv, st = run_solvitaire(args.solvitaire, args.solvitaire_type, dj, args.timeout,
                                args.cache_capacity, args.streamliners, tmpdir, deal)
        return deal, pv, pt, sv, st

    counts_p, counts_s, pairs = {}, {}, {}
    time_p = time_s = 0.0
    writer = None
    out_f = open(args.out, "w", newline="") if args.out else None
    if out_f:
        writer = csv.writer(out_f)
        writer.writerow(["deal", "patience", "patience_seconds", "solvitaire", "solvitaire_seconds"])
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        for deal, pv, pt, sv, st in ex.map(one, deals):
            p, s = norm(pv), norm(sv)
            counts_p[p] = counts_p.get(p, 0) + 1
            counts_s[s] = counts_s.get(s, 0) + 1
            pairs[(p, s)] = pairs.get((p, s), 0) + 1
            time_p += pt
            time_s += st
            if p != s or args.verbose:
                print("deal %d: patience %s, solvitaire %s (%.1f s)%s"
                      % (deal, pv, sv, st, "" if p == s else "  DIFFER"), flush=True)
            if writer:
                writer.writerow([deal, pv, "%.3f" % pt, sv, "%.3f" % st])
                out_f.flush()
    if out_f:
        out_f.close()
    os.rmdir(tmpdir)

    n = len(deals)
    kinds = ["solved", "unsolvable", "unknown", "error"]
    print("\n%d deals of %s (Solvitaire --type %s, timeout %g s)"
          % (n, args.game, args.solvitaire_type, args.timeout))
    print("%-12s %10s %10s" % ("verdict", "patience", "solvitaire"))
    for k in kinds:
        if counts_p.get(k) or counts_s.get(k):
            print("%-12s %10d %10d" % (k, counts_p.get(k, 0), counts_s.get(k, 0)))
    agree = sum(v for (p, s), v in pairs.items() if p == s)
    print("agreements: %d" % agree)
    print("disagreements (patience / solvitaire):")
    for (p, s), v in sorted(pairs.items()):
        if p != s:
            print("  %-10s / %-10s %6d" % (p, s, v))
    print("total time: patience %.1f s%s, solvitaire %.1f s"
          % (time_p, " (from the CSV)" if args.csv else "", time_s))


if __name__ == "__main__":
    main()
