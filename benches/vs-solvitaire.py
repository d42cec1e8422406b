#!/usr/bin/env python3
"""Compare patience's verdicts with Solvitaire's on the same deals.

Solvitaire (Blake & Gent, github.com/thecharlieblake/Solvitaire) is an
independent solver for perfect-information patience games.  This script takes
patience's layout of each deal in Solvitaire's JSON deal format
(`patience deal GAME --deal N --solvitaire`), runs Solvitaire on it with a
preset game type and a per-deal time limit, and compares the two verdicts.

The JSON holds the tableau piles bottom to top (face-down cards with a
lower-case suit letter, "3d"), the foundations' cards, the reserve (King
Albert's) and the stock, its first card to deal last; src/games/tableau/
solvitaire.rs describes the format.  Positions it cannot hold (cards in free
cells, as in Eight Off's deals) are refused by patience, and the deal counts
as an error.  Piles are kept in patience's order (Solvitaire's "diagonal deal"
only matters for the random deals it generates itself, not for a deal read
from a file).  --check-layout also runs Solvitaire briefly on each deal and
checks that the tableau it prints is the one written (every face-up card in
its place, face-down cards as "##" or, in games Solvitaire deals face up, as
the card).

Patience's verdicts come from a results CSV written by `patience stats`
(columns game,rules_version,deal,outcome,...) given with --csv, or, without
--csv, from running `patience solve GAME --deal N --max-nodes 2000000 --json`
for each deal.

Output: one line per deal where the verdicts differ (and, with --verbose,
every deal), then a summary table: both solvers' verdict counts, agreements,
disagreements by kind, and total times.  --out FILE also writes one CSV row
per deal.

Solvitaire is not part of this repository: build it from a checkout of its public
repository with `bash benches/build-solvitaire.sh PATH` (its solver's sources compiled as
its release build, without the CMake step that downloads googletest; the script prints the
binary's path) and give this script the binary.

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

from bench_common import parse_deals


def patience_deal_json(patience, game, deal):
    """The deal as Solvitaire's JSON (text), written by `patience deal --solvitaire`."""
    proc = subprocess.run([patience, "deal", game, "--deal", str(deal), "--solvitaire"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise ValueError("deal %d: %s" % (deal, proc.stderr.strip()))
    return proc.stdout


def solvitaire_tableau(binary, sol_type, path):
    """The tableau piles (bottom to top) as Solvitaire prints the deal it read."""
    out = subprocess.run([binary, "--type", sol_type, "--timeout", "1", path],
                         capture_output=True, text=True, timeout=120).stdout
    rows, inside = [], False
    for line in out.splitlines():
        if line.startswith("--- ") or line.startswith("==="):
            if inside:
                break
            inside = line.startswith("--- Tableau Piles")
        elif inside:
            rows.append(line.split("\t"))
    if not rows:
        return None
    width = max(len(r) for r in rows)
    piles = [[] for _ in range(width)]
    for r in rows:
        for j, c in enumerate(r):
            if c and c != "[]":
                piles[j].append(c)
    return piles


def layout_matches(ours, theirs):
    """Whether Solvitaire's printed tableau is ours: face-up cards equal, face-down
    ones shown as ## or (in games it deals face up) as the card."""
    if theirs is None or len(theirs) != len(ours):
        return False
    for p, q in zip(ours, theirs):
        if len(p) != len(q):
            return False
        for c, d in zip(p, q):
            up = c[:-1].upper() + c[-1].upper()
            if c[-1].islower():
                if d not in ("##", up):
                    return False
            elif d != up:
                return False
    return True


def run_solvitaire(binary, sol_type, path, timeout_s, cache_capacity, streamliners):
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
    ap.add_argument("--check-layout", action="store_true",
                    help="check that Solvitaire prints each deal's tableau as written")
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
        if args.csv:
            pv, pt = ours[deal]
        else:
            pv, pt = run_patience(args.patience, args.game, deal, args.max_nodes)
        try:
            text = patience_deal_json(args.patience, args.game, deal)
        except ValueError as e:
            print(e, flush=True)
            return deal, pv, pt, "error", 0.0
        if args.show_json and not shown[0]:
            shown[0] = True
            print("deal %d as Solvitaire JSON:\n%s" % (deal, text), flush=True)
        path = os.path.join(tmpdir, "deal-%d.json" % deal)
        with open(path, "w") as f:
            f.write(text)
        try:
            if args.check_layout:
                ours_piles = json.loads(text)["tableau piles"]
                theirs = solvitaire_tableau(args.solvitaire, args.solvitaire_type, path)
                if not layout_matches(ours_piles, theirs):
                    print("deal %d: Solvitaire read another tableau: %s"
                          % (deal, theirs if theirs else "(it printed none)"), flush=True)
                    return deal, pv, pt, "error", 0.0
            sv, st = run_solvitaire(args.solvitaire, args.solvitaire_type, path, args.timeout,
                                    args.cache_capacity, args.streamliners)
        finally:
            os.unlink(path)
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
