// CUPTI PC sampling over one user-delimited range (cupti_pcsampling.h, CUDA 12+ API): every
// warp scheduler samples one warp's PC and stall reason every 2^period cycles; the samples of
// the range come back per (function, PC offset) with counts per stall reason. No CUDA or CUPTI
// type appears here: the context travels as void*.
//
// How a collection runs: the constructor enables PC sampling on the context and configures it
// (all stall reasons, start/stop control, continuous mode, the period); sample() starts, calls
// `run` once, stops and reads everything back (cuptiPCSamplingGetData until no PC remains); the
// destructor disables it, so later launches run without sampling. A module to be mapped to
// source should be loaded after the constructor ran.
//
// Every failure is a value (init_error(), Samples::error): unsupported device, insufficient
// privileges (CUPTI_ERROR_INSUFFICIENT_PRIVILEGES), a range profiler still enabled on the
// context. The caller records it and goes on without samples.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "profiling/pc_lines.h"

namespace solver::profiling {

class PcSampler {
 public:
  // `period_log2`: 2^N cycles between samples, N in [5, 31].
  PcSampler(void* cu_context, int period_log2);
  ~PcSampler();
  PcSampler(const PcSampler&) = delete;
  PcSampler& operator=(const PcSampler&) = delete;

  const std::string& init_error() const { return init_error_; }

  struct Samples {
    std::string error;             // "" on success
    std::vector<PcRecord> pcs;     // every sampled PC of the range, all functions
    uint64_t total_samples = 0;    // as CUPTI counted them (all functions)
    uint64_t dropped_samples = 0;  // lost to a full hardware buffer
    bool hardware_buffer_full = false;
    uint64_t stale_samples = 0;  // of earlier ranges, read and discarded before Start
    int late_polls = 0;          // empty GetData rounds waited through after Stop
  };
  // Samples one call of `run` (which must synchronize before returning). An exception from
  // `run` is reported in `error` after sampling was stopped. Records pending from earlier
  // ranges are discarded first; after Stop, while no record of function `want` ("" = any) has
  // come back, empty reads are retried for up to ~40 ms (records can arrive after Stop).
  Samples sample(const std::function<void()>& run, const std::string& want = "");

 private:
  struct State;
  State* state_ = nullptr;
  void* ctx_ = nullptr;
  bool enabled_ = false;
  std::string init_error_;
};

// CUPTI's CRC of `cubin`, as PC records carry it (PcRecord::cubin_crc); 0 where it fails. No
// context and no GPU.
uint64_t cubin_crc(const std::string& cubin);

// The source line of `pc_offset` in `function` of `cubin`, from its line table (a cubin built
// with -lineinfo); file "" when the cubin has no line for it. cuptiGetSassToSourceCorrelation:
// needs no context and no GPU.
LineRef sass_to_source(const std::string& cubin, const std::string& function, uint64_t pc_offset);

}  // namespace solver::profiling
