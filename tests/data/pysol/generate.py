#!/usr/bin/env python3
"""Writes the reference layouts of tests/it/pysol_layouts.rs with pysol_cards.

Usage (from the repository root): python3 tests/data/pysol/generate.py

Each tests/data/pysol/<game>.txt holds, for every game number below, a line
`deal N` followed by the layout exactly as pysol_cards renders it (tens as T).
"""

import os

from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

GAMES = [
    "freecell",
    "bakers_game",
    "ko_bakers_game",
    "relaxed_freecell",
    "forecell",
    "eight_off",
    "seahaven_towers",
    "bakers_dozen",
    "beleaguered_castle",
    "streets_and_alleys",
    "klondike",
    "whitehead",
    "thumb_and_pouch",
    "gypsy",
    "yukon",
    "golf",
    "black_hole",
    "all_in_a_row",
]
NUMBERS = [1, 2, 617, 11982, 32000, 32001, 100000, 4294967296]


def main():
    out_dir = os.path.dirname(os.path.abspath(__file__))
    renderer = CardRenderer(True)
    for name in GAMES:
        chunks = []
        for n in NUMBERS:
            game = Game(name, n, RandomBase.DEALS_PYSOLFC)
            chunks.append("deal {}\n".format(n))
            chunks.append(game.calc_layout_string(renderer))
        with open(os.path.join(out_dir, name + ".txt"), "w") as f:
            f.write("".join(chunks))


if __name__ == "__main__":
    main()
