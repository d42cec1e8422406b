#!/usr/bin/env bash
# The differential soundness checks of tests/it/differential.rs on fresh seeds, for as long
# as asked: every preset and random rules files, small positions explored by a plain search
# over the referee's exact layouts and compared with the engine (moves, keys, counts,
# verdicts, forced moves, helper piles). Every failing position is saved in
# tests/data/soundness/found/ (a board naming its game, and for a random game its rules
# file), which `cargo test` then replays. Each round also checks the own-rules engines
# (Gaps, Camelot, the onto-waste games, First Law, Fortunes, the compacting games, the
# pairing games, Maze) against the plain search over their referees' layouts on the round's
# seed and fresh deals (each module's `plain_search_round` in tests/it/); such a failure
# prints its board in the report instead of saving it.
#
#   bash scripts/soundness.sh --minutes 30 [--seed S]
#
# Without --seed the rounds start from a fresh seed (the time); with it, from S, so that a
# run repeats: scripts/heavy-tests.sh (a step of CI) runs seed 2026 for 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=10
seed=""
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) minutes="${2:?--minutes needs a number}"; shift 2 ;;
        --seed) seed="${2:?--seed needs a number}"; shift 2 ;;
        *) echo "soundness.sh: unknown argument '$1' (use --minutes N [--seed S])" >&2; exit 2 ;;
    esac
done
case "$minutes" in
    ''|*[!0-9.]*) echo "soundness.sh: --minutes takes a number, not '$minutes'" >&2; exit 2 ;;
esac

export SOUNDNESS_MINUTES="$minutes"
[ -n "$seed" ] && export SOUNDNESS_SEED="$seed"
echo "soundness: $minutes minutes of differential checks (failures go to tests/data/soundness/found/)"
# Built first, then run on its own, so that cargo's lock on target/ is not held for the run.
bin=$(cargo test --release --test it --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\/deps\/it-[0-9a-f]*\)).*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "soundness.sh: could not build the test binary" >&2; exit 1; }
exec "$bin" --ignored --exact differential::soundness_long_run --nocapture
