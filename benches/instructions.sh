#!/usr/bin/env bash
# Instructions per expanded state, per game and family, counted by valgrind's callgrind:
# deterministic figures of the engine's cost a state that the machine's load does not move
# (they count instructions, not cache misses, so they understate what memory costs).
#
#   bash benches/instructions.sh [OPTIONS]
#
# For every deal: `patience solve GAME --deal N --algorithm A --max-nodes M --json` under
# callgrind, minus the same command at --max-nodes 1 (start-up, dealing, the first state),
# divided by the states expanded between the two (the JSON's stats.expanded). A search that
# ends before M states counts what it did, the check of a winning line included. The deals are
# the corpus's (datasets/corpus/GAME.txt) for freecell, klondike, forty-thieves, spider-4suits
# and streets-and-alleys-classic, and one deal of a game for the other families and the
# tableau games that play differently (Yukon, Canfield, Baker's Dozen). Prints a table (one
# line a game: all its deals together, and the range over its deals) and appends one row a
# deal and one a game (deal "all") to benches/results/instructions.csv.
#
# Options:
#   --max-nodes M     states a deal (default 100000)
#   --algorithm A     the search (default dfs: the plain expansion loop every family has)
#   --games LIST      comma-separated GAME (its corpus deals) or GAME:N+N+... (those deals)
#   --corpus-only     only the five corpus games
#   --patience PATH   the patience binary (default: cargo build --release)
#   --csv FILE        append the rows here instead of benches/results/instructions.csv
# A bad option prints one line and exits with status 2.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/script-common.sh"

corpus="freecell,klondike,forty-thieves,spider-4suits,streets-and-alleys-classic"
others="yukon:1,canfield:1,bakers-dozen:1,md:1,golf:2,fortunes:2,thirteen:1,gaps-one-deal:1,accordion:1"
nodes=100000 algorithm=dfs games="" bin="" csv_out="" corpus_only=0
while [[ $# -gt 0 ]]; do
    case $1 in
    --max-nodes) need "$@"; nodes=$2; shift 2 ;;
    --algorithm) need "$@"; algorithm=$2; shift 2 ;;
    --games) need "$@"; games=$2; shift 2 ;;
    --corpus-only) corpus_only=1; shift ;;
    --patience) need "$@"; bin=$2; shift 2 ;;
    --csv) need "$@"; csv_out=$2; shift 2 ;;
    -h | --help)
        usage
        exit 0
        ;;
    *) die "unknown option $1 (see --help)" ;;
    esac
done
bin=$(absolute "$bin")
csv_out=$(absolute "$csv_out")
: "${csv_out:=benches/results/instructions.csv}"
[[ $nodes =~ ^[1-9][0-9]*$ && $nodes -ge 2 ]] || die "--max-nodes: a whole number of at least 2, not '$nodes'"
[[ $algorithm =~ ^[a-z-]+$ ]] || die "--algorithm: not a search name: '$algorithm'"
[[ -z $bin || (-f $bin && -x $bin) ]] || die "--patience: $bin is not an executable file"
command -v valgrind >/dev/null || die "valgrind is not installed (Debian: apt-get install valgrind)"
if [[ -z $games ]]; then
    games=$corpus
    [[ $corpus_only == 1 ]] || games+=",$others"
fi

# The family of each default game, for the table (the library's Family names).
family_of() {
    case $1 in
    freecell | streets-and-alleys-classic | bakers-dozen) echo freecell ;;
    klondike | yukon | canfield) echo klondike ;;
    forty-thieves) echo forty-thieves ;;
    spider-4suits) echo spider ;;
    md) echo course ;;
    golf) echo onto-waste ;;
    fortunes) echo rounds ;;
    thirteen) echo pairing ;;
    gaps-one-deal) echo grid ;;
    accordion) echo compacting ;;
    *) echo - ;;
    esac
}

# The list as "game deal deal ..." lines, checked before anything runs.
plan=()
IFS=, read -r -a entries <<<"$games"
for e in "${entries[@]}"; do
    game=${e%%:*}
    [[ $game =~ ^[a-z0-9-]+$ ]] || die "--games: not a game id: '$game'"
    if [[ $e == *:* ]]; then
        deals=${e#*:}
        [[ $deals =~ ^[0-9]+(\+[0-9]+)*$ ]] || die "--games: deals as N+N+..., not '$deals' in '$e'"
        deals=${deals//+/ }
    else
        file=datasets/corpus/$game.txt
        [[ -f $file ]] || die "--games: no corpus file $file for '$game' (give GAME:N)"
        deals=$(sed 's/#.*//' "$file" | tr -s ' \n' '  ')
    fi
    plan+=("$game $deals")
done

if [[ -z $bin ]]; then
    cargo build --release -q
    bin=target/release/patience
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [[ $commit != unknown && -n $(git status --porcelain -- src solvers Cargo.toml Cargo.lock 2>/dev/null) ]]; then
    commit=$commit-dirty
fi
date_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
if [[ ! -s $csv_out ]]; then
    mkdir -p "$(dirname "$csv_out")"
    echo "date_utc,commit,game,family,deal,algorithm,max_nodes,nodes,instructions,per_state" >"$csv_out"
fi

# Instructions and states expanded of one run: "INSTRUCTIONS EXPANDED".
count() {
    local game=$1 deal=$2 limit=$3 instr expanded
    valgrind --tool=callgrind --callgrind-out-file="$tmp/callgrind.out" \
        "$bin" solve "$game" --deal "$deal" --algorithm "$algorithm" --max-nodes "$limit" --json \
        >"$tmp/out.json" 2>"$tmp/err" || true
    instr=$(awk '/Collected :/ { print $NF }' "$tmp/err")
    expanded=$(grep -o '"expanded":[0-9]*' "$tmp/out.json" | cut -d: -f2 || true)
    if [[ -z $instr || -z $expanded ]]; then
        echo "instructions.sh: $game deal $deal at --max-nodes $limit failed:" >&2
        tail -5 "$tmp/err" >&2
        exit 1
    fi
    echo "$instr $expanded"
}

echo "instructions.sh: commit $commit, $date_utc, --algorithm $algorithm --max-nodes $nodes"
printf '%-28s %-14s %6s %11s %16s %11s %17s\n' game family deals states instructions "per state" "deals' range"
for line in "${plan[@]}"; do
    read -r game deals <<<"$line"
    family=$(family_of "$game")
    total_i=0 total_n=0 lo="" hi="" n_deals=0
    for deal in $deals; do
        read -r i0 n0 <<<"$(count "$game" "$deal" 1)"
        read -r i1 n1 <<<"$(count "$game" "$deal" "$nodes")"
        states=$((n1 - n0))
        instr=$((i1 - i0))
        if ((states > 0)); then
            per=$(awk -v i="$instr" -v n="$states" 'BEGIN { printf "%.0f", i / n }')
            if [[ -z $lo ]] || ((per < lo)); then lo=$per; fi
            if [[ -z $hi ]] || ((per > hi)); then hi=$per; fi
        else
            per=""
        fi
        echo "$date_utc,$commit,$game,$family,$deal,$algorithm,$nodes,$states,$instr,$per" >>"$csv_out"
        total_i=$((total_i + instr)) total_n=$((total_n + states)) n_deals=$((n_deals + 1))
    done
    per=""
    ((total_n > 0)) && per=$(awk -v i="$total_i" -v n="$total_n" 'BEGIN { printf "%.0f", i / n }')
    echo "$date_utc,$commit,$game,$family,all,$algorithm,$nodes,$total_n,$total_i,$per" >>"$csv_out"
    printf '%-28s %-14s %6d %11d %16d %11s %17s\n' "$game" "$family" "$n_deals" "$total_n" "$total_i" \
        "${per:--}" "${lo:--}..${hi:--}"
done
echo "instructions.sh: rows appended to $csv_out"
