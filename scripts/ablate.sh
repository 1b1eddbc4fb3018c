#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: `solver ablate`, evolution ON against
# OFF over the built-in problems. Live on a GPU when one answers; otherwise on the bundled
# recording of H200 measurements (tests/data/recordings/h200.json). The first line of output says
# which. Usage: ./scripts/ablate.sh [extra solver ablate args, e.g. --rules rules/seed.yaml]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
problems=matmul,matmul_scalar,softmax,layernorm,reduce,sigmoid
if ! nvidia-smi -L >/dev/null 2>&1; then
  # Without a GPU only recorded problems can be replayed; the bundled recording holds these.
  problems=softmax,layernorm,reduce,matmul_scalar
  echo "ablate.sh: no GPU answered nvidia-smi: replaying the recorded pools ($problems);" \
       "matmul and sigmoid need a live GPU or a recording of them" >&2
fi
exec "$root/build/engine/solver" ablate --problems "$problems" --rounds 12 "$@"
