#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: `solver ablate` over the built-in
# problems, evolution ON against OFF. Live on a GPU when one is present; otherwise on the bundled
# recording of H200 measurements (the first line of output says which).
# Usage: ./scripts/ablate.sh [extra solver ablate args...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
exec "$root/build/engine/solver" ablate \
  --problems matmul,matmul_scalar,softmax,layernorm,reduce,sigmoid --rounds 12 "$@"
