#!/bin/bash
# The real-kernel corpus (tests/corpus, issue 29) live and from one ncu export, scored for all,
# the dev part and the held-out third: scripts/gpu/suite_eval.sh. About 5-7 minutes on the H200
# (BUDGET_S default 480, LIVE_LIMIT 260). SUITE=tests/corpus_fresh runs the fresh held-out batch
# the same way (run.sh's corpus_fresh step).
SUITE=${SUITE:-tests/corpus} BUDGET_S=${BUDGET_S:-480} LIVE_LIMIT=${LIVE_LIMIT:-260} OUT=${OUT:-/tmp/solver-corpus} \
  exec bash "$(dirname "$0")/suite_eval.sh"
