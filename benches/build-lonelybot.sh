#!/usr/bin/env bash
# Builds lonelybot's command-line program `lonecli` (Vuong Hy's Klondike solver,
# github.com/vuonghy2442/lonelybot) from a checkout of its source, for
# benches/vs-lonelybot.py. Its code never enters this repository: give the script the
# checkout's path.
#
#   bash benches/build-lonelybot.sh LONELYBOT_SOURCE [OUTPUT]
#
# Its own release build (`cargo build --release -p lonecli`, its profile's LTO), its
# target directory inside the checkout; OUTPUT defaults to
# LONELYBOT_SOURCE/target/release/lonecli and is a copy when given. The binary's path is
# the last line printed.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bash benches/build-lonelybot.sh LONELYBOT_SOURCE [OUTPUT]" >&2
    exit 2
fi
src=$1
if [ ! -f "$src/Cargo.toml" ] || [ ! -f "$src/lonecli/Cargo.toml" ]; then
    echo "build-lonelybot: $src: not a lonelybot checkout (no Cargo.toml or lonecli/Cargo.toml)" >&2
    exit 2
fi
(cd "$src" && cargo build --release -p lonecli >&2)
bin=$src/target/release/lonecli
if [ $# -eq 2 ]; then
    cp "$bin" "$2"
    bin=$2
fi
echo "$bin"
