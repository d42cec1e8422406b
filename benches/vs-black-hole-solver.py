#!/usr/bin/env python3
"""Compare patience's Golf, Black Hole and All in a Row verdicts with black-hole-solver's.

black-hole-solver (Shlomi Fish, github.com/shlomif/black-hole-solitaire, its c-solver
folder, C) is the solver PySolFC itself calls for these games.  Its program
`black-hole-solve --game golf|black_hole|all_in_a_row FILE` reads one board in its own
text format, searches depth first with a hash of the states seen and prints "Solved!"
(then every move), "Unsolved!" or, when --max-iters stops it, "Intractable!", and then
"Total number of states checked is N." (its iterations).  Its build also makes
`multi-bhs-solver`, which takes many board files and solves them one after the other in
one process, reusing its tables (`make install` leaves it in the build folder).  For
every PySol deal N this script

  1. gets the board from `patience deal GAME --pysol N --black-hole-solver`, patience's
     layout written in black-hole-solver's format; with --pysol-check it also checks that
     this text is, but for whitespace, what pysol_cards renders for deal N (as
     black-hole-solver's own tests and PySolFC's solver hints read it; needs pysol_cards
     importable);
  2. reads the board itself (52 different cards, the game's number of columns) and
     gives the same file to both solvers: `black-hole-solve --game G [rule flags] FILE`
     and `patience solve GAME --board FILE --json --max-time T` (with --threads 1 where
     patience has that option);
  3. with --check-lines, replays both winning lines on that board with a small referee of
     its own (the rules below), so that a line that does not play is reported:
     black-hole-solver's ("Deal talon" or "Move a card from stack K to the foundations",
     K from 0, each followed by "Info: Card moved is 4H") and patience's JSON moves
     ("4H from 3", pile counted from 1, or "turn", the next stock card).

Then it prints a table: each solver's solved / unsolvable / unknown (and error) counts,
total wall time and total CPU time (user + system of its processes, which other jobs on
the machine inflate less than the wall time), the ratios, and every deal where the
verdicts differ.  A deal one solver calls solved and the other unsolvable is a bug in one
of them; the table lists each.

Board format (every line ends with a newline, the last one too, and black-hole-solver
refuses a space after the foundation card; the last card of a column is its top, the
only one that can move):

    Golf          `Talon: ` and the 16 stock cards, the first listed dealt first;
                  `Foundations: ` and the card turned up at the start; 7 lines of 5 cards.
    Black Hole    `Foundations: AS`; 17 lines of 3 cards.
    All in a Row  `Foundations: -` (empty: any card may start it); 13 lines of 4 cards.

Cards are rank (A 2..9 T J Q K) and suit (C D H S): `TH`, `AS`.

black-hole-solver's rules: one card at a time goes from the top of a column onto the
single foundation if its rank is one above or one below the foundation's top card,
whatever the suit; in Golf the next talon card may be dealt onto the foundation at any
time; the game is won when every column is empty (in Golf cards may remain in the talon).
"Wrap ranks" lets an Ace and a King go on each other: on in Black Hole and All in a Row,
off in Golf (its --wrap-ranks turns it on: Relaxed Golf).  In Golf nothing goes on a King
unless --queens-on-kings is given (then a Queen may; wrapping implies it).  The Golf of
AisleRiot and PySolFC's Dead King Golf forbid anything on a King, and that is this
script's default; PySolFC's Golf itself accepts a Queen on a King (it calls
black-hole-solver with queens_on_kings): give --queens-on-kings to compare against that.

Timing: the wall and CPU time of every process, each side's sum.  black-hole-solver gets
its best showing: when `multi-bhs-solver` is found (beside --bhs, or --bhs-multi), it
solves the whole range in one such process, and its total is that process's wall and CPU
time (its stdout is line-buffered with stdbuf to time each deal, roughly: the times are
those at which this script reads the lines).  On PySol deals 1..1000 that costs 10% (All
in a Row), 12% (Golf) and 21% (Black Hole) less CPU than one black-hole-solve process per
deal, which --bhs-per-deal asks for (and which is used when multi-bhs-solver is missing).
black-hole-solver has no time limit: a run still going after --timeout seconds is killed
and counts as unknown (one process is then started again on the boards after it);
--bhs-max-iters gives it its own limit.  Its --rank-reach-prune (off by default; it drops
the positions whose cards left fall into ranks split by a rank with none left, which
cannot be won) is on for Black Hole and All in a Row: on deals 1..1000 it saves 30% and
20% of the CPU time with the same verdicts (it does nothing while a talon is left, so not
in Golf); --bhs-plain runs black-hole-solver with its defaults.

black-hole-solver is not part of this repository, nor is any recipe to build it: build it
from its public repository as its README and INSTALL say (CMake; it needs Shlomi Fish's
rinutils headers and his xxHash-wrapper and cmake modules, which its CMake files clone
when missing), and give this script the binary, or set BLACK_HOLE_SOLVE.

    python3 benches/vs-black-hole-solver.py --bhs /path/to/black-hole-solve \\
        --patience target/release/patience --game golf --deals 1..1000 \\
        [--timeout 60] [--csv out.csv] [--pysol-check] [--check-lines] \\
        [--patience-one-process]

With --patience-one-process patience also solves the whole range in one process (`patience
stats GAME --pysol --deals A..B --threads 1`), as multi-bhs-solver does; the table then gives
that process's wall and CPU time beside the per-deal sums, and its verdicts must be the
per-deal runs'.
"""

import argparse
import csv
import json
import os
import queue
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from bench_common import parse_deals

# patience's game id -> (black-hole-solver's --game, columns, cards per column, wrap ranks)
GAMES = {
    "golf": ("golf", 7, 5, False),
    "black-hole": ("black_hole", 17, 3, True),
    "all-in-a-row": ("all_in_a_row", 13, 4, True),
}
RANKS = "A23456789TJQK"
SUITS = "CDHS"
KINDS = ["solved", "unsolvable", "unknown", "error"]


# ---------------------------------------------------------------- boards


def card(text):
    """(rank 1..13, suit letter) of "TH", "AS", "10H"."""
    r, s = text[:-1].upper(), text[-1].upper()
    if r == "10":
        r = "T"
    if len(r) != 1 or r not in RANKS or s not in SUITS:
        raise ValueError("not a card: %r" % text)
    return RANKS.index(r) + 1, s


def name(c):
    return RANKS[c[0] - 1] + c[1]


class Board:
    """A black-hole-solver board: talon (first dealt first), foundation card or None,
    columns (bottom card first)."""

    def __init__(self, text, columns, height):
        self.talon, self.foundation, self.columns = [], None, []
        lines = [l.strip() for l in text.splitlines()]
        lines = [l for l in lines if l]
        seen_found = False
        for line in lines:
            if line.startswith("Talon:"):
                if self.talon:
                    raise ValueError("two Talon lines")
                self.talon = [card(t) for t in line[len("Talon:"):].split()]
            elif line.startswith("Foundations:"):
                if seen_found:
                    raise ValueError("two Foundations lines")
                seen_found = True
                toks = line[len("Foundations:"):].split()
                if toks != ["-"]:
                    if len(toks) != 1:
                        raise ValueError("Foundations: takes one card or -")
                    self.foundation = card(toks[0])
            else:
                if not seen_found:
                    raise ValueError("no Foundations line before the columns")
                self.columns.append([card(t) for t in line.split()])
        if not seen_found:
            raise ValueError("no Foundations line")
        if len(self.columns) != columns:
            raise ValueError("%d columns, not %d" % (len(self.columns), columns))
        if any(len(c) > height for c in self.columns):
            raise ValueError("a column of more than %d cards" % height)
        cards = self.talon + self.columns_cards() + (
            [self.foundation] if self.foundation else [])
        if len(cards) != 52 or len(set(cards)) != 52:
            raise ValueError("%d cards, %d different, not one deck of 52"
                             % (len(cards), len(set(cards))))

    def columns_cards(self):
        return [c for col in self.columns for c in col]


def tokens(text):
    """The text's lines as lists of words, blank lines dropped: equal for two texts that
    differ only in whitespace."""
    return [l.split() for l in text.splitlines() if l.strip()]


def pysol_cards_text(game, deal):
    """pysol_cards's rendering of PySolFC deal `deal`."""
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random_base import RandomBase
    return Game(game, deal, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))


class Refused(Exception):
    pass


def patience_board(patience, game, deal):
    """`patience deal GAME --pysol N --black-hole-solver`'s text."""
    cmd = [patience, "deal", game, "--pysol", str(deal), "--black-hole-solver"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise Refused("`%s` exited %d: %s" % (" ".join(cmd[1:]), proc.returncode,
                                               proc.stderr.strip()[-400:] or "no output"))
    return proc.stdout


# ---------------------------------------------------------------- referee


def can_play(found, c, wrap, queens_on_kings):
    """Whether card c may go on foundation card `found` (None: an empty foundation)."""
    if found is None:
        return True
    if found[0] == 13 and not (queens_on_kings or wrap):
        return False
    d = abs(found[0] - c[0])
    return d == 1 or (wrap and d == 12)


def patience_moves(moves):
    """patience's moves (`AC from 3`: the top card of pile 3, counted from 1, onto the
    waste; `turn`: the next stock card onto the waste, which older builds wrote `turn 3S`) in
    the referee's form."""
    out = []
    for m in moves or []:
        w = str(m).split()
        if len(w) == 3 and w[1] == "from" and w[2].isdigit():
            out.append(("column", int(w[2]) - 1, card(w[0])))
        elif w == ["turn"]:
            out.append(("talon", None))
        elif len(w) == 2 and w[0] == "turn":
            out.append(("talon", card(w[1])))
        else:
            raise ValueError("move %r is not in the notation this script knows" % m)
    return out


def check_line(board, moves, wrap, queens_on_kings):
    """"ok" if the moves (("talon", card) or ("column", index from 0, card)) empty every
    column of `board`, else what went wrong."""
    cols = [list(c) for c in board.columns]
    talon = list(board.talon)
    found = board.foundation
    for i, mv in enumerate(moves):
        if mv[0] == "talon":
            if not talon:
                return "move %d: deals from an empty talon" % (i + 1)
            c = talon.pop(0)
            if mv[1] is not None and c != mv[1]:
                return "move %d: the talon's next card is %s, not %s" % (
                    i + 1, name(c), name(mv[1]))
        else:
            k, c = mv[1], mv[2]
            if not 0 <= k < len(cols) or not cols[k]:
                return "move %d: no card in column %d" % (i + 1, k)
            if cols[k][-1] != c:
                return "move %d: column %d's top is %s, not %s" % (
                    i + 1, k, name(cols[k][-1]), name(c))
            if not can_play(found, c, wrap, queens_on_kings):
                return "move %d: %s does not go on %s" % (i + 1, name(c), name(found))
            cols[k].pop()
        found = mv[-1]
    left = sum(len(c) for c in cols)
    return "ok" if left == 0 else "%d cards left in the columns after %d moves" % (
        left, len(moves))


# ---------------------------------------------------------------- black-hole-solver


def parse_bhs(text):
    """(verdict, iterations, moves) from black-hole-solve's output for one board."""
    verdict, iters, moves, pending = "error", None, [], None
    for line in text.splitlines():
        line = line.strip()
        if line == "Solved!":
            verdict = "solved"
        elif line == "Unsolved!":
            verdict = "unsolvable"
        elif line == "Intractable!":
            verdict = "unknown"
        elif line == "Deal talon":
            pending = ("talon",)
        elif line.startswith("Move a card from stack "):
            pending = ("column", int(line.split()[5]))
        elif line.startswith("Info: Card moved is ") and pending:
            moves.append(pending + (card(line.split()[-1]),))
            pending = None
        elif line.startswith("Total number of states checked is "):
            iters = int(line.split()[-1].rstrip("."))
    return verdict, iters, moves


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_bhs(bhs, flags, path, timeout_s, quiet):
    """One board, one process: (verdict, wall s, cpu s, iterations, moves)."""
    cmd = [bhs] + flags + (["--quiet"] if quiet else []) + [path]
    cpu0, start = children_cpu(), time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)
        out, err, timed_out = proc.stdout, proc.stderr, False
    except subprocess.TimeoutExpired:  # run() kills it and waits
        out, err, timed_out = "", "", True
    elapsed, cpu = time.monotonic() - start, children_cpu() - cpu0
    if timed_out:
        return "unknown", elapsed, cpu, None, []
    verdict, iters, moves = parse_bhs(out)
    if verdict == "error":
        sys.stderr.write("black-hole-solve on %s: exit %d: %s\n"
                         % (path, proc.returncode, err.strip()[-300:]))
    return verdict, elapsed, cpu, iters, moves


def run_bhs_one_process(multi, flags, paths, timeout_s, quiet):
    """All boards in `multi-bhs-solver` processes: ({path: (verdict, s, iterations,
    moves)}, total wall s, total cpu s).  A board still unsolved after timeout_s gets its
    process killed (verdict unknown) and a new process goes on with the boards after it."""
    stdbuf = shutil.which("stdbuf")
    results, todo = {}, list(paths)
    cpu0, start = children_cpu(), time.monotonic()
    while todo:
        cmd = [stdbuf, "-oL", multi] + flags + (["--quiet"] if quiet else []) + todo
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        lines = queue.Queue()

        def reader():
            # os.read, not the file object's line iterator, which reads ahead and would
            # stamp several boards' lines with one time
            fd, rest = proc.stdout.fileno(), b""
            while True:
                chunk = os.read(fd, 65536)
                t = time.monotonic()
                if not chunk:
                    break
                *done, rest = (rest + chunk).split(b"\n")
                for l in done:
                    lines.put((t, l.decode() + "\n"))
            if rest:
                lines.put((time.monotonic(), rest.decode()))
            lines.put((time.monotonic(), None))

        threading.Thread(target=reader, daemon=True).start()
        current, t_start, buf, done = None, time.monotonic(), [], False
        while not done:
            try:
                t, line = lines.get(timeout=max(0.0, t_start + timeout_s - time.monotonic()))
            except queue.Empty:  # the current board ran out of time
                proc.kill()
                proc.wait()
                stuck = current or todo[0]
                results[stuck] = ("unknown", time.monotonic() - t_start, None, [])
                todo = todo[todo.index(stuck) + 1:]
                break
            if line is None:
                proc.wait()
                if current is not None:  # it died inside a board (it exits on a bad one)
                    sys.stderr.write("multi-bhs-solver died on %s: %s\n"
                                     % (current, proc.stderr.read().decode().strip()[-300:]))
                    results[current] = ("error", t - t_start, None, [])
                    todo = todo[todo.index(current) + 1:]
                else:
                    todo = []
                done = True
            elif line.startswith("[= Starting file "):
                current, t_start, buf = line[len("[= Starting file "):-4], t, []
            elif line.startswith("[= END of file "):
                verdict, iters, moves = parse_bhs("".join(buf))
                results[current] = (verdict, t - t_start, iters, moves)
                todo.remove(current)
                current, t_start = None, t
            else:
                buf.append(line)
    return results, time.monotonic() - start, children_cpu() - cpu0


# ---------------------------------------------------------------- patience


def patience_has_threads(patience):
    proc = subprocess.run([patience, "solve", "--help"], capture_output=True, text=True)
    return "--threads" in proc.stdout


def stats_has_threads(patience):
    proc = subprocess.run([patience, "stats", "--help"], capture_output=True, text=True)
    return "--threads" in proc.stdout


def run_patience(patience, game, path, timeout_s, threads_flag):
    """(verdict, wall s, cpu s, its own seconds, expanded states, moves as printed)."""
    cmd = [patience, "solve", game, "--board", path, "--json",
           "--max-time", str(timeout_s)] + (["--threads", "1"] if threads_flag else [])
    cpu0, start = children_cpu(), time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s + 120)
    except subprocess.TimeoutExpired:
        return ("unknown", time.monotonic() - start, children_cpu() - cpu0,
                None, None, None)
    elapsed, cpu = time.monotonic() - start, children_cpu() - cpu0
    try:
        doc = json.loads(proc.stdout)
        verdict = doc["verdict"]
        if verdict not in ("solved", "unsolvable", "unknown"):
            raise ValueError(verdict)
        stats = doc.get("stats") or {}
        return (verdict, elapsed, cpu, stats.get("seconds"), stats.get("expanded"),
                doc.get("moves"))
    except (ValueError, KeyError, TypeError):
        sys.stderr.write("patience on %s: exit %d: %s\n"
                         % (path, proc.returncode, proc.stderr.strip()[-300:]))
        return "error", elapsed, cpu, None, None, None


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bhs", default=os.environ.get("BLACK_HOLE_SOLVE"),
                    help="black-hole-solve binary (default: $BLACK_HOLE_SOLVE)")
    ap.add_argument("--patience", required=True, help="patience binary")
    ap.add_argument("--game", required=True, choices=sorted(GAMES),
                    help="patience game (black-hole-solver's golf, black_hole, all_in_a_row)")
    ap.add_argument("--deals", required=True, help="PySol deals: A..B, a comma list, or @FILE")
    ap.add_argument("--timeout", type=float, default=60,
                    help="seconds per deal and solver (default 60)")
    ap.add_argument("--csv", help="write one row per deal here")
    ap.add_argument("--queens-on-kings", action="store_true",
                    help="Golf: a Queen may go on a King (PySolFC's Golf); default: "
                    "nothing on a King (AisleRiot's Golf, PySolFC's Dead King Golf)")
    ap.add_argument("--bhs-arg", action="append", default=[],
                    help="one more argument for black-hole-solver (may be repeated), "
                    "e.g. --bhs-arg=--iters-display-step --bhs-arg=100000")
    ap.add_argument("--bhs-plain", action="store_true",
                    help="without --rank-reach-prune in Black Hole and All in a Row")
    ap.add_argument("--bhs-max-iters", type=int,
                    help="black-hole-solver's own --max-iters (Intractable = unknown)")
    ap.add_argument("--bhs-multi", help="multi-bhs-solver binary, which solves the range in "
                    "one process (default: beside --bhs, when there)")
    ap.add_argument("--bhs-per-deal", action="store_true",
                    help="one black-hole-solve process per deal, not one for the range")
    ap.add_argument("--pysol-check", action="store_true",
                    help="check patience's board against pysol_cards's rendering")
    ap.add_argument("--check-lines", action="store_true",
                    help="replay both solvers' winning lines")
    ap.add_argument("--patience-one-process", action="store_true",
                    help="also time patience solving the whole range in one process "
                         "(`patience stats GAME --pysol --deals A..B --threads 1 --csv F`), as "
                         "black-hole-solver does with multi-bhs-solver; its verdicts must be "
                         "the per-deal runs' (needs a range A..B)")
    ap.add_argument("--verbose", action="store_true", help="print every deal")
    args = ap.parse_args()

    if not args.bhs:
        sys.exit("vs-black-hole-solver: give --bhs /path/to/black-hole-solve "
                 "(or set BLACK_HOLE_SOLVE)")
    bhs_game, ncols, height, wrap = GAMES[args.game]
    if args.queens_on_kings and args.game != "golf":
        sys.exit("vs-black-hole-solver: --queens-on-kings is a Golf rule")
    qok = args.queens_on_kings or wrap
    flags = ["--game", bhs_game]
    if args.game == "golf":
        flags.append("--queens-on-kings" if args.queens_on_kings else "--no-queens-on-kings")
    elif not args.bhs_plain:
        flags.append("--rank-reach-prune")
    if args.bhs_max_iters:
        flags += ["--max-iters", str(args.bhs_max_iters)]
    flags += args.bhs_arg
    def runnable(b):
        return os.path.isfile(b) and os.access(b, os.X_OK)

    for b in [args.bhs, args.patience] + ([args.bhs_multi] if args.bhs_multi else []):
        if not runnable(b):
            sys.exit("vs-black-hole-solver: %s is not an executable" % b)
    multi = None
    if not args.bhs_per_deal:
        multi = args.bhs_multi or os.path.join(os.path.dirname(os.path.abspath(args.bhs)),
                                               "multi-bhs-solver")
        if not runnable(multi) or not shutil.which("stdbuf"):
            print("vs-black-hole-solver: no %s (or no stdbuf): one black-hole-solve "
                  "process per deal" % multi, file=sys.stderr)
            multi = None
    if args.pysol_check:
        try:
            import pysol_cards  # noqa: F401
        except ImportError:
            sys.exit("vs-black-hole-solver: --pysol-check needs pysol_cards "
                     "(pip install pysol_cards)")

    deals = list(dict.fromkeys(parse_deals(args.deals)))  # each deal once
    threads_flag = patience_has_threads(args.patience)
    tmpdir = tempfile.mkdtemp(prefix="vs-black-hole-solver-")
    rows = {}  # deal -> dict
    problems = []
    try:
        # 1. boards
        paths = {}
        for i, deal in enumerate(deals):
            row = rows[deal] = {"layout": "-", "bhs_line": "-"}
            try:
                text = patience_board(args.patience, args.game, deal)
            except Refused as e:
                if i == 0:
                    sys.exit("vs-black-hole-solver: patience cannot write the board of %s "
                             "deal %d in black-hole-solver's format: %s"
                             % (args.game, deal, e))
                row["layout"] = "patience refused: %s" % e
                continue
            try:
                board = Board(text, ncols, height)
            except ValueError as e:
                row["layout"] = "bad board: %s" % e
                continue
            if args.pysol_check:
                try:
                    theirs = pysol_cards_text(bhs_game, deal)
                except ValueError as e:  # a deal number out of pysol_cards's range
                    theirs = None
                    row["layout"] = "pysol_cards cannot deal it: %s" % e
                if theirs is None:
                    pass
                elif theirs == text:
                    row["layout"] = "ok"
                elif tokens(theirs) == tokens(text):
                    # black-hole-solver refuses some (a space after the foundation card)
                    row["layout"] = "as pysol_cards's but for whitespace"
                else:
                    row["layout"] = "differs from pysol_cards's"
            path = os.path.join(tmpdir, "%d.board" % deal)
            with open(path, "w") as f:
                f.write(text)
            paths[deal] = path
            row["board"] = board

        # 2. black-hole-solver
        quiet = not args.check_lines
        bhs_total, bhs_cpu = 0.0, 0.0
        if multi:
            res, bhs_total, bhs_cpu = run_bhs_one_process(
                multi, flags, [paths[d] for d in deals if d in paths], args.timeout, quiet)
            for d in deals:
                if d in paths:
                    v, t, it, mv = res.get(paths[d], ("error", 0.0, None, []))
                    rows[d].update(bhs=v, bhs_s=t, bhs_cpu=None, bhs_iters=it, bhs_moves=mv)
        else:
            for d in deals:
                if d in paths:
                    v, t, cpu, it, mv = run_bhs(args.bhs, flags, paths[d], args.timeout, quiet)
                    rows[d].update(bhs=v, bhs_s=t, bhs_cpu=cpu, bhs_iters=it, bhs_moves=mv)
                    bhs_total += t
                    bhs_cpu += cpu

        # 3. patience
        pat_total, pat_cpu = 0.0, 0.0
        for d in deals:
            row = rows[d]
            if d in paths:
                v, t, cpu, own, exp, mv = run_patience(args.patience, args.game, paths[d],
                                                       args.timeout, threads_flag)
                row.update(pat=v, pat_s=t, pat_cpu=cpu, pat_own=own, pat_exp=exp,
                           pat_moves=mv)
                pat_total += t
                pat_cpu += cpu
            else:
                row.update(bhs="error", bhs_s=0.0, bhs_cpu=None, bhs_iters=None,
                           bhs_moves=[], pat="error", pat_s=0.0, pat_cpu=0.0, pat_own=None,
                           pat_exp=None,
                           pat_moves=None)
        # 3b. patience, the whole range in one process
        one = None
        if args.patience_one_process:
            if deals != list(range(deals[0], deals[-1] + 1)):
                sys.exit("vs-black-hole-solver: --patience-one-process needs a range A..B")
            out = os.path.join(tmpdir, "one-process.csv")
            cmd = [args.patience, "stats", args.game, "--pysol", "--deals",
                   "%d..%d" % (deals[0], deals[-1]), "--csv", out]
            if stats_has_threads(args.patience):
                cmd += ["--threads", "1"]
            cpu0, t0 = children_cpu(), time.monotonic()
            proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  text=True)
            wall, cpu = time.monotonic() - t0, children_cpu() - cpu0
            if proc.returncode != 0:
                sys.exit("vs-black-hole-solver: `%s` failed: %s" % (" ".join(cmd[1:]),
                                                                   proc.stderr.strip()))
            with open(out, newline="") as f:
                verdicts = {int(r["deal"]): r["outcome"] for r in csv.DictReader(f)}
            for d in deals:
                if verdicts.get(d) != rows[d].get("pat"):
                    problems.append("deal %d: patience in one process says %s, alone %s"
                                    % (d, verdicts.get(d), rows[d].get("pat")))
            one = (wall, cpu)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)

    # 4. checks, table
    count = {"bhs": {}, "patience": {}}
    differ, one_unknown = [], []
    out_f = open(args.csv, "w", newline="") if args.csv else None
    writer = csv.writer(out_f) if out_f else None
    if writer:
        writer.writerow(["deal", "bhs", "bhs_seconds", "bhs_cpu_seconds", "bhs_iterations",
                         "patience", "patience_seconds", "patience_cpu_seconds",
                         "patience_own_seconds",
                         "patience_expanded", "layout", "bhs_line", "patience_line"])
    for d in deals:
        row = rows[d]
        bv, pv = row["bhs"], row["pat"]
        if args.check_lines and bv == "solved" and "board" in row:
            row["bhs_line"] = check_line(row["board"], row["bhs_moves"], wrap, qok)
        row["pat_line"] = "-"
        if args.check_lines and pv == "solved" and "board" in row:
            try:
                row["pat_line"] = check_line(row["board"], patience_moves(row["pat_moves"]),
                                             wrap, qok)
            except ValueError as e:
                row["pat_line"] = str(e)
        count["bhs"][bv] = count["bhs"].get(bv, 0) + 1
        count["patience"][pv] = count["patience"].get(pv, 0) + 1
        if {bv, pv} == {"solved", "unsolvable"}:
            differ.append((d, bv, pv))
        elif bv != pv:
            one_unknown.append((d, bv, pv))
        labels = (("layout", "layout"), ("bhs_line", "black-hole-solver's line"),
                  ("pat_line", "patience's line"))
        for key, label in labels:
            if row[key] not in ("ok", "-"):
                problems.append("deal %d: %s: %s" % (d, label, row[key]))
        if args.verbose or bv != pv or any(row[k] not in ("ok", "-") for k, _ in labels):
            print("deal %d: black-hole-solver %s (%.3f s), patience %s (%.3f s); layout %s; "
                  "lines %s / %s%s" % (d, bv, row["bhs_s"], pv, row["pat_s"], row["layout"],
                                       row["bhs_line"], row["pat_line"],
                                       "  DIFFER" if bv != pv else ""), flush=True)
        if writer:
            writer.writerow([d, bv, "%.4f" % row["bhs_s"],
                             "" if row["bhs_cpu"] is None else "%.4f" % row["bhs_cpu"],
                             "" if row["bhs_iters"] is None else row["bhs_iters"],
                             pv, "%.4f" % row["pat_s"], "%.4f" % row["pat_cpu"],
                             "" if row["pat_own"] is None else "%.4f" % row["pat_own"],
                             "" if row["pat_exp"] is None else row["pat_exp"],
                             row["layout"], row["bhs_line"], row["pat_line"]])
    if out_f:
        out_f.close()

    rules = " ".join(flags)
    print("\n%d PySol deals of %s: black-hole-solver (%s; %s) against patience, timeout %g s"
          % (len(deals), args.game, rules,
             "one process" if multi else "a process per deal", args.timeout))
    print("%-16s %18s %10s" % ("", "black-hole-solver", "patience"))
    for k in KINDS:
        if count["bhs"].get(k) or count["patience"].get(k) or k != "error":
            print("%-16s %18d %10d" % (k, count["bhs"].get(k, 0), count["patience"].get(k, 0)))
    print("%-16s %18.2f %10.2f" % ("total wall (s)", bhs_total, pat_total))
    print("%-16s %18.2f %10.2f" % ("total CPU (s)", bhs_cpu, pat_cpu))
    if bhs_total > 0 and pat_total > 0:
        print("patience / black-hole-solver: wall time %.2f, CPU time %.2f"
              % (pat_total / bhs_total, pat_cpu / bhs_cpu if bhs_cpu else float("nan")))
    if one:
        print("%-16s %18s %10.2f" % ("one process: wall", "", one[0]))
        print("%-16s %18s %10.2f" % ("one process: CPU", "", one[1]))
        print("patience in one process / black-hole-solver: wall time %.2f, CPU time %.2f"
              % (one[0] / bhs_total, one[1] / bhs_cpu if bhs_cpu else float("nan")))
    print("solved vs unsolvable (a bug in one of the two): %s"
          % ("none" if not differ else ""))
    for d, bv, pv in differ:
        print("  deal %d: black-hole-solver %s, patience %s" % (d, bv, pv))
    if one_unknown:
        print("decided by one solver only: %s" % ", ".join(
            "%d (black-hole-solver %s, patience %s)" % x for x in one_unknown))
    checks = ["boards read"]
    if args.pysol_check:
        checks.append("boards against pysol_cards")
    if args.check_lines:
        checks.append("winning lines replayed")
    print("checks (%s): %s" % (", ".join(checks),
                                "all ok" if not problems else "%d problems" % len(problems)))
    for p in problems:
        print("  " + p)


if __name__ == "__main__":
    main()
