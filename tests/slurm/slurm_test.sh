#!/usr/bin/env bash
# The Slurm recipe for real (ctest label `slurm`; docs/scale-out.md). Brings up a one-node
# Slurm on localhost (Debian's munged, slurmctld and slurmd, a slurm.conf written here into a
# temp dir, nothing of the machine's own configuration touched), submits the sharded ablation
# with scripts/slurm/submit.sh on the recorded backend (4 shards over the 6 built-in problems,
# per-problem tables), requeues shard 2 mid-run (Slurm kills it; it must resume from its
# ledger), lets the merge job (--dependency=afterok) merge the shards, and compares the merged
# run with an unsharded run of the same problems: the same ledger, byte for byte, the same
# summary and measurements. Exits 77 (SKIP) with the reason where Slurm cannot be started:
# not installed (scripts/install_packages.sh slurm-wlm munge), not root, or a daemon that
# does not come up.
# Usage: tests/slurm/slurm_test.sh SOLVER_BIN [SOURCE_DIR]
set -uo pipefail
bin=$(realpath "${1:?usage: slurm_test.sh SOLVER_BIN [SOURCE_DIR]}")
src=$(realpath "${2:-$(dirname "$0")/../..}")
skip() { echo "SKIP (no Slurm): $*"; exit 77; }
fail() { echo "FAIL: $*"; dump; exit 1; }

for b in munged slurmctld slurmd sbatch squeue scontrol sinfo; do
  command -v "$b" >/dev/null 2>&1 || PATH="$PATH:/usr/sbin:/sbin"
  command -v "$b" >/dev/null 2>&1 || skip "$b is not installed (apt-get install slurm-wlm munge)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd needs root here (run as root, as CI does)"

t=$(mktemp -d /tmp/solver-slurm-XXXXXX)
chmod 755 "$t"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  sleep 0.5
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done
  rm -rf "$t"
}
trap cleanup EXIT
dump() {
  for f in "$t"/log/*.log "$t"/run/logs/*.out; do
    [ -f "$f" ] && { echo "--- $f"; tail -20 "$f"; }
  done
}

# munge: its own key, socket and state in the temp dir.
mkdir -p "$t/munge" "$t/log" "$t/state" "$t/spool"
chmod 700 "$t/munge"
dd if=/dev/urandom of="$t/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$t/munge/munge.key"
munged --force --key-file="$t/munge/munge.key" --socket="$t/munge/munge.socket" \
  --pid-file="$t/munge/munged.pid" --log-file="$t/log/munged.log" --seed-file="$t/munge/seed" \
  >"$t/log/munged.out" 2>&1 || skip "munged does not start: $(tail -2 "$t/log/munged.log" 2>/dev/null)"
for _ in $(seq 50); do [ -s "$t/munge/munged.pid" ] && break; sleep 0.1; done
[ -s "$t/munge/munged.pid" ] || skip "munged wrote no pid file"
pids+=("$(cat "$t/munge/munged.pid")")

# A port nothing listens on (bash's /dev/tcp: no python on a bare Debian).
free_port() {
  local p
  for _ in $(seq 50); do
    p=$((20000 + RANDOM % 20000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
  echo 6817
}
host=$(hostname -s)
cpus=4
cat >"$t/slurm.conf" <<CONF
ClusterName=solvertest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$t/munge/munge.socket,cred_expire=5
CredType=cred/munge
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool/%n
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/log/slurmctld.log
SlurmdLogFile=$t/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=2
SlurmdParameters=config_overrides
ReturnToService=2
JobRequeue=1
MinJobAge=600
KillWait=5
InactiveLimit=0
MessageTimeout=20
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=solvertest Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
export SLURM_CONF="$t/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" >"$t/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$t/log/slurmd.out" 2>&1 &
pids+=($!)
up=""
for _ in $(seq 60); do
  state=$(sinfo -h -N -o %T 2>/dev/null | head -1)
  [ "$state" = idle ] && { up=1; break; }
  sleep 0.5
done
[ -n "$up" ] || skip "the local Slurm did not come up (node state '${state:-none}'): $(tail -3 "$t/log/slurmctld.log" "$t/log/slurmd.log" 2>/dev/null | tr '\n' ' ')"
echo "slurm up: node $host, $(sinfo -h -o '%c CPUs, partition %P')"

# The same problems, rounds and seed, sharded and not. The round delay stretches each shard to
# a few seconds, so the requeue lands mid-run.
problems=softmax,layernorm,matmul,reduce,sigmoid,matmul_scalar
args=(--data-dir "$src" --problems "$problems" --rounds 8 --seed 5 --backend recorded
      --on-tables per-problem --quiet --round-delay-ms 300)
ids=$(cd "$t" && SOLVER_BIN="$bin" GPUS_PER_TASK=0 "$src/scripts/slurm/submit.sh" "$t/run" 4 "${args[@]}") ||
  fail "submit.sh failed"
read -r jid mid <<<"$ids"
echo "submitted: array $jid (4 shards), merge $mid (afterok:$jid)"

# Requeue shard 2 once it has recorded a few rounds (a killed, requeued task).
requeued=""
for _ in $(seq 600); do
  lines=$({ wc -l <"$t/run/shards/2/ledger.jsonl"; } 2>/dev/null || echo 0)
  if [ "$lines" -ge 4 ]; then
    scontrol requeue "${jid}_2" && requeued=$lines
    break
  fi
  sleep 0.1
done
[ -n "$requeued" ] || fail "shard 2 never reached 3 recorded rounds (or could not be requeued)"
echo "requeued shard 2 after $((requeued - 1)) recorded rounds"

# Meanwhile the reference: the unsharded run.
"$bin" ablate "${args[@]}" --out "$t/whole" >"$t/log/whole.out" 2>&1 || fail "the unsharded run failed"

for _ in $(seq 600); do
  [ -z "$(squeue -h -j "$jid,$mid" 2>/dev/null)" ] && break
  sleep 0.2
done
[ -z "$(squeue -h -j "$jid,$mid" 2>/dev/null)" ] || fail "jobs still queued after 120 s: $(squeue -h)"
mstate=$(scontrol show job "$mid" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -1)
[ "$mstate" = JobState=COMPLETED ] || fail "merge job: $mstate"
restarts=$(scontrol show job "${jid}_2" 2>/dev/null | grep -o 'Restarts=[0-9]*' | head -1)
[ "$restarts" = Restarts=1 ] || fail "shard 2 was not requeued ($restarts)"
grep -q '"resumed"' "$t/run/shards/2/manifest.json" || fail "shard 2 did not resume its run (no resumed[] in its manifest)"
resumed=$(grep -o 'resuming .* after [0-9]* recorded rounds' "$t/run/logs/shard-2.out" | head -1)
[ -n "$resumed" ] || fail "shard 2's log shows no resume"
echo "shard 2: $resumed"

cmp "$t/run/ledger.jsonl" "$t/whole/ledger.jsonl" || fail "merged and unsharded ledgers differ"
cmp "$t/run/measurements.json" "$t/whole/measurements.json" || fail "merged and unsharded measurements differ"
cmp "$t/run/summary.json" "$t/whole/summary.json" || fail "merged and unsharded summaries differ"
"$bin" report "$t/run" >/dev/null || fail "solver report does not read the merged run"
"$bin" replay --run "$t/run" --rules "$t/run/rules.yaml" >/dev/null || fail "solver replay does not read the merged run"
"$bin" --data-dir "$src" dry-run --chip h200 --run "$t/run" >/dev/null || fail "solver dry-run --run does not read the merged run"
echo "PASS: 4 shards on Slurm (shard 2 requeued after $((requeued - 1)) rounds and resumed), merged by the afterok job: ledger, measurements and summary identical to the unsharded run ($(( $(wc -l <"$t/run/ledger.jsonl") - 1 )) rounds)"
