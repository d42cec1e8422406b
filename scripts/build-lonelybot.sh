#!/usr/bin/env bash
# Builds lonelybot's command-line program `lonecli` (Vuong Hy, github.com/vuonghy2442/lonelybot,
# a thoughtful-Klondike solver in Rust) in release mode from a checkout that you made
# yourself, for benches/vs-lonelybot.py, and prints the binary's path. Its code never enters
# this repository: the script only runs cargo on the checkout it is given.
#
#   git clone https://github.com/vuonghy2442/lonelybot /tmp/lonelybot-src
#   bash scripts/build-lonelybot.sh /tmp/lonelybot-src        # or LONELYBOT_SRC=/tmp/lonelybot-src
#
# The binary is SRC_DIR/target/release/lonecli (the checkout's own cargo workspace; release
# there means lto = true). The checkout has no Cargo.lock, so cargo resolves its dependencies
# from crates.io on the first build (rand 0.10 and clap 4 need a recent Rust; 1.95 works).
set -euo pipefail

if [ $# -gt 1 ]; then
    echo "usage: build-lonelybot.sh [SRC_DIR]   (or set LONELYBOT_SRC)" >&2
    exit 2
fi
src="${1:-${LONELYBOT_SRC:-}}"
if [ -z "$src" ]; then
    echo "build-lonelybot.sh: no lonelybot checkout given (usage: build-lonelybot.sh SRC_DIR, or set LONELYBOT_SRC)" >&2
    exit 2
fi
if [ ! -f "$src/Cargo.toml" ] || [ ! -f "$src/lonecli/Cargo.toml" ] || [ ! -f "$src/src/solver.rs" ]; then
    echo "build-lonelybot.sh: '$src' is not a lonelybot checkout (no Cargo.toml, lonecli/Cargo.toml or src/solver.rs)" >&2
    exit 2
fi
command -v cargo >/dev/null || { echo "build-lonelybot.sh: cargo not found (install Rust from rustup.rs)" >&2; exit 1; }

src=$(cd "$src" && pwd)
echo "building lonecli from $src (release, lto; a minute or two) ..." >&2
# An explicit target directory, so that a CARGO_TARGET_DIR set for patience is not used.
cargo build --release --manifest-path "$src/Cargo.toml" -p lonecli --target-dir "$src/target" >&2
bin="$src/target/release/lonecli"
[ -x "$bin" ] || { echo "build-lonelybot.sh: cargo finished but $bin is missing" >&2; exit 1; }
echo "$bin"
