#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: `solver ablate`, evolution ON against
# OFF over the built-in problems. Live on a GPU when one answers; otherwise on the bundled
# recording of H200 measurements (tests/data/recordings/h200.json). The first line of output says
# which. Usage: ./scripts/ablate.sh [extra solver ablate args, e.g. --rules rules/seed.yaml]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" --main-only
# The built-in problems: every folder of problems/ (17 since issue 18). Without a GPU, solver
# replays the bundled recording of all of them on the H200 (every variant at every knob point)
# and says so in its first line. An explicit --problems replaces the list.
problems=$(cd "$root/problems" && for d in */; do [ -f "$d/problem.yaml" ] && printf '%s,' "${d%/}"; done)
problems=${problems%,}
for a in "$@"; do [ "$a" = --problems ] && exec "$root/build/engine/solver" ablate --rounds 12 "$@"; done
exec "$root/build/engine/solver" ablate --problems "$problems" --rounds 12 "$@"
