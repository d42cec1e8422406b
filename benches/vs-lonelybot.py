#!/usr/bin/env python3
"""Compare patience's Klondike verdicts with lonelybot's on lonelybot's own deals.

lonelybot (Vuong Hy, github.com/vuonghy2442/lonelybot, Rust) is the strongest open
solver of thoughtful Klondike.  Its command-line program `lonecli` deals from a seed
(`lonecli print SEED_TYPE N` prints the deal as JSON, `lonecli solve SEED_TYPE N DRAW`
solves it); it reads no deal files.  For every deal this script

  1. gets the deal from `lonecli print SEED_TYPE N` and rewrites its one non-Solvitaire
     key (see below) so that `patience solve --board` reads it;
  2. checks the layout (unless --no-layout-check): the tableau and stock as patience reads
     the JSON (`patience show --max-nodes 1 --reveal`, the page's start position) must be
     the game lonelybot plays (`lonecli play`'s first screen: the stock in dealing order,
     the face-up cards and the number of face-down cards of every pile);
  3. solves it with lonelybot (`lonecli solve SEED_TYPE N DRAW`, one search thread; it
     has no time limit of its own, so it gets SIGINT after --timeout seconds, which makes
     it stop and print "Terminated", and SIGKILL 10 s later) and with
     `patience solve GAME --board deal.json --max-time T --json` (one thread);
  4. replays every winning line, lonelybot's (its standard notation, `7H:D>2`, `=`) and
     ours, on the layout patience read with a small referee of its own (draw N,
     unlimited redeals, cards back from the foundations, Kings alone into empty piles,
     any face-up run moves), unless --no-line-check.

Then it prints a table: each solver's solved / unsolvable / unknown (and error) counts
and total wall time, and every deal where the verdicts differ.  A deal one solver
calls solved and the other unsolvable is a bug in one of them; the table lists each.

lonelybot's rules (src/deck.rs, src/state.rs, src/standard.rs): draw DRAW (1 or 3,
any n works), unlimited redeals (the waste turns back whenever the stock is empty, with
no counter in the state), cards may come back from the foundations (its README: it
"cannot disallow worrying back"), only Kings into empty piles, any face-up run moves, all
cards known (thoughtful).  That is our `klondike` (draw 3) and `klondike-draw1`; the
redeal-limited presets have no lonelybot counterpart, so --game takes only those two
unless --draw is given.  "Impossible" (unsolvable) means its depth-first search with a
transposition table, its dominances and move pruning, ran out of moves; "Terminated" is
our "unknown".

lonelybot's JSON: piles bottom card first, lower-case suit = face down, "stock" with the
first card dealt last (as Solvitaire and patience have it), "waste", and
"foundation": four lists of cards, one per suit (Solvitaire's older form; its schema now
names the key "foundations" and gives it one flat list).  patience reads both forms, so
lonelybot's file goes to it as printed.

Seeds: --seed-type solvitaire (default) is lonelybot's re-implementation of Solvitaire's
Mersenne-Twister deal generator (its README's 1M-deal rate uses it); lonelybot's `default`
seeds Rust's SmallRng, which changes with the rand crate's version; klondike-solver,
greenfelt, exact and microsoft are there too.

lonelybot is not part of this repository: build its lonecli from a checkout of its public
repository with `bash benches/build-lonelybot.sh PATH` (its own release build; the script
prints the binary's path) and give this script the binary.

    python3 benches/vs-lonelybot.py --lonelybot /path/to/lonecli \\
        --patience target/release/patience --deals 1..100 --timeout 10 \\
        [--game klondike-draw1] [--csv out.csv]
"""

import argparse
import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from bench_common import parse_deals

DRAW_OF_GAME = {"klondike": 3, "klondike-draw1": 1}
SUIT_OF_SYMBOL = {"\u2665": "H", "\u2666": "D", "\u2663": "C", "\u2660": "S"}
RED = {"H", "D"}
ANSI = re.compile(r"\x1b\[[0-9;]*m")
HOME_LABELS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


# ---------------------------------------------------------------- cards


def card(text):
    """(rank 1..13, suit letter) of "10H", "TS", "AS", "10\u2660", "#6H" (face down)."""
    text = text.lstrip("#")
    suit = SUIT_OF_SYMBOL.get(text[-1], text[-1].upper())
    r = text[:-1].upper()
    rank = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}.get(r)
    if rank is None:
        rank = int(r)
    if not 1 <= rank <= 13 or suit not in "CDHS":
        raise ValueError("not a card: %r" % text)
    return rank, suit


def name(c):
    return "%s%s" % ({1: "A", 11: "J", 12: "Q", 13: "K"}.get(c[0], str(c[0])), c[1])


# ---------------------------------------------------------------- lonelybot


def lonelybot_json(lonelybot, seed_type, deal):
    """lonelybot's deal as it prints it (patience reads it as it is), twice: as printed and
    as given to patience."""
    proc = subprocess.run([lonelybot, "print", seed_type, str(deal)],
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise ValueError("lonecli print %s %d: %s" % (seed_type, deal, proc.stderr.strip()))
    raw = json.loads(proc.stdout)
    return raw, raw


def lonelybot_screen(lonelybot, seed_type, deal, draw):
    """The first screen of `lonecli play`: (stock in dealing order, piles as lists of
    card or None for a face-down card).  `play` waits for moves on standard input and
    loops on end of file, so it is stopped once the screen is read."""
    env = dict(os.environ, NO_COLOR="1")
    proc = subprocess.Popen([lonelybot, "play", seed_type, str(deal), str(draw)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env)
    lines = []
    try:
        for line in proc.stdout:
            lines.append(ANSI.sub("", line.rstrip("\n")))
            if line.startswith("Hash:") or len(lines) > 60:
                break
    finally:
        proc.kill()
        proc.wait()
    stock = [card(m.group(2)) for m in re.finditer(r"[ >+](\d+) (\S+)", " " + lines[0])]
    head = next(i for i, l in enumerate(lines) if l.startswith("5\t6\t7"))
    piles = [[] for _ in range(7)]
    for row in lines[head + 1:]:
        cells = row.split("\t")[:7]
        if len(cells) < 7 or all(c.strip() == "" for c in cells):
            break
        for j, c in enumerate(cells):
            c = c.strip()
            if c == "**":
                piles[j].append(None)
            elif c:
                piles[j].append(card(c))
    return stock, piles


def run_lonelybot(lonelybot, seed_type, deal, draw, timeout_s):
    """(verdict, wall seconds, its own "Run in" seconds, standard-notation line)."""
    start = time.monotonic()
    proc = subprocess.Popen([lonelybot, "solve", seed_type, str(deal), str(draw)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)  # one SIGINT: its search stops, "Terminated"
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
    elapsed = time.monotonic() - start
    verdict, own, line = "error", None, None
    for text in out.splitlines():
        text = text.strip()
        if text.startswith("Run in "):
            own = float(text.split()[2]) / 1000.0
        elif text == "Impossible":
            verdict = "unsolvable"
        elif text.startswith("Solvable in"):
            verdict = "solved"
        elif text == "Terminated":
            verdict = "unknown"
        elif text == "Crashed":
            verdict = "error"
        elif "\u25b8" in text:  # the standard notation: "7\u2665:D\u25b82  =  ..."
            line = text.split()
    if verdict == "error" and proc.returncode != 0:
        sys.stderr.write("deal %d: lonecli exit %s: %s\n"
                         % (deal, proc.returncode, err.strip()[-300:]))
    return verdict, elapsed, own, line


# ---------------------------------------------------------------- patience


def run_patience(patience, game, path, timeout_s):
    """(verdict, wall seconds, its own seconds, line, states expanded)."""
    start = time.monotonic()
    try:
        proc = subprocess.run([patience, "solve", game, "--board", path,
                               "--max-time", str(timeout_s), "--json"],
                              capture_output=True, text=True, timeout=timeout_s + 120)
    except subprocess.TimeoutExpired:
        return "unknown", time.monotonic() - start, None, None, None
    elapsed = time.monotonic() - start
    try:
        doc = json.loads(proc.stdout)
        return (doc["verdict"], elapsed, doc["stats"]["seconds"], doc.get("moves"),
                doc["stats"].get("expanded"))
    except (ValueError, KeyError):
        sys.stderr.write("patience on %s: %s\n" % (path, proc.stderr.strip()[-300:]))
        return "error", elapsed, None, None, None


def patience_start(patience, game, path, tmpdir):
    """The position patience reads from `path`: label -> list of (card, face_up), as the
    start of `patience show`'s page (stacked piles bottom card first)."""
    page = os.path.join(tmpdir, "show.html")
    if os.path.exists(page):
        os.unlink(page)
    proc = subprocess.run([patience, "show", game, "--board", path, "--reveal",
                           "--max-nodes", "1", "--out", page],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise ValueError(proc.stderr.strip())
    with open(page) as f:
        text = f.read()
    os.unlink(page)
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', text, re.S)
    data = json.loads(m.group(1))
    return {p["label"]: [(card(c), not c.startswith("#")) for c in p["cards"]]
            for p in data["start"]}


# ---------------------------------------------------------------- referee


class Klondike:
    """Thoughtful Klondike: draw `draw`, unlimited redeals, cards back from the
    foundations, only Kings into an empty pile, any face-up run moves, the new top card
    of a pile turned up at once."""

    def __init__(self, start, draw):
        self.draw = draw
        self.piles = [[list(x) for x in start[str(i)]] for i in range(1, 8)]
        self.stock = [c for c, _ in start.get("stock", [])]   # top last
        self.waste = [c for c, _ in start.get("waste", [])]   # top last
        self.home = {s: 0 for s in "CDHS"}
        for label, suit in HOME_LABELS.items():
            for c, _ in start.get(label, []):
                if c != (self.home[suit] + 1, suit):
                    raise ValueError("foundation %s out of order" % label)
                self.home[suit] += 1

    def won(self):
        return all(v == 13 for v in self.home.values())

    @staticmethod
    def fits(c, pile):
        if not pile:
            return c[0] == 13
        t = pile[-1]
        return t[1] and t[0][0] == c[0] + 1 and ((t[0][1] in RED) != (c[1] in RED))

    def turn_up(self, p):
        if self.piles[p] and not self.piles[p][-1][1]:
            self.piles[p][-1][1] = True

    def deal(self):
        if not self.stock:
            raise ValueError("draw from an empty stock")
        for _ in range(min(self.draw, len(self.stock))):
            self.waste.append(self.stock.pop())

    def redeal(self):
        if self.stock or not self.waste:
            raise ValueError("redeal with cards in the stock or no waste")
        self.stock = self.waste[::-1]
        self.waste = []

    def to_home(self, c):
        if self.home[c[1]] != c[0] - 1:
            raise ValueError("%s does not go home" % name(c))
        self.home[c[1]] += 1

    def waste_to(self, dest, c=None):
        if not self.waste or (c is not None and self.waste[-1] != c):
            raise ValueError("waste top is not %s" % (name(c) if c else "a card"))
        c = self.waste[-1]
        if dest == "h":
            self.to_home(c)
        else:
            if not self.fits(c, self.piles[dest]):
                raise ValueError("%s does not fit on pile %d" % (name(c), dest + 1))
            self.piles[dest].append([c, True])
        self.waste.pop()

    def pile_to_home(self, p, c=None):
        pile = self.piles[p]
        if not pile or not pile[-1][1] or (c is not None and pile[-1][0] != c):
            raise ValueError("pile %d's top is not %s" % (p + 1, name(c) if c else "face up"))
        self.to_home(pile[-1][0])
        pile.pop()
        self.turn_up(p)

    def home_to(self, suit, dest):
        c = (self.home[suit], suit)
        if c[0] == 0 or not self.fits(c, self.piles[dest]):
            raise ValueError("%s from home does not fit on pile %d" % (name(c), dest + 1))
        self.home[suit] -= 1
        self.piles[dest].append([c, True])

    def pile_to_pile(self, a, b, c=None, count=None):
        src, dst = self.piles[a], self.piles[b]
        if a == b:
            raise ValueError("pile onto itself")
        if c is not None:
            at = [i for i, (x, up) in enumerate(src) if x == c and up]
        elif count is not None:
            at = [len(src) - count] if 0 < count <= len(src) else []
        else:
            at = [i for i, (x, up) in enumerate(src) if up and self.fits(x, dst)]
        if len(at) != 1 or not src[at[0]][1] or not self.fits(src[at[0]][0], dst):
            raise ValueError("no single run from pile %d fits on pile %d" % (a + 1, b + 1))
        i = at[0]
        for (x, up), (y, _) in zip(src[i:], src[i + 1:]):
            if not (x[0] == y[0] + 1 and (x[1] in RED) != (y[1] in RED)):
                raise ValueError("pile %d from %s is not a run" % (a + 1, name(src[i][0])))
        dst.extend(src[i:])
        del src[i:]
        self.turn_up(a)

    # -- the two notations

    def lonelybot_move(self, tok):
        """lonelybot's standard notation: `=` (deal, or redeal when the stock is empty),
        `CARD:FROM\u25b8TO` with FROM/TO `D` (the waste), 1..7 or a suit symbol."""
        if tok == "=":
            return self.deal() if self.stock else self.redeal()
        c, rest = tok.split(":")
        frm, to = rest.split("\u25b8")
        c = card(c)
        home = to in SUIT_OF_SYMBOL
        if home and SUIT_OF_SYMBOL[to] != c[1]:
            raise ValueError("%s to the %s foundation" % (name(c), to))
        if frm == "D":
            self.waste_to("h" if home else int(to) - 1, c)
        elif frm in SUIT_OF_SYMBOL:
            if (self.home[c[1]], c[1]) != c:
                raise ValueError("%s is not its foundation's top" % name(c))
            self.home_to(c[1], int(to) - 1)
        elif home:
            self.pile_to_home(int(frm) - 1, c)
        else:
            self.pile_to_pile(int(frm) - 1, int(to) - 1, c=c)

    def patience_move(self, tok):
        """patience's notation: `s` deal, `r` redeal, `w2`/`wh` from the waste, `64`
        pile to pile (`64x3`: three cards), `6h` home, `hD1` back from home."""
        if tok == "s":
            return self.deal()
        if tok == "r":
            return self.redeal()
        m = re.fullmatch(r"(w|h[CDHS]|[1-7])(h|[1-7])(?:x(\d+))?", tok)
        if not m:
            raise ValueError("unknown move %r" % tok)
        frm, to, count = m.group(1), m.group(2), m.group(3)
        dest = "h" if to == "h" else int(to) - 1
        if frm == "w":
            self.waste_to(dest)
        elif frm.startswith("h"):
            self.home_to(frm[1], dest)
        elif dest == "h":
            self.pile_to_home(int(frm) - 1)
        else:
            self.pile_to_pile(int(frm) - 1, dest, count=int(count) if count else None)


def check_line(start, draw, moves, apply):
    """"ok" if `moves` win from `start`, else what went wrong."""
    g = Klondike(start, draw)
    for i, tok in enumerate(moves):
        try:
            apply(g, tok)
        except (ValueError, KeyError, IndexError) as e:
            return "move %d (%s): %s" % (i + 1, tok, e)
    return "ok" if g.won() else "not won after %d moves" % len(moves)


def check_layout(start, lb_stock, lb_piles):
    """"ok" if patience's reading is the game lonelybot plays, else the difference."""
    ours_stock = [c for c, _ in start.get("stock", [])][::-1]  # dealing order
    if ours_stock != lb_stock:
        k = next((i for i, (a, b) in enumerate(zip(ours_stock, lb_stock)) if a != b),
                 min(len(ours_stock), len(lb_stock)))
        return ("stock differs at card %d dealt: patience %s, lonelybot %s"
                % (k + 1, name(ours_stock[k]) if k < len(ours_stock) else "-",
                   name(lb_stock[k]) if k < len(lb_stock) else "-"))
    for i in range(7):
        ours = [c if up else None for c, up in start[str(i + 1)]]
        if ours != lb_piles[i]:
            return "pile %d differs" % (i + 1)
    return "ok"


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lonelybot", required=True, help="lonecli binary")
    ap.add_argument("--patience", required=True, help="patience binary")
    ap.add_argument("--deals", required=True, help="A..B, a comma list, or @FILE")
    ap.add_argument("--timeout", type=float, required=True, help="seconds per deal and solver")
    ap.add_argument("--game", default="klondike",
                    help="patience game: klondike (draw 3) or klondike-draw1")
    ap.add_argument("--draw", type=int,
                    help="lonelybot's draw count (default: the game's: 3 or 1)")
    ap.add_argument("--seed-type", default="solvitaire",
                    help="lonelybot's seed type (default solvitaire)")
    ap.add_argument("--csv", help="write one row per deal here")
    ap.add_argument("--no-layout-check", action="store_true",
                    help="skip the check of the layout against `lonecli play`")
    ap.add_argument("--no-line-check", action="store_true",
                    help="skip replaying the winning lines")
    ap.add_argument("--verbose", action="store_true", help="print every deal")
    args = ap.parse_args()

    draw = args.draw or DRAW_OF_GAME.get(args.game)
    if draw is None:
        sys.exit("vs-lonelybot: lonelybot plays unlimited redeals only: --game klondike "
                 "(draw 3) or klondike-draw1, or give --draw for a game of your own")
    for b in (args.lonelybot, args.patience):
        if not (os.path.isfile(b) and os.access(b, os.X_OK)):
            sys.exit("vs-lonelybot: %s is not an executable" % b)

    deals = parse_deals(args.deals)
    tmpdir = tempfile.mkdtemp(prefix="vs-lonelybot-")
    kinds = ["solved", "unsolvable", "unknown", "error"]
    count = {"lonelybot": {}, "patience": {}}
    total = {"lonelybot": 0.0, "patience": 0.0}
    differ, one_unknown, problems = [], [], []
    out_f = open(args.csv, "w", newline="") if args.csv else None
    writer = csv.writer(out_f) if out_f else None
    if writer:
        writer.writerow(["deal", "lonelybot", "lonelybot_seconds", "lonelybot_own_seconds",
                         "patience", "patience_seconds", "patience_own_seconds",
                         "layout", "lonelybot_line", "patience_line", "patience_states"])
    try:
        for deal in deals:
            raw, doc = lonelybot_json(args.lonelybot, args.seed_type, deal)
            path = os.path.join(tmpdir, "deal-%d.json" % deal)
            with open(path, "w") as f:
                json.dump(doc, f)
            start, layout = None, "-"
            try:
                start = patience_start(args.patience, args.game, path, tmpdir)
            except ValueError as e:
                layout = "patience refused the deal: %s" % e
            if start is not None and not args.no_layout_check:
                lb_stock, lb_piles = lonelybot_screen(args.lonelybot, args.seed_type, deal, draw)
                layout = check_layout(start, lb_stock, lb_piles)

            lv, lt, lown, lline = run_lonelybot(args.lonelybot, args.seed_type, deal, draw,
                                                args.timeout)
            pv, pt, pown, pline, pstates = run_patience(args.patience, args.game, path,
                                                        args.timeout)
            os.unlink(path)

            lcheck = pcheck = "-"
            if start is not None and not args.no_line_check:
                if lv == "solved":
                    lcheck = ("no line printed" if not lline else
                              check_line(start, draw, lline, Klondike.lonelybot_move))
                if pv == "solved":
                    pcheck = check_line(start, draw, pline or [], Klondike.patience_move)

            for who, v, t in (("lonelybot", lv, lt), ("patience", pv, pt)):
                count[who][v] = count[who].get(v, 0) + 1
                total[who] += t
            if {lv, pv} == {"solved", "unsolvable"}:
                differ.append((deal, lv, pv))
            elif lv != pv:
                one_unknown.append((deal, lv, pv))
            for what, res in (("layout", layout), ("lonelybot's line", lcheck),
                              ("patience's line", pcheck)):
                if res not in ("ok", "-"):
                    problems.append("deal %d: %s: %s" % (deal, what, res))
            if args.verbose or lv != pv or any(r not in ("ok", "-")
                                                for r in (layout, lcheck, pcheck)):
                print("deal %d: lonelybot %s (%.2f s), patience %s (%.2f s); layout %s; "
                      "lines %s / %s%s" % (deal, lv, lt, pv, pt, layout, lcheck, pcheck,
                                           "  DIFFER" if lv != pv else ""), flush=True)
            if writer:
                writer.writerow([deal, lv, "%.3f" % lt, "" if lown is None else "%.4f" % lown,
                                 pv, "%.3f" % pt, "" if pown is None else "%.4f" % pown,
                                 layout, lcheck, pcheck, "" if pstates is None else pstates])
                out_f.flush()
    finally:
        if out_f:
            out_f.close()
        shutil.rmtree(tmpdir, ignore_errors=True)

    print("\n%d deals (lonelybot seed type %s, draw %d) against patience %s, timeout %g s"
          % (len(deals), args.seed_type, draw, args.game, args.timeout))
    print("%-16s %10s %10s" % ("", "lonelybot", "patience"))
    for k in kinds:
        if count["lonelybot"].get(k) or count["patience"].get(k) or k != "error":
            print("%-16s %10d %10d" % (k, count["lonelybot"].get(k, 0),
                                        count["patience"].get(k, 0)))
    print("%-16s %10.1f %10.1f" % ("total time (s)", total["lonelybot"], total["patience"]))
    print("solved vs unsolvable (a bug in one of the two): %s"
          % ("none" if not differ else ""))
    for deal, lv, pv in differ:
        print("  deal %d: lonelybot %s, patience %s" % (deal, lv, pv))
    if one_unknown:
        print("decided by one solver only: %s" % ", ".join(
            "%d (lonelybot %s, patience %s)" % d for d in one_unknown))
    checks = []
    if not args.no_layout_check:
        checks.append("layouts")
    if not args.no_line_check:
        checks.append("winning lines replayed")
    print("checks (%s): %s" % (", ".join(checks) or "none",
                                "all ok" if not problems else "%d problems" % len(problems)))
    for p in problems:
        print("  " + p)


if __name__ == "__main__":
    main()
