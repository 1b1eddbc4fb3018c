// Red team 33 (tests/cheats/redteam33_float_packed_scratch): the child's 16-bit fixed-point
// scratch on the host: the 3-in-2 packing's round trip over 2^24 field triples, and the output's
// error against a float64 tanh(blur) on 1024^2 law-like images (uniform [0, 1), a quarter
// reflected about 0.5) and one of the law's extremes. Build and run (~4 s):
//   g++ -O2 -ffp-contract=off -o /tmp/red33_sim scripts/host_emu/red33_packed_scratch.cpp &&
//   /tmp/red33_sim
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>
static const double wd[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
static float bw(int k) { return float(wd[k]) * (1.0f / 256.0f); }
static float field16(float v) {
  return std::fmin(std::fmax(std::rint(v * 32768.f) + 32768.f, 0.f), 65535.f);
}
static void pack3(float a, float b, float c, float& w0, float& w1) {
  float bh = std::floor(b * (1.f / 256.f));
  w0 = std::fma(a, 256.f, bh);
  w1 = std::fma(std::fma(-256.f, bh, b), 65536.f, c);
}
static void unpack3(float w0, float w1, float& a, float& b, float& c) {
  a = std::floor(w0 * (1.f / 256.f));
  float bh = std::fma(-256.f, a, w0);
  float bl = std::floor(w1 * (1.f / 65536.f));
  c = std::fma(-65536.f, bl, w1);
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
