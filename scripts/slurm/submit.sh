#!/usr/bin/env bash
# Submits a sharded ablation to Slurm: an array of N shard tasks (ablate.sbatch) and a merge
# job that waits for all of them (--dependency=afterok). Prints the two job ids.
# Usage: scripts/slurm/submit.sh RUN_DIR N [ablate args...]
#   e.g. scripts/slurm/submit.sh /shared/runs/kb250 32 --problems-dir /shared/kb --problems "$(cat list)" \
#          --on-tables per-problem --rounds 12
# Environment:
#   SOLVER_BIN       solver executable (default: `solver` on PATH), on a filesystem the nodes see
#   GPUS_PER_TASK    GPUs per shard task (default 1; 0 = none, for the recorded backend)
#   SBATCH_ARGS      more sbatch options for both jobs (--partition, --account, --time ...)
#   ARRAY_LIMIT      at most this many shards at once (sbatch --array=1-N%LIMIT)
# RUN_DIR/logs/ holds Slurm's output of every task; RUN_DIR/shards/K each shard's run directory;
# the merged run is RUN_DIR itself (report.html, summary.json, ledger.jsonl).
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
run=$(realpath -m "$1")
n=$2
shift 2
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: N must be a positive integer, got '$n'" >&2; exit 2; }
here="$(cd "$(dirname "$0")" && pwd)"
bin=${SOLVER_BIN:-$(command -v solver || true)}
[ -x "$bin" ] || { echo "submit.sh: no solver executable (set SOLVER_BIN)" >&2; exit 2; }
bin=$(realpath "$bin")
mkdir -p "$run/logs" "$run/shards"
printf '%s\n' "$@" >"$run/ablate.args"
gpus=()
[ "${GPUS_PER_TASK:-1}" = 0 ] || gpus=(--gpus-per-task="${GPUS_PER_TASK:-1}")
array="1-$n${ARRAY_LIMIT:+%$ARRAY_LIMIT}"
export_vars="ALL,SOLVER_BIN=$bin,SOLVER_RUN=$run,SOLVER_ARGS_FILE=$run/ablate.args,SOLVER_SHARDS=$n"
# shellcheck disable=SC2086
jid=$(sbatch --parsable ${SBATCH_ARGS:-} "${gpus[@]}" --array="$array" --export="$export_vars" \
  --output="$run/logs/shard-%a.out" "$here/ablate.sbatch")
jid=${jid%%;*}
# shellcheck disable=SC2086
mid=$(sbatch --parsable ${SBATCH_ARGS:-} --dependency=afterok:"$jid" --kill-on-invalid-dep=yes \
  --export="$export_vars" --output="$run/logs/merge.out" "$here/merge.sbatch")
mid=${mid%%;*}
echo "$jid $mid"
