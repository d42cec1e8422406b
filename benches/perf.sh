#!/usr/bin/env bash
# The performance suite: patience against the specialised peers, and at fixed budgets where
# there is no peer, one thread each; one line per game with the median time ratio, its range,
# states a second and the deals decided, and one CSV row per game appended to
# benches/results/perf.csv (benches/results/README.md says what the columns are).
#
#   bash benches/perf.sh [OPTIONS]
#
# Games (--games, comma-separated; default all five):
#   freecell        Microsoft deals: `patience stats freecell --deals A..B --threads 1` against
#                   fc-solve's `freecell-solver-range-parallel-solve A B 1 -l lg`;
#   klondike        draw 3, and klondike-draw1, draw 1, on lonelybot's deals against its
#                   `lonecli`, through benches/vs-lonelybot.py (which checks the layouts and
#                   replays the winning lines on the first run); only with --lonelybot PATH;
#   forty-thieves   and spider: `patience stats GAME --deals A..B --threads 1 --max-nodes N`,
#                   no peer: time, states a second, deals decided.
#
# Every pair runs --runs times, ours and the peer's one after the other (FreeCell swaps which
# goes first every run; vs-lonelybot.py alternates the two on every deal), and the line gives
# the median of the per-run ratios ours / peer with their range: one pair on a shared machine
# can be off by a quarter. Nothing here asserts a timing.
#
# Options:
#   --runs R                  runs per game (default 3)
#   --games LIST              freecell,klondike,klondike-draw1,forty-thieves,spider
#   --freecell-deals A..B     (default 1..8000; --full: 1..32000)
#   --klondike-deals A..B     lonelybot's deals (default 1..100; --full: 1..1000)
#   --klondike-timeout S      seconds a deal and solver (default 10)
#   --forty-thieves-deals A..B, --spider-deals A..B   (default 1..50)
#   --max-nodes N             the budget a deal of Forty Thieves and Spider (default 100000)
#   --spider-game GAME        the Spider preset (default spider-4suits)
#   --lonelybot PATH          lonelybot's lonecli (benches/build-lonelybot.sh builds it)
#   --fc-solve PATH           fc-solve's freecell-solver-range-parallel-solve (default: the
#                             one on PATH; when missing and run as root, Debian's
#                             freecell-solver-bin is installed with apt-get)
#   --patience PATH           the patience binary (default: cargo build --release)
#   --csv FILE                append the rows here instead of benches/results/perf.csv
#   --full                    the issue's sizes: FreeCell 1..32000, Klondike 1..1000
#   --smoke                   CI: FreeCell 1..50, Klondike 1..5, Forty Thieves and Spider 1..3
#                             at 20000 states, 2 runs, the CSV to a temporary file
# A bad option prints one line and exits with status 2.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/script-common.sh"

runs="" games="" fc_deals="" kl_deals="" kl_timeout="" ft_deals="" sp_deals="" nodes=""
spider_game="" lonelybot="" fcs="" bin="" csv_out="" full=0 smoke=0
while [[ $# -gt 0 ]]; do
    case $1 in
    --runs) need "$@"; runs=$2; shift 2 ;;
    --games) need "$@"; games=$2; shift 2 ;;
    --freecell-deals) need "$@"; fc_deals=$2; shift 2 ;;
    --klondike-deals) need "$@"; kl_deals=$2; shift 2 ;;
    --klondike-timeout) need "$@"; kl_timeout=$2; shift 2 ;;
    --forty-thieves-deals) need "$@"; ft_deals=$2; shift 2 ;;
    --spider-deals) need "$@"; sp_deals=$2; shift 2 ;;
    --max-nodes) need "$@"; nodes=$2; shift 2 ;;
    --spider-game) need "$@"; spider_game=$2; shift 2 ;;
    --lonelybot) need "$@"; lonelybot=$2; shift 2 ;;
    --fc-solve) need "$@"; fcs=$2; shift 2 ;;
    --patience) need "$@"; bin=$2; shift 2 ;;
    --csv) need "$@"; csv_out=$2; shift 2 ;;
    --full) full=1; shift ;;
    --smoke) smoke=1; shift ;;
    -h | --help)
        usage
        exit 0
        ;;
    *) die "unknown option $1 (see --help)" ;;
    esac
done
lonelybot=$(absolute "$lonelybot")
fcs=$(absolute "$fcs")
bin=$(absolute "$bin")
csv_out=$(absolute "$csv_out")
[[ $full == 1 && $smoke == 1 ]] && die "--full and --smoke exclude each other"

# Defaults: the smoke's, the issue's full sizes, or the everyday ones (a few minutes).
if [[ $smoke == 1 ]]; then
    : "${runs:=2}" "${fc_deals:=1..50}" "${kl_deals:=1..5}" "${ft_deals:=1..3}" "${sp_deals:=1..3}" "${nodes:=20000}"
elif [[ $full == 1 ]]; then
    : "${fc_deals:=1..32000}" "${kl_deals:=1..1000}"
fi
: "${runs:=3}" "${games:=freecell,klondike,klondike-draw1,forty-thieves,spider}"
: "${fc_deals:=1..8000}" "${kl_deals:=1..100}" "${kl_timeout:=10}" "${ft_deals:=1..50}"
: "${sp_deals:=1..50}" "${nodes:=100000}" "${spider_game:=spider-4suits}"

[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs: a positive whole number, not '$runs'"
[[ $nodes =~ ^[1-9][0-9]*$ ]] || die "--max-nodes: a positive whole number, not '$nodes'"
[[ $kl_timeout =~ ^[0-9]+([.][0-9]+)?$ ]] && awk -v t="$kl_timeout" 'BEGIN { exit !(t > 0) }' ||
    die "--klondike-timeout: a positive number of seconds, not '$kl_timeout'"
for spec in "--freecell-deals $fc_deals" "--klondike-deals $kl_deals" \
    "--forty-thieves-deals $ft_deals" "--spider-deals $sp_deals"; do
    read -r opt range <<<"$spec"
    if ! [[ $range =~ ^([1-9][0-9]*)[.][.]([1-9][0-9]*)$ ]] || ((BASH_REMATCH[1] > BASH_REMATCH[2])); then
        die "$opt: a range A..B with 1 <= A <= B, not '$range'"
    fi
done
IFS=, read -r -a game_list <<<"$games"
for g in "${game_list[@]}"; do
    case $g in
    freecell | klondike | klondike-draw1 | forty-thieves | spider) ;;
    *) die "--games: unknown game '$g' (freecell, klondike, klondike-draw1, forty-thieves, spider)" ;;
    esac
done
for spec in "--lonelybot:$lonelybot" "--fc-solve:$fcs" "--patience:$bin"; do
    p=${spec#*:}
    [[ -z $p || (-f $p && -x $p) ]] || die "${spec%%:*}: $p is not an executable file"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ $smoke == 1 && -z $csv_out ]]; then
    csv_out=$tmp/perf.csv
fi
: "${csv_out:=benches/results/perf.csv}"

if [[ -z $bin ]]; then
    cargo build --release -q
    bin=target/release/patience
fi

# ---------------------------------------------------------------- helpers

now() { date +%s.%N; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a - b }'; }
load() { cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?"; }
# The median, minimum and maximum of the arguments, or "- - -" for none.
summary() {
    if [[ $# -eq 0 ]]; then
        echo "- - -"
        return
    fi
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.4f %.4f %.4f\n", m, v[1], v[NR] }'
}
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [[ $commit != unknown && -n $(git status --porcelain -- src solvers Cargo.toml Cargo.lock 2>/dev/null) ]]; then
    commit=$commit-dirty
fi
date_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
header=date_utc,commit,load_avg,game,peer,deals,runs,ours_s,peer_s,ratio_median,ratio_min,ratio_max,states_per_s,decided,unknown,mismatches,peer_unknown,limit
if [[ ! -s $csv_out ]]; then
    mkdir -p "$(dirname "$csv_out")"
    echo "$header" >"$csv_out"
fi

# One printed line and one CSV row: game peer deals ours_s peer_s ratio(median min max)
# states_per_s decided unknown mismatches peer_unknown limit load.
report() {
    local game=$1 peer=$2 deals=$3 ours=$4 peer_s=$5 rmed=$6 rmin=$7 rmax=$8 rate=$9
    local decided=${10} unknown=${11} mism=${12} peer_unknown=${13} limit=${14} ld=${15}
    local line
    line=$(printf '%-15s %-18s deals %-9s runs %s  ours %7.2f s' "$game" "${peer:-"($limit)"}" "$deals" "$runs" "$ours")
    if [[ $peer_s != - ]]; then
        line+=$(printf '  peer %7.2f s  ratio %.2f (%.2f..%.2f)' "$peer_s" "$rmed" "$rmin" "$rmax")
    fi
    line+=$(printf '  %8.0f states/s  decided %s  unknown %s' "$rate" "$decided" "$unknown")
    if [[ $peer_s != - ]]; then
        line+=$(printf ' (peer %s)  mismatches %s' "$peer_unknown" "$mism")
    fi
    echo "$line  [load $ld]"
    [[ $peer_s == - ]] && peer_s="" rmed="" rmin="" rmax="" mism="" peer_unknown=""
    echo "$date_utc,$commit,$ld,$game,$peer,$deals,$runs,$ours,$peer_s,$rmed,$rmin,$rmax,$(printf '%.0f' "$rate"),$decided,$unknown,$mism,$peer_unknown,$limit" >>"$csv_out"
}

# ---------------------------------------------------------------- FreeCell

freecell() {
    local first=${fc_deals%..*} last=${fc_deals#*..} ld r who t0 t1
    if [[ -z $fcs ]] && ! command -v freecell-solver-range-parallel-solve >/dev/null; then
        if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
            echo "installing Debian's freecell-solver-bin (fc-solve) ..." >&2
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq freecell-solver-bin; } >/dev/null 2>&1 || true
        fi
    fi
    if [[ -z $fcs ]]; then
        fcs=$(command -v freecell-solver-range-parallel-solve || true)
    fi
    if [[ -z $fcs ]]; then
        echo "freecell        skipped: fc-solve not found and not installable here (Debian's freecell-solver-bin, or --fc-solve PATH)"
        return
    fi
    ld=$(load)
    local ours=() peer=() ratios=() rates=()
    for r in $(seq "$runs"); do
        local order="ours peer"
        ((r % 2 == 0)) && order="peer ours"
        for who in $order; do
            t0=$(now)
            if [[ $who == ours ]]; then
                "$bin" stats freecell --deals "$fc_deals" --threads 1 --csv "$tmp/fc-$r.csv" --json >"$tmp/fc-$r.json"
            else
                "$fcs" "$first" "$last" 1 -l lg >"$tmp/fcs-$r.out" 2>&1
            fi
            t1=$(now)
            if [[ $who == ours ]]; then ours+=("$(minus "$t1" "$t0")"); else peer+=("$(minus "$t1" "$t0")"); fi
        done
        ratios+=("$(awk -v a="${ours[-1]}" -v b="${peer[-1]}" 'BEGIN { printf "%.4f", a / b }')")
        rates+=("$(tr ',' '\n' <"$tmp/fc-$r.json" | awk -F: '$1 == "\"states\"" { s = $2 } $1 == "\"micros\"" { m = $2 } END { printf "%.0f", m ? s * 1e6 / m : 0 }')")
    done
    # Verdicts of the first run: ours from the CSV; fc-solve prints "Unsolved Board No. N"
    # when its preset runs out of moves (its "impossible", not a proof with -l lg) and
    # "Intractable Board No. N" when it gives up.
    local counts
    counts=$(awk -F, '
        FNR == 1 { file++ }
        file == 1 && /^Unsolved Board No\./ { split($0, w, " "); peer[w[4]] = "unsolvable"; next }
        file == 1 && /^Intractable Board No\./ { split($0, w, " "); peer[w[4]] = "unknown"; pu++; next }
        file == 2 && FNR > 1 {
            if ($4 == "unknown") unknown++; else decided++
            p = ($3 in peer) ? peer[$3] : "solved"
            if (($4 == "solved" && p == "unsolvable") || ($4 == "unsolvable" && p == "solved")) { mism++; bad = bad " " $3 }
        }
        END { printf "%d %d %d %d%s\n", decided, unknown, mism, pu, bad }' "$tmp/fcs-1.out" "$tmp/fc-1.csv")
    local decided unknown mism pu bad
    read -r decided unknown mism pu bad <<<"$counts"
    [[ -n ${bad:-} ]] && echo "freecell: verdicts differ from fc-solve's on deals $bad" >&2
    read -r om _ _ <<<"$(summary "${ours[@]}")"
    read -r pm _ _ <<<"$(summary "${peer[@]}")"
    read -r rmed rmin rmax <<<"$(summary "${ratios[@]}")"
    read -r rate _ _ <<<"$(summary "${rates[@]}")"
    report freecell "fc-solve -l lg" "$fc_deals" "$om" "$pm" "$rmed" "$rmin" "$rmax" "$rate" \
        "$decided" "$unknown" "$mism" "$pu" "" "$ld"
}

# ---------------------------------------------------------------- Klondike

klondike() {
    local game=$1 ld r
    if [[ -z $lonelybot ]]; then
        echo "$(printf '%-15s' "$game") skipped: no --lonelybot PATH (benches/build-lonelybot.sh builds lonecli)"
        return
    fi
    ld=$(load)
    local checks=()
    for r in $(seq "$runs"); do
        # The layouts and winning lines are checked on the first run only.
        ((r > 1)) && checks=(--no-layout-check --no-line-check)
        python3 benches/vs-lonelybot.py --lonelybot "$lonelybot" --patience "$bin" \
            --deals "$kl_deals" --timeout "$kl_timeout" --game "$game" \
            --csv "$tmp/$game-$r.csv" "${checks[@]}" >"$tmp/$game-$r.log"
        if grep -q '^checks (.*): [0-9]* problems' "$tmp/$game-$r.log"; then
            echo "$game: vs-lonelybot.py's checks found problems:" >&2
            sed -n '/^checks (/,$p' "$tmp/$game-$r.log" >&2
        fi
    done
    # Per run: our and lonelybot's wall seconds, states and search seconds; from the first
    # run the verdict counts and the deals one calls solved and the other unsolvable.
    local out
    out=$(python3 - "$tmp/$game" "$runs" <<'PY'
import csv, statistics, sys
stem, runs = sys.argv[1], int(sys.argv[2])
ours, peer, ratios, rates = [], [], [], []
first = None
for r in range(1, runs + 1):
    with open("%s-%d.csv" % (stem, r), newline="") as f:
        rows = list(csv.DictReader(f))
    o = sum(float(x["patience_seconds"]) for x in rows)
    p = sum(float(x["lonelybot_seconds"]) for x in rows)
    st = sum(int(x["patience_states"] or 0) for x in rows)
    own = sum(float(x["patience_own_seconds"] or 0) for x in rows)
    ours.append(o); peer.append(p); ratios.append(o / p if p else 0.0)
    rates.append(st / own if own else 0.0)
    if first is None:
        first = rows
decided = sum(1 for x in first if x["patience"] in ("solved", "unsolvable"))
unknown = len(first) - decided
peer_unknown = sum(1 for x in first if x["lonelybot"] not in ("solved", "unsolvable"))
bad = [x["deal"] for x in first if {x["patience"], x["lonelybot"]} == {"solved", "unsolvable"}]
print("%.4f %.4f %.4f %.4f %.4f %.0f %d %d %d %d %s" % (
    statistics.median(ours), statistics.median(peer), statistics.median(ratios),
    min(ratios), max(ratios), statistics.median(rates), decided, unknown, len(bad),
    peer_unknown, " ".join(bad)))
PY
)
    local om pm rmed rmin rmax rate decided unknown mism pu bad
    read -r om pm rmed rmin rmax rate decided unknown mism pu bad <<<"$out"
    [[ -n ${bad:-} ]] && echo "$game: lonelybot and patience differ (solved against unsolvable) on deals $bad" >&2
    report "$game" lonelybot "$kl_deals" "$om" "$pm" "$rmed" "$rmin" "$rmax" "$rate" \
        "$decided" "$unknown" "$mism" "$pu" "max-time=$kl_timeout" "$ld"
}

# ---------------------------------------------------------------- fixed budgets

budget() {
    local game=$1 deals=$2 ld r t0 t1
    ld=$(load)
    local secs=() rates=() unknown=0 total
    for r in $(seq "$runs"); do
        t0=$(now)
        "$bin" stats "$game" --deals "$deals" --threads 1 --max-nodes "$nodes" --json >"$tmp/$game-$r.json"
        t1=$(now)
        secs+=("$(minus "$t1" "$t0")")
        rates+=("$(tr ',' '\n' <"$tmp/$game-$r.json" | awk -F: '$1 == "\"states\"" { s = $2 } $1 == "\"micros\"" { m = $2 } END { printf "%.0f", m ? s * 1e6 / m : 0 }')")
    done
    unknown=$(tr ',{}' '\n\n\n' <"$tmp/$game-1.json" | awk -F: '$1 == "\"unknown\"" { print $2; exit }')
    total=$((${deals#*..} - ${deals%..*} + 1))
    read -r om _ _ <<<"$(summary "${secs[@]}")"
    read -r rate _ _ <<<"$(summary "${rates[@]}")"
    report "$game" "" "$deals" "$om" - - - - "$rate" "$((total - unknown))" "$unknown" - - \
        "max-nodes=$nodes" "$ld"
}

# ---------------------------------------------------------------- the suite

echo "perf.sh: commit $commit, $date_utc, $(nproc 2>/dev/null || echo '?') cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'), runs a game: $runs"
for g in "${game_list[@]}"; do
    case $g in
    freecell) freecell ;;
    klondike | klondike-draw1) klondike "$g" ;;
    forty-thieves) budget forty-thieves "$ft_deals" ;;
    spider) budget "$spider_game" "$sp_deals" ;;
    esac
done
if [[ $smoke == 1 && $csv_out == "$tmp/perf.csv" ]]; then
    echo "perf.sh: the smoke's rows (not kept):"
    cat "$csv_out"
else
    echo "perf.sh: rows appended to $csv_out"
fi
