#!/usr/bin/env bash
# Deals decided per second by `patience stats`, on one thread and on two.
#
# Builds the release binary, then times `patience stats GAME --deals 1..N --threads T`
# (wall clock, whole process: dealing, packing, solving, first-fit play and the summary)
# for r7, clock, md and freecell, and prints a table with the speed-up of two threads over one.
#
# Usage: benches/throughput.sh            (from anywhere in the repository)
# Environment: R7_N, CLOCK_N, MD_N, FREECELL_N  the number of deals per run (defaults below, a few
#              seconds each on one core); RUNS  runs per cell, the fastest is kept (1);
#              THREADS  the thread counts to try ("1 2").
# Numbers are only meaningful on an otherwise idle machine: the load average is printed
# before and after.
set -euo pipefail
cd "$(dirname "$0")/.."

R7_N=${R7_N:-200000}
CLOCK_N=${CLOCK_N:-300000}
MD_N=${MD_N:-2000}
FREECELL_N=${FREECELL_N:-4000}
RUNS=${RUNS:-1}
THREADS=${THREADS:-"1 2"}

cargo build --release --quiet
bin=target/release/patience

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }
echo "cores: $(nproc 2>/dev/null || echo '?'), load average before: $(load)"
printf '%-8s %7s %8s %9s %10s %9s %6s\n' game threads deals seconds deals/s speed-up cpu

for spec in "r7 $R7_N" "clock $CLOCK_N" "md $MD_N" "freecell $FREECELL_N"; do
    read -r game n <<<"$spec"
    base=""
    for t in $THREADS; do
        best=""
        for _ in $(seq "$RUNS"); do
            # bash's `time` keyword: wall, user and system seconds of the whole process.
            times=$( { TIMEFORMAT='%R %U %S'; time "$bin" stats "$game" --deals "1..$n" --threads "$t" --json >"$tmp" 2>/dev/null; } 2>&1 )
            out=$(cat "$tmp")
            done_n=$(grep -o '"done":[0-9]*' <<<"$out" | cut -d: -f2)
            if [[ "$done_n" != "$n" ]]; then
                echo "$game: expected $n deals decided, got '${done_n}'" >&2
                exit 1
            fi
            read -r secs user sys <<<"$times"
            if [[ -z "$best" ]] || awk -v s="$secs" -v b="$best" 'BEGIN { exit !(s < b) }'; then
                best=$secs
                cpu=$(awk -v r="$secs" -v u="$user" -v s="$sys" 'BEGIN { printf "%.0f%%", 100 * (u + s) / r }')
            fi
        done
        rate=$(awk -v n="$n" -v s="$best" 'BEGIN { printf "%.0f", n / s }')
        if [[ -z "$base" ]]; then
            base=$rate
            speedup="1.00"
        else
            speedup=$(awk -v r="$rate" -v b="$base" 'BEGIN { printf "%.2f", r / b }')
        fi
        printf '%-8s %7s %8s %9s %10s %9s %6s\n' "$game" "$t" "$n" "$best" "$rate" "$speedup" "$cpu"
    done
done
echo "load average after: $(load)"
echo "(cpu = user + system time over wall time: about 200% when two threads really ran;"
echo " much less means the threads waited for each other or for a busy machine)"
