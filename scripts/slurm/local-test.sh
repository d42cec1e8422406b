#!/usr/bin/env bash
# Tests cluster runs for real on this machine: installs Debian's slurm-wlm and munge (if
# missing), starts a one-node Slurm cluster in a scratch directory, submits a job array of
# 4 shards plus the merge job with submit.sh, and checks that the merged dataset equals a
# single-machine run record for record (every column but the wall time); then that a task run
# again resumes its shard, and that failing tasks cancel the merge job. Stops the cluster
# on exit. Needs root (or the packages already installed and passwordless sudo) and the
# release binary (it builds it). Where the packages cannot be installed it says so in one
# line and exits 0 (so CI goes on and says why it was skipped); any other failure exits 1.
#
#   scripts/slurm/local-test.sh [GAME A..B]      (default: md 1..400)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
game="${1:-md}" deals="${2:-1..400}"
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo -n)

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    install() {
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q slurm-wlm munge \
            >>/tmp/patience-slurm-apt.log 2>&1
    }
    # A fresh machine may have no package lists yet: update them once if the first try fails.
    if ! install && ! { "${sudo[@]}" apt-get update -q >>/tmp/patience-slurm-apt.log 2>&1 && install; }; then
        echo "slurm test skipped: cannot install slurm-wlm and munge (see /tmp/patience-slurm-apt.log)"
        exit 0
    fi
fi
(cd "$repo" && cargo build --release -q)
patience="$repo/target/release/patience"

work="$(mktemp -d /tmp/patience-slurm.XXXXXX)"
pids=()
passed=0
cleanup() {
    for p in "${pids[@]}"; do "${sudo[@]}" kill "$p" 2>/dev/null || true; done
    sleep 1
    for p in "${pids[@]}"; do "${sudo[@]}" kill -9 "$p" 2>/dev/null || true; done
    if [ "$passed" = 1 ]; then
        "${sudo[@]}" rm -rf "$work"
    else
        echo "slurm test: the cluster's files and logs are kept in $work" >&2
    fi
}
trap cleanup EXIT

# munge: a key of our own and a daemon with its own socket, beside any system one.
mkdir -p "$work/munge" && chmod 700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
"${sudo[@]}" munged --key-file="$work/munge/munge.key" --socket="$socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
    --seed-file="$work/munge/munge.seed" --force
pids+=("$(cat "$work/munge/munged.pid")")

host="$(hostname -s)"
cpus="$(nproc)"
mem_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
mkdir -p "$work/spool" "$work/state" "$work/out"
conf="$work/slurm.conf"
cat >"$conf" <<CONF
ClusterName=patience-test
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$conf"
"${sudo[@]}" env SLURM_CONF="$conf" slurmctld
"${sudo[@]}" env SLURM_CONF="$conf" slurmd
for _ in $(seq 1 60); do
    [ -s "$work/slurmctld.pid" ] && [ -s "$work/slurmd.pid" ] && break
    sleep 0.5
done
pids+=("$(cat "$work/slurmd.pid")" "$(cat "$work/slurmctld.pid")")
for _ in $(seq 1 60); do
    sinfo -h -N -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
    sleep 1
done
sinfo -h -N -o "%N %t %c CPUs" | grep -qE ' (idle|mix|alloc)' || {
    echo "slurm test: the node did not come up:" >&2
    tail -5 "$work/slurmd.log" "$work/slurmctld.log" >&2
    exit 1
}

ids=$("$repo/scripts/slurm/submit.sh" "$game" "$deals" 4 "$work/out" --max-nodes 20000 --max-memory 256M)
echo "submitted: $ids"
merge_id="${ids##* }"
# Wait for the merge job to leave the queue (done, failed or cancelled).
for _ in $(seq 1 900); do
    squeue -h -j "$merge_id" 2>/dev/null | grep -q . || break
    sleep 1
done
merged="$work/out/$game-${deals/../-}.bin"
if [ ! -s "$merged" ]; then
    echo "slurm test: no merged dataset; the jobs' logs:" >&2
    tail -n 5 "$work"/out/*.log >&2 || true
    exit 1
fi
cat "$work/out/merge.log"

# The same run on one machine, in one process.
"$patience" stats "$game" --deals "$deals" --max-nodes 20000 --max-memory 256M \
    --out "$work/single.bin" >/dev/null
strip() { "$patience" dataset export "$1" | cut -d, -f1-6,8-; }
if ! diff <(strip "$merged") <(strip "$work/single.bin") >"$work/diff.txt"; then
    echo "slurm test: the merged dataset differs from the single run:" >&2
    head -20 "$work/diff.txt" >&2
    exit 1
fi
rows=$(strip "$merged" | tail -n +2 | wc -l)

# A requeued task resumes its shard: running task 2 again decides nothing new and leaves
# the shard's records as they were.
before=$(strip "$work/out/shard-2.bin")
(
    export PATIENCE="$patience" GAME="$game" DEALS="$deals" OUT_DIR="$work/out" \
        STATS_ARGS="--max-nodes 20000 --max-memory 256M" SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=4
    bash "$repo/scripts/slurm/shard.sbatch" >"$work/requeue.log" 2>&1
) || { echo "slurm test: the requeued task failed:" >&2; cat "$work/requeue.log" >&2; exit 1; }
grep -q "came from the resumed dataset, 0 decided now" "$work/requeue.log" ||
    { echo "slurm test: the requeued task did not resume:" >&2; cat "$work/requeue.log" >&2; exit 1; }
[ "$(strip "$work/out/shard-2.bin")" = "$before" ] ||
    { echo "slurm test: the requeued task changed its shard" >&2; exit 1; }

# Failing tasks (4 shards of 3 deals: each task refuses) cancel the merge job: it never runs.
ids=$("$repo/scripts/slurm/submit.sh" "$game" 1..3 4 "$work/fail")
merge_id="${ids##* }"
for _ in $(seq 1 300); do
    squeue -h -j "$merge_id" 2>/dev/null | grep -q . || break
    sleep 1
done
if squeue -h -j "$merge_id" 2>/dev/null | grep -q .; then
    echo "slurm test: the merge job still waits on shards that failed (not cancelled)" >&2
    exit 1
fi
if [ -e "$work/fail/merge.log" ] || [ -e "$work/fail/$game-1-3.bin" ]; then
    echo "slurm test: the merge job ran although its shards failed" >&2
    exit 1
fi
grep -q "exceeds the 3 deals" "$work/fail/shard-1.log" ||
    { echo "slurm test: the failing task did not say why:" >&2; cat "$work/fail/shard-1.log" >&2; exit 1; }
passed=1
echo "slurm test passed: 4 shards on a one-node cluster, merged $rows records of $game $deals, equal to the single run; a requeued task resumed its shard; failed tasks cancelled the merge"
