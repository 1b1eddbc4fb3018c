#!/bin/bash
# The synthetic labelled suite (tests/labelled) live and from one ncu export: scripts/gpu/suite_eval.sh.
# About 3 minutes on the H200 (BUDGET_S default 290, LIVE_LIMIT 150).
SUITE=tests/labelled BUDGET_S=${BUDGET_S:-290} LIVE_LIMIT=${LIVE_LIMIT:-150} OUT=${OUT:-/tmp/solver-labelled} \
  exec bash "$(dirname "$0")/suite_eval.sh"
