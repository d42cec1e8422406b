#!/usr/bin/env bash
# Submits a `patience stats` run to a Slurm cluster: a job array of N shards, then a merge
# job that runs when all of them have succeeded. Prints the two job ids.
#
#   scripts/slurm/submit.sh [--sbatch "OPTIONS"] GAME A..B N OUT_DIR [stats options...]
#
# OUT_DIR (created) must be on storage every node shares; the patience binary is the one
# next to this checkout (target/release/patience) unless PATIENCE names another. The merged
# dataset is OUT_DIR/GAME-A-B.bin. Options after OUT_DIR go to every shard's `stats`
# (e.g. --max-nodes 300000 --max-memory 2G). --sbatch passes options to both sbatch calls
# (partition, account, time limit, ...). Each task asks for one CPU and, when --max-memory
# is given, that much memory plus 256M for the program.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
sbatch_opts=""
if [ "${1:-}" = "--sbatch" ]; then sbatch_opts="$2"; shift 2; fi
if [ $# -lt 4 ]; then
    sed -n '2,12p' "$0" >&2
    exit 2
fi
game="$1" deals="$2" shards="$3" out_dir="$4"
shift 4
case "$shards" in ''|*[!0-9]*|0) echo "submit.sh: bad shard count '$shards'" >&2; exit 2;; esac
patience="${PATIENCE:-$here/../../target/release/patience}"
[ -x "$patience" ] || { echo "submit.sh: $patience: no patience binary (cargo build --release)" >&2; exit 2; }
patience="$(cd "$(dirname "$patience")" && pwd)/$(basename "$patience")"
mkdir -p "$out_dir"
out_dir="$(cd "$out_dir" && pwd)"
merged="$out_dir/$game-${deals/../-}.bin"
[ -e "$merged" ] && { echo "submit.sh: $merged: file exists; choose another OUT_DIR" >&2; exit 2; }
# Check the game and the range once here rather than in N failed tasks.
case "$deals" in *..*) ;; *) echo "submit.sh: bad deal range '$deals': expected A..B" >&2; exit 2;; esac
for n in "${deals%%..*}" "${deals##*..}"; do
    "$patience" deal "$game" --deal "$n" >/dev/null || exit 2
done
# Slurm's --mem from --max-memory, read as patience reads it (512M, 2g, 1GiB, bytes).
mebibytes() {
    local v="${1^^}"
    v="${v%IB}"
    v="${v%B}"
    local bytes
    bytes=$(numfmt --from=iec "$v" 2>/dev/null) ||
        { echo "submit.sh: bad --max-memory '$1': expected a number with an optional K, M or G" >&2; exit 2; }
    echo $((bytes / 1048576))
}
mem=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[$i]}" in
        --max-memory) [ $((i + 1)) -lt ${#args[@]} ] && mem=(--mem="$(($(mebibytes "${args[$((i + 1))]}") + 256))M") ;;
        --max-memory=*) mem=(--mem="$(($(mebibytes "${args[$i]#--max-memory=}") + 256))M") ;;
    esac
done
export PATIENCE="$patience" GAME="$game" DEALS="$deals" OUT_DIR="$out_dir" SHARDS="$shards" \
    MERGED="$merged" STATS_ARGS="$*"
# shellcheck disable=SC2086 # sbatch_opts is a list of options
array=$(sbatch --parsable $sbatch_opts --array="1-$shards" --cpus-per-task=1 "${mem[@]}" \
    --output="$out_dir/shard-%a.log" --export=ALL "$here/shard.sbatch")
array="${array%%;*}"
# shellcheck disable=SC2086
merge=$(sbatch --parsable $sbatch_opts --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    --output="$out_dir/merge.log" --export=ALL "$here/merge.sbatch")
merge="${merge%%;*}"
echo "array $array merge $merge"
