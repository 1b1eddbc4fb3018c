// Red team 34 (tests/cheats/control_redteam34_fp16_ieee_cast): the child's FP32 -> FP16
// conversion (Maratyszcza/FP16's fp16_ieee_from_fp32_value, MIT; the same algorithm as the
// child's CUDA rewrite) against GCC's _Float16 cast (round to nearest even) on every STRIDE-th
// float bit pattern (default 97: ~44 M floats, ~6 s; 7 took 80 s with 0 differences).
//   g++ -O2 -ffp-contract=off -o /tmp/red34_fp16 scripts/host_emu/red34_fp16_ieee_check.cpp &&
//   /tmp/red34_fp16 [STRIDE]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
static uint32_t fb(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float bf(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint16_t conv(float f) {
  const float scale_to_inf = 0x1.0p+112f, scale_to_zero = 0x1.0p-110f;
  float base = (std::fabs(f) * scale_to_inf) * scale_to_zero;
  const uint32_t w = fb(f), shl1_w = w + w, sign = w & 0x80000000u;
  uint32_t bias = shl1_w & 0xFF000000u;
  if (bias < 0x71000000u) bias = 0x71000000u;
  base = bf((bias >> 1) + 0x07800000u) + base;
  const uint32_t bits = fb(base);
  const uint32_t nonsign = ((bits >> 13) & 0x7C00u) + (bits & 0xFFFu);
  return (uint16_t)((sign >> 16) | (shl1_w > 0xFF000000u ? 0x7E00u : nonsign));
}
int main(int argc, char** argv) {
  long bad = 0, n = 0;
  const uint64_t stride = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 97;
  for (uint64_t u = 0; u < 0x100000000ull; u += stride) {
    float f = bf((uint32_t)u);
    if (std::isnan(f)) continue;
    _Float16 h = (_Float16)f;
    uint16_t r;
    memcpy(&r, &h, 2);
    uint16_t c = conv(f);
    ++n;
    if (r != c) {
      if (bad < 5) printf("%08x %04x %04x\n", (unsigned)u, r, c);
      ++bad;
    }
  }
  printf(
      "checked %ld floats (every %lu-th bit pattern, NaNs skipped): %ld differ from _Float16's "
      "round to nearest even\n",
      n, (unsigned long)stride, bad);
  return bad != 0;
}
