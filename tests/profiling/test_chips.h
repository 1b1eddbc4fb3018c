// Chip profiles built by hand for the profiling tests, so their expected values follow from
// numbers written here and not from whatever chips.yaml holds today.
#pragma once
#include "rules/chips.h"

namespace solver::profiling::testing {

inline rules::ChipProfile h200_like() {
  rules::ChipProfile c;
  c.id = "h200";
  c.name = "NVIDIA H200";
  c.cc_major = 9, c.cc_minor = 0;
  c.capabilities = {"tf32", "bf16", "fp16_tensor", "cp_async", "tma", "wgmma"};
  c.numbers = {{"sm_count", 132},      {"dram_gbps", 4800},        {"fp32_tflops", 67},
               {"tf32_tflops", 494.5}, {"fp16_tflops", 989.5},     {"bf16_tflops", 989.5},
               {"sm_clock_mhz", 1980}, {"fp32_lanes_per_sm", 128}, {"fp64_lanes_per_sm", 64}};
  return c;
}

inline rules::ChipProfile t4_like() {
  rules::ChipProfile c;
  c.id = "t4";
  c.name = "NVIDIA T4";
  c.cc_major = 7, c.cc_minor = 5;
  c.capabilities = {"fp16_tensor"};
  c.numbers = {{"sm_count", 40}, {"dram_gbps", 320}, {"fp32_tflops", 8.1}, {"fp16_tflops", 65}};
  return c;
}

}  // namespace solver::profiling::testing
