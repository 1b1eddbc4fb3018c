#include "profiling/signal_derivation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "profiling/bank_conflicts.h"
#include "profiling/load_wait.h"
#include "profiling/metric_set.h"

namespace solver::profiling {
namespace {

using namespace metric;

// Share of warp instructions on the tensor pipe from which a kernel counts as using tensor
// cores (see tensor_active below).
constexpr double kTensorActiveMinShare = 0.02;   // of warp instructions, without the pipe %
constexpr double kTensorActiveMinPipePct = 2.0;  // tensor pipe busy, % of peak (see below)
// A rate up to this multiple of the DRAM ceiling reads as at the roof (see dram_frac below).
constexpr double kAtRoofTolerance = 1.25;

std::optional<double> raw(const DerivationInput& in, std::string_view name) {
  auto it = in.raw.find(std::string(name));
  if (it == in.raw.end() || !std::isfinite(it->second)) return std::nullopt;
  return it->second;
}

std::optional<double> chip_number(const rules::ChipProfile* chip, const char* key) {
  if (!chip) return std::nullopt;
  double v = chip->number(key);
  return v > 0 ? std::optional<double>(v) : std::nullopt;
}

std::string short_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

class Builder {
 public:
  explicit Builder(Derivation& d) : d_(d) {}
  // A value outside its signal's range is a defect: reported, never a signal. Within half a
  // percent of the range (profiler rounding of a 100 % reading) it is clamped instead.
  void number(const std::string& name, std::optional<double> v, Origin o) {
    if (!v || !std::isfinite(*v)) return;
    double x = *v;
    if (auto idx = rules::signal_index(name)) {
      if (auto range = rules::signal_range(rules::signal_table()[std::size_t(*idx)])) {
        auto [lo, hi] = *range;
        double tol = std::isfinite(hi) ? 0.005 * (hi - lo) : 1e-9;
        if (x < lo - tol || x > hi + tol) {
          std::string hi_text = std::isfinite(hi) ? short_number(hi) : "inf";
          d_.defects.push_back(
              name + " = " + short_number(x) + " outside " + short_number(lo) + ".." + hi_text +
              " (" + std::string(rules::signal_table()[std::size_t(*idx)].source) + "): dropped");
          return;
        }
        x = std::clamp(x, lo, hi);
      }
    }
    d_.signals.set(name, x);
    d_.origin[name] = o;
  }
  void boolean(const std::string& name, std::optional<bool> v, Origin o) {
    if (!v) return;
    d_.signals.set(name, *v);
    d_.origin[name] = o;
  }
  void text(const std::string& name, const std::optional<std::string>& v, Origin o) {
    if (!v || v->empty()) return;
    d_.signals.set(name, *v);
    d_.origin[name] = o;
  }
  void note(std::string s) { d_.notes.push_back(std::move(s)); }

 private:
  Derivation& d_;
};

std::optional<double> pct_to_frac(std::optional<double> pct) {
  if (!pct) return std::nullopt;
  return *pct / 100.0;
}

std::optional<double> ratio(std::optional<double> num, std::optional<double> den) {
  if (!num || !den || *den <= 0) return std::nullopt;
  return *num / *den;
}

std::optional<double> sum(std::optional<double> a, std::optional<double> b) {
  if (!a || !b) return std::nullopt;
  return *a + *b;
}

// The FLOP ceiling a kernel is held to: the CUDA-core pipe peak of its precision unless it ran
// tensor instructions, then the tensor peak of the precision it computes in (measured when the
// device's cuBLAS product was measured, which is the tensor path's practical roof). Returns the
// ceiling in FLOP/s and its name; nullopt if the inputs cannot say which ceiling applies.
std::optional<std::pair<double, std::string>> flop_ceiling(const DerivationInput& in,
                                                           std::optional<bool> tensor_active,
                                                           const std::string& dtype) {
  if (!tensor_active) return std::nullopt;
  auto pick = [&](const std::optional<double>& measured, const char* key,
                  const std::string& label) -> std::optional<std::pair<double, std::string>> {
    if (measured) return std::pair{*measured, "measured " + label + " ceiling"};
    if (auto peak = chip_number(in.chip, key))
      return std::pair{*peak * 1e12, "datasheet " + label + " peak"};
    return std::nullopt;
  };
  if (!*tensor_active) {
    // The roof of the CUDA-core pipe the kernel computes on, from the chip's pipe table; the
    // FP32 datasheet rate when the chip has no table. Never cuBLAS: that is a GEMM's reach.
    const bool fp64 = dtype == "fp64";
    if (auto peak = pipe_peak_flops(in.chip, fp64 ? "fp64_lanes_per_sm" : "fp32_lanes_per_sm"))
      return std::pair{*peak, std::string(fp64 ? "FP64 pipe peak" : "FP32 FMA pipe peak") +
                                  " (SMs x lanes x 2 x clock)"};
    if (fp64) return std::nullopt;
    if (auto peak = chip_number(in.chip, "fp32_tflops"))
      return std::pair{*peak * 1e12, std::string("datasheet FP32 peak")};
    return std::nullopt;
  }
  // An FP32 problem on tensor cores computes in TF32: the only tensor path for fp32 data.
  if (dtype == "tf32" || dtype == "fp32")
    return pick(in.measured.tf32_flops_per_s, "tf32_tflops", "TF32");
  if (dtype == "fp16") return pick(in.measured.fp16_flops_per_s, "fp16_tflops", "FP16 tensor");
  if (dtype == "bf16") return pick(in.measured.bf16_flops_per_s, "bf16_tflops", "BF16 tensor");
  return std::nullopt;
}

// The cuBLAS product of the kernel's path: the GEMM reference gemm_ref_ratio is taken against.
std::optional<double> gemm_reference(const DerivationInput& in, bool tensor,
                                     const std::string& dtype) {
  if (!tensor) return dtype == "fp32" ? in.measured.fp32_flops_per_s : std::nullopt;
  if (dtype == "tf32" || dtype == "fp32") return in.measured.tf32_flops_per_s;
  if (dtype == "fp16") return in.measured.fp16_flops_per_s;
  if (dtype == "bf16") return in.measured.bf16_flops_per_s;
  return std::nullopt;
}

// FLOPs counted by the FP32 and FP64 instruction counters (an FMA is two), and the precision
// most of them ran in: what an export without its problem has instead of the FLOP formula.
// Tensor-core work is not in these counters, so a kernel that ran tensor instructions gets
// none (its FLOPs would be undercounted).
struct CountedFlops {
  double fp32 = 0, fp64 = 0;
};
std::optional<CountedFlops> counted_flops(const DerivationInput& in) {
  auto ffma = raw(in, kFfma), fadd = raw(in, kFadd), fmul = raw(in, kFmul);
  auto dfma = raw(in, kDfma), dadd = raw(in, kDadd), dmul = raw(in, kDmul);
  if (!ffma || !fadd || !fmul || !dfma || !dadd || !dmul) return std::nullopt;
  return CountedFlops{2 * *ffma + *fadd + *fmul, 2 * *dfma + *dadd + *dmul};
}

}  // namespace

std::optional<double> pipe_peak_flops(const rules::ChipProfile* chip, const char* lanes_key) {
  auto sms = chip_number(chip, "sm_count");
  auto lanes = chip_number(chip, lanes_key);
  auto mhz = chip_number(chip, "sm_clock_mhz");
  if (!sms || !lanes || !mhz) return std::nullopt;
  return *sms * *lanes * 2.0 * *mhz * 1e6;
}

const char* to_string(Origin o) {
  switch (o) {
    case Origin::Unprofiled:
      return "unprofiled";
    case Origin::Profiled:
      return "profiled";
    case Origin::ProfiledRun:
      return "profiled-run";
    case Origin::Driver:
      return "driver";
    case Origin::Problem:
      return "problem";
    case Origin::Given:
      return "given";
    case Origin::Code:
      return "code";
    case Origin::Estimate:
      return "estimate";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

int max_warps_per_sm(int cc_major, int cc_minor) {
  if (cc_major == 7 && cc_minor == 5) return 32;
  if (cc_major == 8 && cc_minor >= 6) return 48;
  if (cc_major == 12) return 48;
  return 64;
}

Derivation derive_signals(const DerivationInput& in) {
  Derivation d;
  Builder b(d);

  // --- time: unprofiled when given; the profiled duration is its own signal ---
  auto profiled_us = raw(in, kTime);
  if (profiled_us) *profiled_us /= 1000.0;  // CUPTI reports nanoseconds
  b.number("time_us_profiled", profiled_us, Origin::Profiled);
  std::optional<double> time_us = in.time_us;
  Origin time_origin = Origin::Unprofiled;
  // time_us is the UNPROFILED time: without one it stays missing (an ncu export: pass
  // --time-us); the rates may still be taken over the profiled run, marked profiled-run.
  b.number("time_us", time_us, time_origin);
  if (!time_us && in.allow_profiled_fallback && profiled_us) {
    // An export has no unprofiled run: its kernel duration stands in, and says so (ncu with
    // --clock-control none times a kernel within a few % of an unprofiled run; the range
    // profiler's replay does not: docs/h200.md).
    time_us = profiled_us;
    time_origin = Origin::ProfiledRun;
    b.number("time_us", time_us, time_origin);
    b.note(
        "time_us is the profiled gpu__time_duration (no unprofiled time given: --time-us); "
        "rates are over the profiled run");
  }

  // --- bytes and bandwidth ---
  auto dram_bytes = sum(raw(in, kDramRead), raw(in, kDramWrite));
  b.number("dram_bytes", dram_bytes, Origin::Profiled);
  b.number("problem_bytes", in.bytes, Origin::Problem);
  b.number("problem_flops", in.flops, Origin::Problem);
  std::optional<double> bytes = in.bytes;
  bool bytes_counted = false;
  if (!bytes && in.allow_profiled_fallback && dram_bytes) {
    bytes = dram_bytes;
    bytes_counted = true;
  }
  // A rate is only as unprofiled as its time; counted bytes are a property of the work.
  Origin rate_origin = time_origin;
  if (auto bw = ratio(bytes, time_us ? std::optional<double>(*time_us * 1e-6) : std::nullopt)) {
    b.number("achieved_gbps", *bw / 1e9, rate_origin);
    std::optional<double> ceiling = in.measured.dram_bytes_per_s;
    if (!ceiling) {
      // No copy measured in this session (an import): the chip table's measured copy rate,
      // the same kind of roof; the datasheet peak only where the table has none.
      if (auto copy = chip_number(in.chip, "dram_copy_gbps")) {
        ceiling = *copy * 1e9;
        b.note(
            "dram_frac against chips.yaml's measured copy rate (no ceiling measured in this run)");
      } else if (auto peak = chip_number(in.chip, "dram_gbps")) {
        ceiling = *peak * 1e9;
        b.note("dram_frac against the datasheet DRAM peak (no measured ceiling)");
      }
    }
    if (ceiling) {
      // A measured ceiling is itself a sample, and a copy is not the best access pattern
      // (issue 29: a stream kernel moved its bytes at 106 % of the measured copy): up to
      // kAtRoofTolerance above it reads as at the roof, capped at 1, and the note says which
      // ceiling it exceeded; more is a defect (the byte formula or the timing is wrong).
      double f = *bw / *ceiling;
      if (f > 1.005 && f <= kAtRoofTolerance)
        b.note("dram_frac at the roof: " + short_number(*bw / 1e9) + " GB/s is " +
               short_number(100 * f) + " % of the ceiling (" + short_number(*ceiling / 1e9) +
               " GB/s), read as 1");
      b.number("dram_frac", f <= kAtRoofTolerance ? std::min(1.0, f) : f, rate_origin);
    }
    if (bytes_counted)
      b.note("bandwidth from the DRAM counters (the problem gave no byte formula)");
  }
  b.number("dram_pct_profiled", raw(in, kDramPct), Origin::Profiled);

  // --- FLOP rate ---
  std::optional<bool> tensor_active;
  const auto tensor_inst = raw(in, kTensorInst);
  const auto tensor_pct = raw(in, kTensorActive);
  if (tensor_inst && tensor_pct) {
    // Not "> 0 instructions": the compiler loads constants into registers with
    // `HFMA2.MMA Rx, -RZ, RZ, imm, imm`, which issues on the MMA pipe and is counted there, so
    // kernels without a single HMMA in their SASS show tensor-pipe instructions (a float4
    // sigmoid: one per warp, 1.08 % of its instructions; the online softmax: 11 + one per loop
    // trip, pipe 2.9-3.6 % busy; docs/results/h200-2026-11-29c/sass-hfma2-mma.txt). WMMA TF32
    // keeps the pipe 8-30 % busy with 17 % of its instructions there. The bar of 2 % separates
    // WMMA from every move-only kernel measured except the online softmax (see the note in
    // docs/signals.md); a static check of the code for mma instructions would be exact.
    tensor_active = *tensor_inst > 0 && *tensor_pct >= kTensorActiveMinPipePct;
  } else if (tensor_inst) {
    auto all = raw(in, kInst);
    tensor_active =
        all && *all > 0 ? *tensor_inst / *all >= kTensorActiveMinShare : *tensor_inst > 0;
  } else if (tensor_pct) {
    tensor_active = *tensor_pct >= kTensorActiveMinPipePct;
  }
  Origin tensor_origin = Origin::Profiled;
  if (in.code_tensor_ops) {
    // The code decides whether there is tensor work at all; the counters whether it ran.
    const bool in_code = *in.code_tensor_ops > 0;
    b.boolean("mma_in_code", in_code, Origin::Code);
    if (!in_code && tensor_active.value_or(false))
      b.note(
          "tensor-pipe activity without an MMA in the PTX: the compiler's HFMA2.MMA moves, "
          "not tensor work (tensor_active false)");
    tensor_active = in_code && (tensor_inst ? *tensor_inst > 0 : true);
    tensor_origin = Origin::Code;
  }
  b.boolean("tensor_active", tensor_active, tensor_origin);
  if (in.code_wgmma_ops) {
    auto gmma = raw(in, kTensorInstGmma);
    b.boolean("wgmma_active", *in.code_wgmma_ops > 0 && (gmma ? *gmma > 0 : true), Origin::Code);
  } else if (auto gmma = raw(in, kTensorInstGmma)) {
    auto all = raw(in, kInst);
    b.boolean("wgmma_active", all && *all > 0 ? *gmma / *all >= kTensorActiveMinShare : *gmma > 0,
              Origin::Profiled);
  }
  if (in.code_mbarrier_waits)
    b.boolean("mbarrier_pipeline", *in.code_mbarrier_waits > 0, Origin::Code);
  if (in.code_tma_copies) b.boolean("tma_copies", *in.code_tma_copies > 0, Origin::Code);
  b.number("tensor_frac", pct_to_frac(raw(in, kTensorActive)), Origin::Profiled);
  // The FLOP formula and the precision come from the problem; an export without one counts
  // them (CUDA-core work only: with tensor work they stay missing).
  std::optional<double> flops = in.flops;
  std::optional<std::string> dtype = in.dtype;
  Origin dtype_origin = Origin::Problem;
  if (in.allow_profiled_fallback && (!flops || !dtype)) {
    auto counted = counted_flops(in);
    if (counted && tensor_active && !*tensor_active) {
      if (!flops) {
        flops = counted->fp32 + counted->fp64;
        b.note("FLOPs counted from the FP32/FP64 instruction counters (no problem formula)");
      }
      if (!dtype && counted->fp32 + counted->fp64 > 0) {
        dtype = counted->fp64 > counted->fp32 ? "fp64" : "fp32";
        dtype_origin = Origin::Profiled;
      }
    }
  }
  if (flops && time_us && *time_us > 0) {
    double rate = *flops / (*time_us * 1e-6);
    b.number("achieved_tflops", rate / 1e12, rate_origin);
    if (auto ceil = flop_ceiling(in, tensor_active, dtype.value_or(""))) {
      // Up to 5 % over a roof is the roof (clock and formula rounding); beyond that the
      // number is a defect (a wrong FLOP formula or timing) and is dropped by the range check.
      double f = rate / ceil->first;
      b.number("flop_frac", f <= 1.05 ? std::min(1.0, f) : f, rate_origin);
      b.note("flop_frac against the " + ceil->second);
    }
    // Only a matrix product has a GEMM reference: the code's loop says so, or tensor cores ran.
    if (tensor_active && (*tensor_active || in.code_gemm_loop.value_or(false))) {
      if (auto ref = gemm_reference(in, *tensor_active, dtype.value_or("")))
        b.number("gemm_ref_ratio", rate / *ref, rate_origin);
    }
  }
  if (in.flops && in.bytes && *in.bytes > 0)
    b.number("arith_intensity", *in.flops / *in.bytes, Origin::Problem);
  else if (in.allow_profiled_fallback && flops && bytes && *bytes > 0)
    b.number("arith_intensity", *flops / *bytes, Origin::Profiled);  // counted FLOPs or bytes
  b.number("compute_frac", pct_to_frac(raw(in, kSmThroughput)), Origin::Profiled);
  b.number("fma_frac", pct_to_frac(raw(in, kFmaActive)), Origin::Profiled);
  b.number("issue_frac", pct_to_frac(raw(in, kIssueActive)), Origin::Profiled);
  b.number("alu_frac", pct_to_frac(raw(in, kAluInst)), Origin::Profiled);
  b.number("fp64_frac", pct_to_frac(raw(in, kFp64Active)), Origin::Profiled);
  b.number("xu_frac", pct_to_frac(raw(in, kXuInst)), Origin::Profiled);
  b.number("lsu_frac", pct_to_frac(raw(in, kLsuInst)), Origin::Profiled);
  b.boolean("gemm_loop", in.code_gemm_loop, Origin::Code);
  b.number("load_chain",
           in.code_load_chain ? std::optional<double>(*in.code_load_chain) : std::nullopt,
           Origin::Code);
  b.number("code_contiguous_access_frac", in.code_contiguous_access_frac, Origin::Code);
  b.number("code_strided_access_frac", in.code_strided_access_frac, Origin::Code);
  b.number("code_store_fill_frac", in.code_store_fill_frac, Origin::Code);
  b.number("code_index_load_frac", in.code_index_load_frac, Origin::Code);
  b.number("code_guard_lanes",
           in.code_guard_lanes ? std::optional<double>(*in.code_guard_lanes) : std::nullopt,
           Origin::Code);
  {
    auto inst = raw(in, kInst);
    auto tpi = ratio(raw(in, kThreadInst), inst);
    b.number("threads_per_inst", tpi, Origin::Profiled);
    b.number("warp_efficiency", tpi ? std::optional<double>(*tpi / 32.0) : std::nullopt,
             Origin::Profiled);
    // Zero instructions of a kind is a share of 0, but only when the total is known.
    b.number("local_inst_frac", ratio(sum(raw(in, kLocalLdInst), raw(in, kLocalStInst)), inst),
             Origin::Profiled);
    // The shared data path's own instructions (each one wavefront, plus its bank conflicts); an
    // export without the LDGSTS counter is read on the loads and stores, as the conflicts are.
    if (auto shared = sum(raw(in, kSharedLd), raw(in, kSharedSt)))
      b.number("smem_inst_frac", ratio(*shared + raw(in, kLdgsts).value_or(0.0), inst),
               Origin::Profiled);
    auto atomics =
        sum(sum(raw(in, kGlobalAtomInst), raw(in, kGlobalRedInst)), raw(in, kSharedAtomInst));
    b.number("atomic_inst_frac", ratio(atomics, inst), Origin::Profiled);
  }
  if (auto sectors = sum(raw(in, kLocalLdSectors), raw(in, kLocalStSectors)))
    b.number("local_traffic_bytes", *sectors * 32.0, Origin::Profiled);
  b.number("l2_atomic_requests", sum(raw(in, kL2AtomRequests), raw(in, kL2RedRequests)),
           Origin::Profiled);
  b.number("sm_active_frac", pct_to_frac(raw(in, kSmActive)), Origin::Profiled);
  {
    // Warp-cycles stalled per reason over active warp-cycles: a share of the warps' time.
    static const std::pair<const char*, std::string_view> kStalls[] = {
        {"stall_long_scoreboard", kStallLongSb},
        {"stall_short_scoreboard", kStallShortSb},
        {"stall_mio_throttle", kStallMio},
        {"stall_barrier", kStallBarrier},
        {"stall_membar", kStallMembar},
        {"stall_lg_throttle", kStallLg},
        {"stall_math_pipe_throttle", kStallMath},
        {"stall_wait", kStallWait},
        {"stall_not_selected", kStallNotSelected},
        {"stall_branch_resolving", kStallBranch},
        {"stall_dispatch_stall", kStallDispatch},
        {"stall_drain", kStallDrain},
        {"stall_imc_miss", kStallImcMiss},
        {"stall_no_instruction", kStallNoInst},
        {"stall_selected", kStallSelected},
        {"stall_sleeping", kStallSleeping},
        {"stall_tex_throttle", kStallTex},
        {"stall_gmma", kStallGmma},
        {"stall_misc", kStallMisc}};
    auto active = raw(in, kWarpsActiveSum);
    // The time account's largest item, among the reasons measured (the issuing share,
    // `selected`, is not a stall and is left out).
    std::string top;
    double top_frac = -1;
    for (const auto& [name, metric] : kStalls) {
      auto f = ratio(raw(in, metric), active);
      b.number(name, f, Origin::Profiled);
      if (f && *f > top_frac && std::string_view(name) != "stall_selected") {
        top_frac = *f;
        top = std::string(name).substr(6);
      }
    }
    if (top_frac >= 0) {
      b.text("stall_top", top, Origin::Profiled);
      b.number("stall_top_frac", std::min(1.0, top_frac), Origin::Profiled);
    }
  }
  {
    // The busiest pipe, among those measured.
    const std::pair<const char*, std::optional<double>> pipes[] = {
        {"fma", pct_to_frac(raw(in, kFmaActive))},       {"alu", pct_to_frac(raw(in, kAluInst))},
        {"fp64", pct_to_frac(raw(in, kFp64Active))},     {"xu", pct_to_frac(raw(in, kXuInst))},
        {"tensor", pct_to_frac(raw(in, kTensorActive))}, {"lsu", pct_to_frac(raw(in, kLsuInst))},
        {"uniform", pct_to_frac(raw(in, kUniformInst))}};
    std::string top;
    double top_frac = -1;
    for (const auto& [name, f] : pipes)
      if (f && std::isfinite(*f) && *f > top_frac) {
        top_frac = *f;
        top = name;
      }
    if (top_frac > 0) {  // every measured pipe idle names none
      b.text("pipe_top", top, Origin::Profiled);
      b.number("pipe_top_frac", std::min(1.0, top_frac), Origin::Profiled);
    }
  }
  b.number("uniform_frac", pct_to_frac(raw(in, kUniformInst)), Origin::Profiled);
  b.number("const_miss_frac", ratio(raw(in, kIdcMisses), raw(in, kIdcRequests)), Origin::Profiled);
  if (auto replays = raw(in, kIdcReplays); replays && raw(in, kInst) && *raw(in, kInst) > 0)
    b.number("const_replay_frac", std::min(1.0, *replays / *raw(in, kInst)), Origin::Profiled);
  b.text("dtype", dtype, dtype_origin);

  // --- memory access quality (profiled counters; ratios do not depend on replay speed) ---
  // Bytes per sector of global loads is undefined without global load requests (a cp.async /
  // TMA kernel stages through LDGSTS, which this ratio does not count): the profiler reports 0
  // there, which would read as "fully uncoalesced".
  // The same for a kernel that does issue LDGSTS: on the H200 the cp.async matmuls report 0 %
  // with 8.4 M global load requests (bundled recording), a number about nothing.
  auto requests = raw(in, kLdRequests), ldgsts = raw(in, kLdgsts);
  if (auto eff = raw(in, kLoadEff);
      eff && ((requests && *requests <= 0) || (ldgsts && *ldgsts > 0)))
    d.defects.push_back(
        "load_eff = " + short_number(*eff / 100.0) +
        " not defined: the kernel's global loads go through cp.async (LDGSTS), or "
        "there are none, and the sector-efficiency counter does not describe them: dropped");
  else
    b.number("load_eff", pct_to_frac(raw(in, kLoadEff)), Origin::Profiled);
  b.number("store_eff", pct_to_frac(raw(in, kStoreEff)), Origin::Profiled);
  b.number("sectors_per_request", ratio(raw(in, kLdSectors), raw(in, kLdRequests)),
           Origin::Profiled);
  b.number("l2_hit", pct_to_frac(raw(in, kL2Hit)), Origin::Profiled);
  {
    auto mhz = chip_number(in.chip, "sm_clock_mhz");
    b.number("load_sector_wait_ns",
             load_sector_wait_ns(in.raw, mhz ? std::optional<double>(*mhz * 1e6) : std::nullopt),
             Origin::Profiled);
  }
  b.number("l1_hit", pct_to_frac(raw(in, kL1Hit)), Origin::Profiled);
  b.number("l1_frac", pct_to_frac(raw(in, kL1Wavefronts)), Origin::Profiled);
  b.number("l2_frac", pct_to_frac(raw(in, kL2Sectors)), Origin::Profiled);
  {
    // The loads', stores' and LDGSTS fills' conflicts only (profiling/bank_conflicts.h).
    BankConflictReading bank = shared_bank_conflicts(in.raw);
    if (!bank.defect.empty()) d.defects.push_back(bank.defect);
    b.number("bank_conflicts_per_request", bank.per_access, Origin::Profiled);
  }
  {
    auto ldgsts = raw(in, kLdgsts), tma = raw(in, kTmaInst);
    if (ldgsts || tma)
      b.boolean("uses_cp_async", ldgsts.value_or(0) > 0 || tma.value_or(0) > 0, Origin::Profiled);
  }
  b.number("inst_executed", raw(in, kInst), Origin::Profiled);
  if (auto hz = raw(in, kSmClock)) b.number("sm_clock_mhz", *hz / 1e6, Origin::Profiled);

  // --- occupancy and resources ---
  b.number("occupancy", pct_to_frac(raw(in, kWarpsActive)), Origin::Profiled);
  const LaunchAttributes& l = in.launch;
  b.number("regs_per_thread", l.regs_per_thread, Origin::Driver);
  b.number("smem_per_block", sum(l.static_smem_bytes, l.dynamic_smem_bytes), Origin::Driver);
  b.number("local_bytes", l.local_bytes_per_thread, Origin::Driver);
  b.number("block_threads", l.block_threads, Origin::Driver);
  b.number("grid_blocks", l.grid_blocks, Origin::Driver);
  b.number("blocks_per_sm", l.max_active_blocks_per_sm, Origin::Driver);
  b.text("occupancy_limiter", l.occupancy_limiter, Origin::Driver);
  if (in.chip && l.max_active_blocks_per_sm && l.block_threads) {
    double warps_per_block = std::ceil(*l.block_threads / 32.0);
    double max_warps = max_warps_per_sm(in.chip->cc_major, in.chip->cc_minor);
    b.number("theoretical_occupancy",
             std::min(1.0, *l.max_active_blocks_per_sm * warps_per_block / max_warps),
             Origin::Driver);
  }
  if (l.grid_blocks && l.max_active_blocks_per_sm && *l.max_active_blocks_per_sm > 0) {
    if (auto sms = chip_number(in.chip, "sm_count")) {
      double waves = *l.grid_blocks / (*l.max_active_blocks_per_sm * *sms);
      b.number("waves", waves, Origin::Driver);
      // The tail: the last wave's fill, and the share of the waves' block slots it leaves
      // idle (blocks of equal duration assumed).
      if (waves > 0) {
        double whole = std::ceil(waves - 1e-9);
        double fill = waves - std::floor(waves);
        b.number("last_wave_fill", fill < 1e-9 ? 1.0 : fill, Origin::Driver);
        b.number("tail_idle_frac", (whole - waves) / whole, Origin::Driver);
      }
    }
  }

  // --- given by the caller ---
  b.number("kernel_count", in.kernel_count, Origin::Given);
  b.number("launch_count", in.launch_count, Origin::Given);
  b.number("weight", in.weight, Origin::Given);
  b.number("dominant_launch", in.dominant_launch, Origin::Given);
  b.number("launch_gap_frac", in.launch_gap_frac, Origin::Unprofiled);
  return d;
}

}  // namespace solver::profiling
