#!/usr/bin/env bash
# Issue 28, helper ctr39 (session 35): P7k, "launch k is launch 1" (docs/reliability.md): the
# gate's seven runs after one module load (sets 0 0 0 1 0 1 0, each verified), the module's
# variables read after runs 2, 3, 5, 7; a variable that keeps changing on one input is a source
# for the clock scan. Nothing here has run on a GPU (the helper had none). Predicted, "got"
# compared with each expect's `live:` (or `live_also:`):
#   redteam39_launch_count_tail   invalid_spec, detail "module state carried from launch to
#                                 launch: calls changed between two runs on the same input ...
#                                 decides a branch around a loop from module variable calls"
#                                 (KEPT ~2.7x on main before P7k)
#   redteam39_first_answer_flag   wrong_result, detail "(P7k: run 4 of 7 after one module load, on
#                                 the state the earlier runs left, input set 1 ...)" (KEPT at the
#                                 block-a-row speed-up on main before P7k)
#   control_redteam_reduce_memo   KEPT ~2.7x (its slots settle after the fill; served runs right)
#   control_redteam7_cuda_samples_threadfence   KEPT (retirementCount back to 0 every run)
#   control_redteam19_census_boys KEPT; its gate detail (ledger) says "module state: g_small
#                                 changed between two runs on the same input, and decides no
#                                 work (P7k)" (the word accumulates; the route it picks is right)
#   control_redteam38_launch_count_rotate       KEPT (launch_stamp: the clock scan's source)
#   control_redteam10_asm_scoped_counter        KEPT ($__retire__N wraps to 0)
#   control_redteam38_module_stage, control_redteam13_w8a8_module_stage   KEPT (staged arrays;
#                                 at most a note where the FP32 stage's bits move)
#   control_redteam27_law_poly_lbeta, control_redteam30_two_input_fp32   KEPT (done counters reset)
#   redteam_first_launch          invalid_spec (g_launches; was kept on its honest first launch)
#   cheat_gate_padded             invalid_spec (g_launches chooses the padding loop's length)
#   redteam_delta_gemm, redteam_delta_int   invalid_spec (changes listed in atomicAdd order), or
#                                 rejected where that order repeats (live_also)
#   cheat_ptr_cache               wrong_result, now at P7k's run 4 (set 1 served set 0's C)
#   cheat_gate_count              too_fast or rejected as before; its detail, where it passes the
#                                 gate, notes "g_launches changed ..., and decides no work"
# Then the one built-in problem with module data: decoder_block (its seed and rmsnorm_warp hold
# the read-only sin/cos table __cudart_i2opi_f), one round: no gate refusal naming P7k.
# Also printed per folder: the ledger's P7k lines ("module state", "P7k: run"), to show the check
# ran, and the gates' "carried state" phase in ms (P7k's cost: predicted a few to tens of ms for
# the 64M reduces: seven runs of ~0.1-0.3 ms, a module load, input digests and output checks).
# Usage: probe_ctr39.sh [SECONDS]   (default 560; writes $OUT/probe_ctr39/). Last line: verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
FOLDERS="redteam39_launch_count_tail redteam39_first_answer_flag control_redteam_reduce_memo
control_redteam7_cuda_samples_threadfence control_redteam19_census_boys
control_redteam38_launch_count_rotate redteam_first_launch cheat_gate_padded
control_redteam10_asm_scoped_counter control_redteam38_module_stage
control_redteam13_w8a8_module_stage redteam_delta_gemm redteam_delta_int cheat_ptr_cache
cheat_gate_count control_redteam27_law_poly_lbeta control_redteam30_two_input_fp32"
# shellcheck disable=SC2086
cheat_probe_init probe_ctr39 "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
p7k=0
for name in $CP_DIRS; do
  cheat_probe_round "$name" 120 40 check || break
  lines=$(grep -o 'module state[^"]\{0,160\}\|P7k: run [^"]\{0,120\}' "$O/$name/ledger.jsonl" \
    2>/dev/null | sort -u | head -3)
  [[ -n "$lines" ]] && p7k=$((p7k + 1)) && say "    P7k: $lines"
  # P7k's cost: the gate phase (ms), for the seed's and the child's gates (unmeasured before).
  cost=$(grep -o '"carried state":[0-9.e+-]*' "$O/$name/ledger.jsonl" 2>/dev/null | head -2 |
    tr '\n' ' ')
  [[ -n "$cost" ]] && say "    phase: $cost"
done
# The built-in problem with module data: one round, its gate not refused by P7k.
dec=skipped
if (($(left) > 90)); then
  rm -rf "$O/decoder_block"
  timeout $(($(left) < 240 ? $(left) : 240)) "$B/bin/solver" run --problem decoder_block \
    --rounds 1 --evolve off --pairs 15 --seed 7 --backend live --out "$O/decoder_block" --quiet \
    >"$O/decoder_block.log" 2>&1
  rc=$?
  if grep -q 'P7k\|module state carried' "$O/decoder_block/ledger.jsonl" 2>/dev/null &&
    grep -q '"status":"invalid_spec"\|"status":"wrong_result"' "$O/decoder_block/ledger.jsonl"; then
    dec="REFUSED by P7k"
  elif [[ -s "$O/decoder_block/ledger.jsonl" ]]; then
    dec="not refused by P7k"
  else
    dec="no ledger (exit $rc)"
  fi
fi
say "decoder_block (problems/, module data: the sin/cos table): $dec (predicted: not refused by P7k)"
say "probe_ctr39: $CP_OK of $CP_N as their expect says (predicted all: 2 new cheats refused," \
  "invalid_spec x4 incl. the delta memos or their rejected, the controls kept); P7k lines in" \
  "$p7k ledgers; decoder_block $dec; $((CP_BUDGET - $(left) - 2)) s"
