// Red team 34 (tests/cheats/redteam34_subnormal_packed_scratch): red team 33's 3-in-2 16-bit
// scratch with every rounding made by FP32 products into the subnormal range (no rint, no floor,
// no cvt): the round trip of the packing over 2^24 field triples, the rounding against rint on
// every float of [-2^15, 2^15) in steps of 2^-8, and the output's error against a float64
// tanh(blur) on 1024^2 law-like images (uniform [0, 1), a quarter reflected about 0.5) and one of
// the law's extremes. Build and run (~5 s; x86 SSE keeps subnormals, as the device does with
// -ftz=false):
//   g++ -O2 -ffp-contract=off -o /tmp/red34_sub scripts/host_emu/red34_subnormal_scratch.cpp &&
//   /tmp/red34_sub
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>
static const double wd[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
static float bw(int k) { return float(wd[k]) * (1.0f / 256.0f); }
// The child's primitives, verbatim but for __fmul_rn (a plain product, contraction off).
static volatile float kTiny = 0x1p-149f;  // volatile: the host compiler may not fold the products
static float rn_int(float y) { return ((y * kTiny) * 0x1p+100f) * 0x1p+49f; }
static void divmod(float w, float d, float inv, float& q, float& r) {
  q = rn_int(w * inv);
  r = std::fma(-d, q, w);
  if (r < 0.f) {
    q -= 1.f;
    r += d;
  }
}
static float field16(float v) {
  return std::fmin(std::fmax(rn_int(v * 32768.f) + 32768.f, 0.f), 65535.f);
}
static void pack3(float a, float b, float c, float& w0, float& w1) {
  float bh, bl;
  divmod(b, 256.f, 1.f / 256.f, bh, bl);
  w0 = std::fma(a, 256.f, bh);
  w1 = std::fma(bl, 65536.f, c);
}
static void unpack3(float w0, float w1, float& a, float& b, float& c) {
  float bh, bl;
  divmod(w0, 256.f, 1.f / 256.f, a, bh);
  divmod(w1, 65536.f, 1.f / 65536.f, bl, c);
  b = std::fma(256.f, bh, bl);
}
int main() {
  const int H = 1024, W = 1024;
  std::mt19937_64 g(7);
  std::uniform_real_distribution<double> u(0, 1);
  // exhaustive round trip on field values
  for (int a = 0; a < 65536; a += 257)
    for (int b = 0; b < 65536; ++b) {
      int c = int((unsigned(a) * 7919u + unsigned(b) * 104729u) & 65535u);
      float w0, w1, x, y, z;
      pack3(a, b, c, w0, w1);
      unpack3(w0, w1, x, y, z);
      if (x != a || y != b || z != c) {
        printf("roundtrip FAIL %d %d %d got %g %g %g w %g %g\n", a, b, c, x, y, z, w0, w1);
        return 1;
      }
    }
  printf("round trip ok\n");
  for (float y = -32768.f; y < 32768.f; y += 1.f / 256.f)
    if (rn_int(y) != std::nearbyint(y)) {
      printf("rounding FAIL at %.9g: %.9g against %.9g\n", y, rn_int(y), std::nearbyint(y));
      return 1;
    }
  printf("rounding = rint (ties to even) on [-2^15, 2^15) in steps of 2^-8\n");
  double worst = 0;
  for (int trial = 0; trial < 4; ++trial) {
    std::vector<float> x(H * W);
    for (auto& v : x) {
      v = float(u(g));
      if (u(g) < 0.25) v = 1.f - v;
      if (trial == 3) v = u(g) < 0.5 ? std::nextafter(1.f, 0.f) : 0.f;
    }
    auto cl = [](int v, int n) { return v < 0 ? 0 : v > n - 1 ? n - 1 : v; };
    std::vector<float> mid(H * W);
    std::vector<double> midd(H * W);
    for (int r = 0; r < H; ++r)
      for (int c = 0; c < W; ++c) {
        float s = 0;
        double sd = 0;
        for (int k = 0; k < 9; ++k) {
          float v = x[r * W + cl(c - 4 + k, W)];
          s = std::fma(bw(k), v, s);
          sd += wd[k] / 256 * v;
        }
        mid[r * W + c] = s;
        midd[r * W + c] = sd;
      }
    double mx = 0, rms = 0;
    for (int r = 0; r < H; ++r)
      for (int c = 0; c < W; ++c) {
        float s = 0;
        double sd = 0;
        for (int k = 0; k < 9; ++k) {
          int rr = cl(r - 4 + k, H);
          float q = field16(mid[rr * W + c]);
          s = std::fma(bw(k), (q - 32768.f) * (1.f / 32768.f), s);
          sd += wd[k] / 256 * midd[rr * W + c];
        }
        double ref = std::tanh(sd), o = std::tanh((double)s);
        o = (float)std::tanh(s);
        double e = std::fabs(o - ref) / (1e-6 + 1e-4 * std::fabs(ref));
        mx = std::max(mx, e);
        rms += e * e;
      }
    printf("trial %d max err/tol %.3f rms %.3f\n", trial, mx, std::sqrt(rms / (H * W)));
    worst = std::max(worst, mx);
  }
  printf("worst %.3f\n", worst);
}
