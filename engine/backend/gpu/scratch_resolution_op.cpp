// P4 measured in memory (scratch_resolution.h; docs/reliability.md "Red team 33's P4 hole: a
// scratch's resolution measured"): the gate runs the candidate three times at slot 0 on a
// fresh draw made as a timed run's input is (resolution_sets.h, helper fix40s: P6l's strata,
// planted cells, the gate's seed, not a standing set a kernel may carry a fingerprint of) and
// the draw moved by a relative 2^-18 and 2^-10 (FP64 words under an fp64 class by 2^-47 instead
// of 2^-18, where every movable input is f64), and reads its
// scratch words back before each run (the worker's garbage) and after it: every scratch of 32 or
// 64 bits, as FP32 or FP64 words whatever its dtype (red team 35), and a 16-bit scratch as FP16
// or BF16 words, in two more runs at its format's own moves (helper scr38, resolution_moves).
// Where one of the problem's reference outputs responds to the fine move on most of its own
// elements (decided once per problem and worker from two reference runs), words the coarse move
// carries the format's minimum steps must mostly change under the fine move as well, in
// proportion to the coarse change (red team 38). The module's .global arrays are read back around
// each run too and judged as scratch (red team 38, helper fix38s). Red team 39 / honest controls
// 39: a region is read as the float words its code stores (generators/ptx_store_words.h), and one
// the code only writes is left out, named in the "not judged" line.
#include <algorithm>
#include <cmath>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/pinned_bytes.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/resolution_sets.h"
#include "engine/backend/gpu/scratch_resolution.h"
#include "engine/backend/gpu/worker.h"
#include "generators/ptx_precision.h"

namespace solver::gpu {

std::string Worker::scratch_resolution_check(Prepared& p, uint64_t seed, bool& refused) {
  refused = false;
  // P5 (red team 35): wherever P4m claims something and the step does not measure it all, the
  // detail says so ("scratch resolution: not judged: ..."); silent only where it claims nothing
  // (a class below fp32, no scratch).
  const std::string cls = generators::judged_class(p.resolved.precision);
  // Module arrays (red team 38): judged under an fp32 or fp64 class as words of their declared
  // element width (FP16, FP32 or FP64: a 16-bit array under its own moves, as an f16 scratch).
  std::vector<std::string> arrays;
  std::vector<generators::DType> array_dtypes;
  if (cls == "fp32" || cls == "fp64")
    for (size_t k = 0; k < p.module_globals.size(); ++k) {
      const int w = k < p.module_global_bytes.size() ? p.module_global_bytes[k] : 4;
      arrays.push_back(p.module_globals[k]);
      array_dtypes.push_back(w == 8   ? generators::DType::F64
                             : w == 2 ? generators::DType::F16
                                      : generators::DType::F32);
    }
  // Arrays and buffers the code only writes claim as the others do (P5: the line names them) and
  // are left out of the measurement (generators/ptx_store_words.h write_only).
  ResolutionScope scope = resolution_scope(
      p.resolved,
      arrays.size() + (cls == "fp32" || cls == "fp64" ? p.module_write_only.size() : 0));
  if (!scope.claims) return {};
  std::vector<std::string> written_only;
  {
    std::vector<size_t> kept;
    for (size_t i : scope.measured)
      if (i < p.scratch_write_only.size() && p.scratch_write_only[i])
        written_only.push_back(p.resolved.buffers[i].name);
      else
        kept.push_back(i);
    scope.measured = kept;
    if (cls == "fp32" || cls == "fp64")
      for (const std::string& a : p.module_write_only) written_only.push_back("module array " + a);
  }
  std::string left_out_parts = scope.left_out;
  if (std::string w = write_only_left_out(written_only); !w.empty())
    left_out_parts += (left_out_parts.empty() ? "" : ", ") + w;
  std::string left_out =
      left_out_parts.empty() ? "" : "scratch resolution: not judged: " + left_out_parts;
  if (!scope.movable || (scope.measured.empty() && arrays.empty())) return left_out;
  auto with_left_out = [&](std::string s) { return left_out.empty() ? s : s + "; " + left_out; };
  beat("scratch resolution", 120000);
  // The base: a timed run's draw (resolution_sets.h; helper fix40s, red team 39's
  // redteam39_resolution_strata_tell: an unstratified draw was told from every timed run by an
  // F test, and the child measured was the path no timed run takes). Host path: its bytes are
  // moved.
  const HostSet& zero = p.buffers->host_set(0);
  for (size_t i = 0; i < p.resolved.buffers.size() && i < zero.inputs.size(); ++i)
    if (movable_input(p.resolved.buffers[i]) && !zero.inputs[i])
      return with_left_out("scratch resolution: not measured (set 0's host bytes are not kept)");
  std::optional<HostSet> base = resolution_base(p.resolved, zero, seed, p.buffers->homogeneous(),
                                                p.buffers->law_checks());
  if (!base)
    return with_left_out("scratch resolution: not measured (no fresh draw of the law was made)");
  // The seed as the witness of what a 16-bit scratch holds (helper wit39, red team 38's
  // redteam38_half_word_scratch): under an fp32 or fp64 class, the seed's gate also reads each
  // 16-bit scratch as FP32 words at FP32's moves; where they resolve (its words are FP32 values
  // in the bytes of halves), the problem's candidates are judged on that scratch as FP32 words,
  // not at FP16's resolution, which a 16-bit fixed point passes. scratch_witness_ keeps it.
  const bool wide_class = cls == "fp32" || cls == "fp64";
  const bool the_seed = is_seed(p);
  const std::string problem_key = homogeneous_key(p);
  auto sixteen = [](generators::DType d) {
    return d == generators::DType::F16 || d == generators::DType::BF16;
  };
  // the format each measured scratch buffer is judged as (its dtype's, or FP32 by the witness)
  std::vector<generators::DType> as(scope.measured.size());
  std::vector<bool> witnessed(scope.measured.size(), false), try_wide(scope.measured.size(), false);
  for (size_t k = 0; k < scope.measured.size(); ++k) {
    const auto& b = p.resolved.buffers[scope.measured[k]];
    // a 32- or 64-bit scratch as the float words its code stores (red team 39, stored_format)
    as[k] = stored_format(b.dtype, scope.measured[k] < p.scratch_word_bytes.size()
                                       ? p.scratch_word_bytes[scope.measured[k]]
                                       : 0);
    if (!wide_class || !sixteen(b.dtype)) continue;
    if (the_seed) {
      try_wide[k] = true;
    } else if (auto w = scratch_witness_.find(problem_key);
               w != scratch_witness_.end() && w->second.count(b.name)) {
      witnessed[k] = true;
      as[k] = generators::DType::F32;
    }
  }
  // The moves: 2^-kFineBits (the smoothness decision's, and FP32's fine move) and every
  // measured format's fine and coarse one (resolution_moves: a 16-bit scratch adds its own two,
  // FP64 words under an fp64 class their own fine one, helper fix40s). FP64's own move is made
  // only where every movable input is f64 (resolution_moves' note: 2^-47 rounds away in an f32
  // input, and a coarse move the fine one does not share is out of proportion by construction);
  // elsewhere FP64 words keep FP32's moves, and the line says what that leaves untested.
  std::vector<generators::DType> judged(as);  // every measured format: buffers', then arrays'
  for (size_t k = 0; k < scope.measured.size(); ++k)
    if (try_wide[k]) judged.push_back(generators::DType::F32);
  judged.insert(judged.end(), array_dtypes.begin(), array_dtypes.end());
  bool f64_inputs = false, f32_inputs = false;
  for (const auto& b : p.resolved.buffers)
    if (movable_input(b)) (b.dtype == generators::DType::F64 ? f64_inputs : f32_inputs) = true;
  const bool fp64_own = cls == "fp64" && f64_inputs && !f32_inputs;
  auto moves_of = [&](generators::DType d) {
    return resolution_moves(d, resolution_word_bytes(d) == 8 && !fp64_own ? "fp32" : cls);
  };
  if (cls == "fp64" && !fp64_own &&
      std::any_of(judged.begin(), judged.end(),
                  [](generators::DType d) { return resolution_word_bytes(d) == 8; }))
    left_out += std::string(left_out.empty() ? "scratch resolution: not judged: " : ", ") +
                "FP64 words at FP64's resolution (judged at FP32's 2^-" +
                std::to_string(kFineBits) + " move only, about 2^34 of their steps: their low ~35 "
                "bits untested), no movable input is f64 throughout (FP64's 2^-" +
                std::to_string(kFineBitsFP64) + " move rounds away in an f32 input)";
  std::vector<int> bits{kFineBits};
  for (generators::DType d : judged) {
    const ResolutionMoves m = moves_of(d);
    for (int b : {m.fine_bits, m.coarse_bits})
      if (std::find(bits.begin(), bits.end(), b) == bits.end()) bits.push_back(b);
  }
  std::vector<HostSet> moved;
  for (int b : bits) moved.push_back(resolution_moved_set(p.resolved, *base, b, seed + 1));
  const int ib = add_checked_set(p, std::move(*base), false);
  std::vector<int> sets{ib};  // the base, then one set a move, in the order of `bits`
  for (HostSet& m : moved) sets.push_back(add_checked_set(p, std::move(m), false));
  const int i_fine = sets[1];
  auto run_of = [&](int b) {
    return size_t(std::find(bits.begin(), bits.end(), b) - bits.begin()) + 1;
  };
  // A run a set whose move some measured scratch is judged by (the base always).
  std::vector<bool> used(sets.size(), false);
  used[0] = true;
  for (generators::DType d : judged) {
    const ResolutionMoves m = moves_of(d);
    used[run_of(m.fine_bits)] = used[run_of(m.coarse_bits)] = true;
  }
  auto release = [&] {
    for (int s : sets) p.buffers->release_set(s);
  };
  // The problem's side: does one of its reference's float outputs respond to the fine move on
  // most of its own elements (a smooth problem)? Per output, never pooled (red team 35: an
  // output no movable input reaches diluted a pooled share).
  const std::string key = homogeneous_key(p);
  auto known = resolution_smooth_.find(key);
  if (known == resolution_smooth_.end()) {
    // p.refs holds both (shared pointers): the first stays valid while the second is made.
    const std::vector<HostDoubles>& rb = reference_outputs(p, ib);
    const std::vector<HostDoubles>& rf = reference_outputs(p, i_fine);
    std::vector<OutputResponse> outputs;
    for (size_t k = 0; k < rb.size() && k < rf.size(); ++k) {
      const auto& b = p.resolved.buffers[p.buffers->outputs()[k]];
      if (!(b.dtype == generators::DType::F32 || b.dtype == generators::DType::F64 ||
            b.dtype == generators::DType::F16 || b.dtype == generators::DType::BF16))
        continue;
      const size_t m = std::min(rb[k].size(), rf[k].size());
      outputs.push_back({b.name, changed_share(rb[k].data(), rf[k].data(), m)});
    }
    known = resolution_smooth_.emplace(key, most_responsive(outputs)).first;
    // Read once: not held by the Prepared for the rest of the gate (the cache may keep them).
    for (int s : {ib, i_fine})
      if (size_t(s) < p.refs.size()) p.refs[size_t(s)].reset();
  }
  if (!smooth_problem(known->second)) {
    release();
    return with_left_out(
        "scratch resolution: not judged (no float output of the reference changes on " +
        short_num(100 * kSmoothShare) + "% of its own elements under a 2^-" +
        std::to_string(kFineBits) + " move of its inputs, the most: " +
        (known->second.output.empty()
             ? std::string("none")
             : known->second.output + " " + short_num(100 * known->second.share) + "%") +
        ": a discrete problem, whose scratch may hold counts)");
  }
  // " at 2^-F, S steps at 2^-C" for a format judged at moves other than FP32's
  auto own_moves = [](const ResolutionMoves& m) -> std::string {
    if (m.fine_bits == kFineBits) return {};
    const int64_t s = m.min_coarse_steps;
    const bool pow2 = s >= (int64_t(1) << 20) && (s & (s - 1)) == 0;
    return " at 2^-" + std::to_string(m.fine_bits) + ", " +
           (pow2 ? "2^" + std::to_string(63 - __builtin_clzll(uint64_t(s))) : std::to_string(s)) +
           " steps at 2^-" + std::to_string(m.coarse_bits);
  };
  // The candidate's side: a run at slot 0 a set (the adversarial checks' path, P8), every
  // scratch read back (resolution_scope), as the float format of its dtype's width.
  const std::vector<size_t>& scratch = scope.measured;
  std::string names;
  for (size_t k = 0; k < scratch.size(); ++k) {
    const auto& b = p.resolved.buffers[scratch[k]];
    names += (names.empty() ? "" : ", ") + b.name +
             (b.dtype == generators::DType::F32 ? "" : std::string(" ") + to_string(b.dtype));
    if (witnessed[k]) names += " read as FP32 words (the seed's are)";
    if (!sixteen(b.dtype) && resolution_word_bytes(as[k]) != resolution_word_bytes(b.dtype))
      names += std::string(" read as ") + resolution_format(as[k]) + " words (its stores)";
    // a 16-bit scratch's own moves, FP64's under an fp64 class (resolution_moves)
    names += own_moves(moves_of(as[k]));
  }
  // pre[r][k], post[r][k]: scratch buffer k before run r (the worker's garbage) and after it.
  const size_t runs = sets.size();
  std::vector<std::vector<PinnedBytes>> pre(runs), post(runs);
  // the same for the module arrays (read at the reloaded module's addresses: its initial bytes
  // before the launch, as a buffer's garbage; an array no launch writes is judged on no word)
  std::vector<std::vector<PinnedBytes>> gpre(runs), gpost(runs);
  // arrays the loaded module does not know by the name the scans found (helper wit39: a scoped
  // .global whose CUBIN symbol was not found): refused below, never judged on no word
  std::vector<bool> unreadable(arrays.size(), false);
  auto read_arrays = [&](std::vector<PinnedBytes>& into) {
    into.resize(arrays.size());
    for (size_t k = 0; k < arrays.size(); ++k) {
      CUdeviceptr ptr = 0;
      size_t bytes = 0;
      if (!p.module->global(arrays[k], &ptr, &bytes)) bytes = 0, unreadable[k] = true;
      into[k].resize(bytes);
      if (bytes) CU_CHECK(cuMemcpyDtoH(into[k].data(), ptr, bytes));
    }
  };
  for (size_t r = 0; r < runs; ++r) {
    if (!used[r]) continue;
    reload(p);
    p.buffers->copy_inputs(sets[r], 0, ctx_->stream());
    // run_variant's steps, with the scratch read between the fill and the launch
    PhaseScope scope("run");
    beat("scratch resolution run", p.timeout_ms);
    scrub_local(p);
    p.buffers->prepare_variant_run(0, ctx_->stream());
    CU_CHECK(cuStreamSynchronize(ctx_->stream()));
    pre[r].resize(scratch.size());
    post[r].resize(scratch.size());
    for (size_t k = 0; k < scratch.size(); ++k)
      p.buffers->download_variant_output(scratch[k], pre[r][k]);
    read_arrays(gpre[r]);
    p.module->launch(ctx_->stream(), p.buffers->variant_args(0));
    CU_CHECK(cuStreamSynchronize(ctx_->stream()));
    for (size_t k = 0; k < scratch.size(); ++k)
      p.buffers->download_variant_output(scratch[k], post[r][k]);
    read_arrays(gpost[r]);
    p.buffers->restore_inputs(0);
  }
  release();
  for (size_t k = 0; k < arrays.size(); ++k)
    if (unreadable[k]) {
      refused = true;
      return module_array_unreadable(arrays[k], p.resolved.precision);
    }
  // Each buffer on its own (a narrowed buffer beside a large honest one is not diluted).
  ResolutionCounts total;
  auto counts_as = [&](size_t k, generators::DType d) {
    const ResolutionMoves m = moves_of(d);
    const size_t f = run_of(m.fine_bits), c0 = run_of(m.coarse_bits);
    return count_resolution(pre[0][k].data(), post[0][k].data(), pre[f][k].data(),
                            post[f][k].data(), pre[c0][k].data(), post[c0][k].data(),
                            post[0][k].size(), d, m);
  };
  for (size_t k = 0; k < scratch.size(); ++k) {
    const auto& b = p.resolved.buffers[scratch[k]];
    // The seed's 16-bit scratch read as FP32 words: the witness where they resolve, and then the
    // seed's own verdict (FP32 words read as halves move out of proportion: their low halves
    // wrap under FP16's coarse move, 98.5% of judged halves in scripts/host_emu/
    // wit39_half_word_witness.cpp, a refusal of the problem's own seed).
    if (try_wide[k]) {
      const ResolutionCounts wide = counts_as(k, generators::DType::F32);
      if (scratch_holds_fp32(wide)) {
        scratch_witness_[problem_key].insert(b.name);
        witnessed[k] = true;
        as[k] = generators::DType::F32;
        names += " (" + b.name + " read as FP32 words: the seed's, the witness)";
      }
    }
    const ResolutionCounts c = counts_as(k, as[k]);
    total.add(c);
    const bool by_stores =
        !sixteen(b.dtype) && resolution_word_bytes(as[k]) != resolution_word_bytes(b.dtype);
    std::string verdict = resolution_verdict(
        c,
        witnessed[k] ? b.name + " (" + to_string(b.dtype) + ", its seed's words are FP32)"
        : by_stores  ? b.name + " (" + to_string(b.dtype) + ", its code stores " +
                          resolution_format(as[k]) + " words)"
                    : b.name,
        p.resolved.precision, as[k], moves_of(as[k]));
    if (!verdict.empty()) {
      refused = true;
      return verdict;
    }
  }
  for (size_t k = 0; k < arrays.size(); ++k) {
    const ResolutionMoves m = moves_of(array_dtypes[k]);
    const size_t f = run_of(m.fine_bits), c0 = run_of(m.coarse_bits);
    const size_t n = std::min({gpost[0][k].size(), gpost[f][k].size(), gpost[c0][k].size()});
    const ResolutionCounts c = count_resolution(
        gpre[0][k].data(), gpost[0][k].data(), gpre[f][k].data(), gpost[f][k].data(),
        gpre[c0][k].data(), gpost[c0][k].data(), n, array_dtypes[k], m);
    total.add(c);
    names += (names.empty() ? "module array " : ", module array ") + arrays[k] +
             (array_dtypes[k] == generators::DType::F32
                  ? ""
                  : std::string(" ") + resolution_format(array_dtypes[k])) +
             (m.fine_bits == kFineBitsFP64 ? own_moves(m) : std::string());
    std::string verdict = resolution_verdict(c, "module array " + arrays[k], p.resolved.precision,
                                             array_dtypes[k], m);
    if (!verdict.empty()) {
      refused = true;
      return verdict;
    }
  }
  // no "; " inside: the detail's parts are cut there (problems check, narrowed_checks)
  return with_left_out(
      "scratch resolution: " + std::to_string(total.unresolved) + " of " +
      std::to_string(total.judged) + " judged words unresolved at 2^-" + std::to_string(kFineBits) +
      " (" + names + "), left out: " + std::to_string(total.still) + " moved by fewer than " +
      std::to_string(kMinCoarseSteps) + " steps at 2^-" + std::to_string(kFineBits - kCoarseGap) +
      " (" + std::to_string(total.still_unresolved) + " of them unchanged at 2^-" +
      std::to_string(kFineBits) + "), " + std::to_string(total.discrete) +
      " whole numbers within " + short_num(double(kMaxDiscreteWord)) + " (codes, counts, indices)");
}

}  // namespace solver::gpu
