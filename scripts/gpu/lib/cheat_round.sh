# Sourced, not run: one live round of a tests/cheats folder and its outcome, the block every
# cheat script shares (scripts/gpu/cheats.sh, the red team probes).
#
#   cheat_round BIN NAME OUTDIR SECONDS [LABEL]
#
# runs `BIN run` on tests/cheats/NAME for one round (evolution off, 15 pairs, seed $CR_SEED or 7,
# the live backend) under `timeout SECONDS`, its ledger in OUTDIR/LABEL and its log in
# OUTDIR/LABEL.log (LABEL defaults to NAME), and sets:
#   CR_RC      the run's exit status
#   CR_REC     the ledger's last record (the round), empty when none was written
#   CR_GOT     the outcome: "kept"/"rejected"/... or, for a gate failure, the gate's status
#              (too_fast, wrong, ...); "invalid_spec" when the run exits 2 at load because the
#              spec's seed has no valid knob point (the load-time spec checks, e.g. a measured
#              class the outputs cannot carry); "no-record(exit N)" when it wrote no round
#   CR_WANT    the folder's expected live outcome (`live:` of its expect file)
#   CR_ALSO    a second outcome the folder may get (`live_also:`), or empty
#   CR_OK      1 when CR_GOT is CR_WANT or CR_ALSO, else 0
#   CR_DETAIL  the first 200 characters of the record's detail
#   CR_RATIO   the paired median ratio, or empty
#   CR_SECONDS the round's wall seconds
cheat_round() {
  local bin=$1 name=$2 out=$3 secs=$4 label=${5:-$2} dir=tests/cheats/$2 s=$SECONDS outcome status
  CR_WANT=$(sed -n 's/^live: *//p' "$dir/expect" 2>/dev/null)
  CR_ALSO=$(sed -n 's/^live_also: *//p' "$dir/expect" 2>/dev/null)
  rm -rf "${out:?}/$label"
  timeout "$secs" "$bin" run --problem "$name" --problems-dir tests/cheats \
    --rules tests/cheats/rules.yaml --rounds 1 --evolve off --pairs 15 --seed "${CR_SEED:-7}" \
    --backend live --out "$out/$label" --quiet >"$out/$label.log" 2>&1
  CR_RC=$?
  CR_SECONDS=$((SECONDS - s))
  CR_REC=$(tail -n 1 "$out/$label/ledger.jsonl" 2>/dev/null)
  outcome=$(grep -o '"outcome":"[a-z-]*"' <<<"$CR_REC" | head -1 | cut -d'"' -f4)
  status=$(grep -o '"status":"[a-z_]*"' <<<"$CR_REC" | head -1 | cut -d'"' -f4)
  CR_GOT=$outcome
  [[ "$outcome" == "gate-failed" ]] && CR_GOT=$status
  CR_DETAIL=$(grep -o '"detail":"[^"]\{0,200\}' <<<"$CR_REC" | head -1 | cut -d'"' -f4)
  # A spec the loader refuses writes no round: exit 2 with the seed's reason on stderr.
  if [[ -z "$CR_GOT" && $CR_RC -eq 2 ]] && grep -q 'has no valid knob point' "$out/$label.log"; then
    CR_GOT=invalid_spec
    CR_DETAIL=$(grep -m1 -o 'has no valid knob point.\{0,180\}' "$out/$label.log")
  fi
  [[ -z "$CR_GOT" ]] && CR_GOT="no-record(exit $CR_RC)"
  CR_RATIO=$(grep -o '"median_ratio":[0-9.e+-]*' <<<"$CR_REC" | head -1 | cut -d: -f2)
  CR_OK=0
  if [[ "$CR_GOT" == "$CR_WANT" || (-n "$CR_ALSO" && "$CR_GOT" == "$CR_ALSO") ]]; then CR_OK=1; fi
  return 0
}
