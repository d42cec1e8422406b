#!/usr/bin/env bash
# The heavy checks, in release mode: the full forms of the tests whose fast slices
# `cargo test --workspace` runs (the ignored tests, named `..._in_full`), then a fixed-seed
# run of the differential soundness checks (scripts/soundness.sh on a seed of its own, so
# that CI runs the same positions every time; the fresh seeds are for long runs by hand).
#
#   bash scripts/heavy-tests.sh [--seed S] [--minutes M]
#
# `.ci/run` calls it as a step of its own after `cargo test --workspace`.
set -euo pipefail
cd "$(dirname "$0")/.."

seed=2026
minutes=3
while [ $# -gt 0 ]; do
    case "$1" in
        --seed) seed="${2:?--seed needs a number}"; shift 2 ;;
        --minutes) minutes="${2:?--minutes needs a number}"; shift 2 ;;
        *) echo "heavy-tests.sh: unknown argument '$1' (use [--seed S] [--minutes M])" >&2; exit 2 ;;
    esac
done

start=$SECONDS
echo "== the full forms of the sliced tests (release mode)"
# The long soundness run is left to the step below, which gives it its seed and minutes.
cargo test --release --workspace -- --ignored --skip differential::soundness_long_run
echo "== soundness: seed $seed for $minutes minutes (release mode)"
bash scripts/soundness.sh --seed "$seed" --minutes "$minutes"
echo "heavy tests: $((SECONDS - start)) s in all"
