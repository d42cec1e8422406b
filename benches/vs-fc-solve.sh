#!/usr/bin/env bash
# Runs fc-solve and patience over the same Microsoft FreeCell deals on this machine, one
# thread each, and prints both times, their ratio and both mean solution lengths.
#
#   bash benches/vs-fc-solve.sh [FIRST [LAST]]     (default 1 1000)
#
# Installs Debian's freecell-solver-bin when fc-solve is missing (needs root and apt).
set -euo pipefail
first=${1:-1}
last=${2:-1000}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

if ! command -v freecell-solver-range-parallel-solve >/dev/null; then
    echo "installing freecell-solver-bin (fc-solve) ..." >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq freecell-solver-bin >/dev/null
fi
cargo build --release -q
bin=target/release/patience
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

t0=$(now)
freecell-solver-range-parallel-solve "$first" "$last" 1 -l lg >/dev/null 2>&1
t1=$(now)
fcs_time=$(echo "$t1 - $t0" | bc -l)

t0=$(now)
"$bin" stats freecell --deals "$first..$last" --threads 1 --csv "$tmp/p.csv" >/dev/null
t1=$(now)
our_time=$(echo "$t1 - $t0" | bc -l)

# fc-solve's solution lengths: one run per deal with the same preset, counting its moves.
total=0
count=0
for n in $(seq "$first" "$last"); do
    m=$(make-microsoft-freecell-board -t "$n" | fc-solve -l lg -m - 2>/dev/null | grep -c '^Move' || true)
    if [ "$m" -gt 0 ]; then
        total=$((total + m))
        count=$((count + 1))
    fi
done
fcs_mean=$(echo "scale=1; $total / $count" | bc -l)
our_mean=$(awk -F, 'NR > 1 && $4 == "solved" { s += $5; n++ } END { printf "%.1f", s / n }' "$tmp/p.csv")
decided=$(awk -F, 'NR > 1 && $4 != "unknown" { n++ } END { print n + 0 }' "$tmp/p.csv")

printf 'deals %s..%s, one thread each\n' "$first" "$last"
printf '%-10s %10s %14s\n' solver seconds "mean moves"
printf '%-10s %10.2f %14s\n' fc-solve "$fcs_time" "$fcs_mean"
printf '%-10s %10.2f %14s   (%s decided)\n' patience "$our_time" "$our_mean" "$decided"
printf 'time ratio patience / fc-solve: %.2f\n' "$(echo "$our_time / $fcs_time" | bc -l)"
