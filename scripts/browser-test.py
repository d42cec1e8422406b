#!/usr/bin/env python3
"""Browser tests of the viewer's pages (`patience show`), in headless Chromium.

For each case it writes the page with `patience show`, then in a real browser:
  1. loads it at the start and checks every pile's cards in the DOM against the deal's board
     file (`patience deal`), which the page's data does not come from;
  2. loads it with #selftest, where the page presses the right arrow (the reader's own key
     handler) until the last move, and checks that the browser got there and that the final
     layout in the DOM is won: every column, the stock and the waste empty, the deck's cards
     all on the foundations in whole suits Ace to King;
  3. takes a screenshot at the end and at a move in the middle (PNG, checked non-empty).
Then a dataset's report (`dataset report`): its summary in the DOM against `dataset show`,
and every deal counted in its histograms.
Usage: browser-test.py PATIENCE CHROMIUM OUT_DIR
"""
import re
import subprocess
import sys
from pathlib import Path

CASES = [
    # game, deal, extra options, deck size
    ("freecell", 1, [], 52),
    ("spider-4suits", 2, ["--max-nodes", "200000"], 104),
]
RANKS = "A23456789TJQK"


def chromium(binary, *args):
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--virtual-time-budget=20000", *args]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit(f"browser test: chromium failed ({' '.join(cmd)}): {r.stderr[-500:]}")
    return r.stdout


def dom_piles(dom):
    piles = {}
    for label, cards in re.findall(r'<g class="pile" data-label="([^"]*)" data-cards="([^"]*)"', dom):
        piles[label] = cards.split()
    if not piles:
        sys.exit("browser test: the page shows no pile")
    return piles


def board_piles(text):
    piles = {}
    for line in text.splitlines():
        m = re.match(r"^(\S+) \((spread|stacked)\):(.*)$", line)
        if m:
            piles[m.group(1)] = (m.group(2), m.group(3).split())
    return piles


def whole_suits(cards):
    if len(cards) % 13:
        return False
    for k in range(0, len(cards), 13):
        run = cards[k:k + 13]
        suits = {c[-1] for c in run}
        ranks = "".join(c[:-1] for c in run)
        if len(suits) != 1 or ranks not in (RANKS, RANKS[::-1]):
            return False
    return True


def main():
    patience, chrome, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    for game, deal, extra, deck in CASES:
        page = out / f"{game}-{deal}.html"
        page.unlink(missing_ok=True)
        subprocess.run([patience, "show", game, "--deal", str(deal), "--out", str(page), *extra],
                       check=True, capture_output=True, text=True)
        url = page.resolve().as_uri()
        board = board_piles(subprocess.run([patience, "deal", game, "--deal", str(deal)],
                                           check=True, capture_output=True, text=True).stdout)
        # 1. The start.
        start = dom_piles(chromium(chrome, "--dump-dom", url))
        if set(start) != set(board):
            sys.exit(f"browser test: {game} {deal}: piles {sorted(start)} on the page, {sorted(board)} in the deal")
        for label, (_, cards) in board.items():
            if start[label] != cards:
                sys.exit(f"browser test: {game} {deal}: pile {label} shows {start[label]}, the deal has {cards}")
        # 2. Stepped to the end by the page's key handler.
        dom = chromium(chrome, "--dump-dom", url + "#selftest")
        state = re.search(r'data-selftest="([^"]*)"', dom)
        steps = re.search(r'id="where">move (\d+) of (\d+)<', dom)
        if not state or state.group(1) != "end" or not steps or steps.group(1) != steps.group(2):
            sys.exit(f"browser test: {game} {deal}: the page did not step to the end "
                     f"({state.group(1) if state else 'no self-test mark'})")
        end = dom_piles(dom)
        on_foundations = 0
        for label, cards in end.items():
            mode = board.get(label, ("stacked", []))[0]
            if mode == "spread" or label in ("stock", "waste") or len(label) == 1:
                if cards:
                    sys.exit(f"browser test: {game} {deal}: pile {label} is not empty at the end: {cards}")
            elif cards:
                if not whole_suits(cards):
                    sys.exit(f"browser test: {game} {deal}: foundation {label} holds {cards}")
                on_foundations += len(cards)
        if on_foundations != deck:
            sys.exit(f"browser test: {game} {deal}: {on_foundations} cards on the foundations at the end, not {deck}")
        # #step=K opens the page at move K, its notation shown.
        k = int(steps.group(2)) // 3
        dom = chromium(chrome, "--dump-dom", f"{url}#step={k}")
        if f'data-step="{k}"' not in dom or f'id="where">move {k} of ' not in dom:
            sys.exit(f"browser test: {game} {deal}: #step={k} did not open the page at move {k}")
        # 3. Screenshots.
        for at in ("selftest", "step=" + str(int(steps.group(2)) // 3)):
            png = out / f"{game}-{deal}-{at.replace('=', '-')}.png"
            png.unlink(missing_ok=True)
            chromium(chrome, "--window-size=1200,900", f"--screenshot={png}", url + "#" + at)
            if not png.exists() or png.stat().st_size < 5000:
                sys.exit(f"browser test: {game} {deal}: no screenshot {png}")
        print(f"browser test: {game} deal {deal}: start as dealt, {steps.group(2)} moves stepped "
              f"with the arrow key, won layout at the end, screenshots in {out}")
    reveal_test(patience, chrome, out)
    report_test(patience, chrome, out)


def reveal_test(patience, chrome, out):
    """Face-down cards: drawn as backs, or with --reveal face up and marked."""
    marks = {}
    for reveal in (False, True):
        page = out / f"spider-reveal-{reveal}.html"
        page.unlink(missing_ok=True)
        subprocess.run([patience, "show", "spider-4suits", "--deal", "2", "--max-nodes", "200000",
                        "--out", str(page), *(["--reveal"] if reveal else [])],
                       check=True, capture_output=True, text=True)
        dom = chromium(chrome, "--dump-dom", page.resolve().as_uri())
        marks[reveal] = dom.count('class="hidden-mark"')
    # Spider deals 44 cards face down in the piles and 50 in the stock (its top one drawn).
    if marks[False] != 0 or marks[True] != 45:
        sys.exit(f"browser test: face-down cards marked {marks[False]} times as backs, "
                 f"{marks[True]} times revealed (want 0 and 45)")
    print("browser test: face-down cards drawn as backs, and face up marked with --reveal")


def report_test(patience, chrome, out):
    """A dataset's report: the summary in the browser's DOM against `dataset show`."""
    data, page = out / "freecell-1-300.bin", out / "freecell-1-300.html"
    for f in (data, page):
        f.unlink(missing_ok=True)
    subprocess.run([patience, "stats", "freecell", "--deals", "1..300", "--out", str(data)],
                   check=True, capture_output=True, text=True)
    subprocess.run([patience, "dataset", "report", str(data), "--out", str(page)],
                   check=True, capture_output=True, text=True)
    shown = subprocess.run([patience, "dataset", "show", str(data)], check=True,
                           capture_output=True, text=True).stdout
    dom = chromium(chrome, "--dump-dom", page.resolve().as_uri())
    deals = re.search(r'<td id="deals">(\d+)</td>', dom)
    rate = re.search(r'<td id="win-rate">([\d.]+)% \((\d+) of (\d+)\)', dom)
    want = re.search(r"win rate: ([\d.]+)% \((\d+) of (\d+) decided\)", shown)
    if not deals or deals.group(1) != "300" or not rate or not want:
        sys.exit(f"browser test: the report shows no summary of 300 deals")
    if rate.group(2, 3) != want.group(2, 3) or abs(float(rate.group(1)) - float(want.group(1))) > 0.01:
        sys.exit(f"browser test: the report says {rate.group(0)}, dataset show says {want.group(0)}")
    for hist in ("effort-states", "effort-time", "lengths"):
        svg = dom[dom.find(f'id="{hist}"'):]
        svg = svg[:svg.find("</svg>")]
        total = sum(int(c) for c in re.findall(r'data-count="(\d+)"', svg))
        if total != (300 if hist != "lengths" else int(want.group(2))):
            sys.exit(f"browser test: the report's {hist} histogram counts {total} deals")
    png = out / "freecell-1-300-report.png"
    png.unlink(missing_ok=True)
    chromium(chrome, "--window-size=1000,1200", f"--screenshot={png}", page.resolve().as_uri())
    if not png.exists() or png.stat().st_size < 5000:
        sys.exit("browser test: no screenshot of the report")
    print(f"browser test: the report of FreeCell deals 1 to 300 shows the summary of `dataset show` "
          f"and histograms of every deal, screenshot {png}")


if __name__ == "__main__":
    main()
