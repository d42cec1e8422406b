#!/usr/bin/env bash
# fc-solve and patience on the same deals of a FreeCell-family preset, one deal at a time,
# each with the same wall-time limit: by default the deals a dataset left undecided.
#
#   bash benches/vs-fc-solve-family.sh GAME FCS_GAME DATASET.csv [SECONDS]
#   e.g. bash benches/vs-fc-solve-family.sh streets-and-alleys-classic streets_and_alleys \
#            datasets/freecell-family/streets-and-alleys-classic-1-1000.csv 20
#
# FC_SOLVE names fc-solve's binary (default: fc-solve on the PATH; Debian's
# freecell-solver-bin). DEALS="1 2 3" gives the deals instead of the dataset's unknown ones.
# Prints one line a deal: fc-solve's answer and iterations, ours and states, both times.
# fc-solve's "could not solve" is not a proof: its default move types are not every move
# (its own help says to add "-to 01ABCDE" when it calls a solvable board unsolvable).
set -euo pipefail
game=$1
fcs_game=$2
csv=$3
limit=${4:-20}
fcs=${FC_SOLVE:-fc-solve}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin="$root/target/release/patience"
[ -x "$bin" ] || (cd "$root" && cargo build --release -q)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
deals=${DEALS:-$(awk -F, '$4 == "unknown" { print $3 }' "$csv")}

now() { date +%s.%N; }
printf '%-6s %-14s %12s %8s   %-12s %12s %8s\n' deal fc-solve iterations seconds patience states seconds
for d in $deals; do
    "$bin" deal "$game" --deal "$d" --fc-solve > "$tmp/board"
    t0=$(now)
    out=$(timeout "$limit" "$fcs" -g "$fcs_game" "$tmp/board" 2>&1 || true)
    t1=$(now)
    case "$out" in
        *"This game is solveable"*) f=solved ;;
        *"I could not solve"*) f=gave-up ;;
        *) f=time-out ;;
    esac
    iters=$(printf '%s\n' "$out" | sed -n 's/^Total number of states checked is \([0-9]*\)\./\1/p')
    t2=$(now)
    ours=$("$bin" solve "$game" --deal "$d" --max-time "$limit" --json 2>/dev/null || true)
    t3=$(now)
    verdict=$(printf '%s' "$ours" | sed -n 's/.*"verdict": *"\([a-z]*\)".*/\1/p' | head -1)
    states=$(printf '%s' "$ours" | sed -n 's/.*"expanded": *\([0-9]*\).*/\1/p' | head -1)
    printf '%-6s %-14s %12s %8.2f   %-12s %12s %8.2f\n' "$d" "$f" "${iters:--}" \
        "$(echo "$t1 - $t0" | bc -l)" "${verdict:-?}" "${states:--}" "$(echo "$t3 - $t2" | bc -l)"
done
