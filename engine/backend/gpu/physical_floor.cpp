// The physical floor a timing's median must respect (docs/gpu-backend.md, the measurement
// protocol): the problem's bytes at the measured copy bandwidth and its FLOPs at the rate of the
// fastest class the code could be running (floor_rate.h), whichever is longer. Split out of
// timing.cpp, which calls it for every timing (gate, time, time_pairs).
#include <algorithm>
#include <set>

#include "engine/backend/floor_bytes.h"
#include "engine/backend/gpu/floor_rate.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

PhysicalFloor Worker::floor_us(const Prepared& p) {
  const engine::Ceilings& c = ceilings();
  double bw = std::max(c.copy_gbps, c.datasheet_dram_gbps) * 1e9;
  const std::string& prec = p.resolved.precision;
  double rate = 0;
  std::string rate_name;
  if (p.code_precision) {
    // The fastest class the code could be running, whatever it declares (floor_rate.h).
    RoofRates roofs;
    roofs.fp32 = std::max(c.sgemm_tflops, c.datasheet_fp32_tflops);
    roofs.tf32 = std::max(c.tf32_tflops, c.datasheet_tf32_tflops);
    roofs.fp16 = chip_.number("fp16_tflops");
    roofs.bf16 = chip_.number("bf16_tflops");
    roofs.fp8 = chip_.number("fp8_tflops");
    roofs.int8_mma = chip_.number("int8_tops");
    std::set<generators::DType> dtypes;
    for (const auto& b : p.resolved.buffers) dtypes.insert(b.dtype);
    FloorRate f = fastest_rate(*p.code_precision, dtypes, roofs);
    rate = f.tops;
    rate_name = f.name + (f.why.empty() ? "" : " [" + f.why + "]");
  } else if (prec == "tf32") {
    rate = std::max(c.tf32_tflops, c.datasheet_tf32_tflops);
    rate_name = "TF32";
  } else if (prec == "fp16" || prec == "bf16") {
    rate = chip_.number(prec + "_tflops");
    rate_name = prec;
  } else if (prec == "fp32") {
    // An fp32 problem may legally run on tensor cores in TF32 only if its tolerance allows;
    // hold it to the FP32 CUDA-core peak (the faster TF32 path would be a tf32 variant).
    rate = std::max(c.sgemm_tflops, c.datasheet_fp32_tflops);
    rate_name = "FP32";
  }
  rate *= 1e12;
  // The variant's own count where its algorithm does less (Winograd), within a bounded factor.
  const FloorFlops ops = floor_flops(p.resolved.flops, p.resolved.algorithm_flops);
  // Written bytes the L2 can still hold dirty at the run's end are not counted (floor_bytes.h).
  const double bytes =
      engine::floor_dram_bytes(static_cast<double>(p.resolved.bytes), p.resolved.buffers,
                               chip_.number("l2_mib") * 1024.0 * 1024.0);
  double t_bytes = bw > 0 && bytes > 0 ? bytes / bw * 1e6 : 0;
  double t_flops = rate > 0 && ops.flops > 0 ? ops.flops / rate * 1e6 : 0;
  return {std::max(t_bytes, t_flops),
          "max of " + short_num(bytes) + " B (of " + short_num(p.resolved.bytes) +
              " declared, less written bytes the L2 holds) at " + short_num(bw / 1e9) +
              " GB/s and " + short_num(ops.flops) + " FLOP" +
              (ops.how.empty() ? "" : " (" + ops.how + ")") + " at " + short_num(rate / 1e12) +
              " " + rate_name + " TFLOP/s"};
}

}  // namespace solver::gpu
