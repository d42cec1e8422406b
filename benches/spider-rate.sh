#!/usr/bin/env bash
# Spider deals decided per minute by `patience stats`, on one thread, for each suit count.
#
# Builds the release binary, then times `patience stats spider-Ksuit(s) --deals 1..N
# --threads 1` (wall clock, whole process) with a node limit per deal, and prints for each
# game the deals decided (solved or proven unsolvable), the deals left unknown by the limit
# and the deals decided per minute.
#
# Usage: benches/spider-rate.sh            (from anywhere in the repository)
# Environment: N  deals per game (100); NODES  states per deal (300000); GAMES  the presets
#              ("spider-1suit spider-2suits spider-4suits").
# Numbers are only meaningful on an otherwise idle machine: the load average is printed.
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-100}
NODES=${NODES:-300000}
GAMES=${GAMES:-"spider-1suit spider-2suits spider-4suits"}

cargo build --release --quiet
bin=target/release/patience

echo "cores: $(nproc 2>/dev/null || echo '?'), load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
printf '%-16s %8s %8s %8s %10s %14s\n' game deals decided unknown seconds decided/min
for game in $GAMES; do
    start=$(date +%s.%N)
    json=$("$bin" stats "$game" --deals "1..$N" --threads 1 --max-nodes "$NODES" --json)
    end=$(date +%s.%N)
    python3 - "$game" "$N" "$start" "$end" "$json" <<'PY'
import json, sys
game, n, start, end, text = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
j = json.loads(text)
unknown = j["unknown"]
secs = end - start
decided = n - unknown
print(f"{game:<16} {n:>8} {decided:>8} {unknown:>8} {secs:>10.1f} {60 * decided / secs:>14.1f}")
PY
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
