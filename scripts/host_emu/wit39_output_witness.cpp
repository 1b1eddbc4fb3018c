// The seed as an output witness at the fp32 class (issue 28, helper wit39): is "refuse a candidate
// whose error against the reference exceeds 2^k times the seed's own" sound? One honest control
// of the suite, control_redteam8_cuda_samples_blackscholes (NVIDIA's CUDA Samples BlackScholes:
// the Abramowitz-Stegun CND polynomial, __logf, __expf, __fdividef, rsqrtf, in FP32), against its
// seed (the same prices in FP64, rounded to float at the end) and its FP64 reference, each as its
// folder's source computes it. The control's fast intrinsics are modelled by the C library's
// float functions (correctly rounded or nearly: a LOWER bound on the SFU versions' error), so its
// ratio here is a lower bound. Prints each kernel's worst |o - r| / (atol + rtol |r|) over the
// folder's law (S ~ U[5, 30), X ~ U[1, 100), T ~ U[0.25, 10), atol = rtol = 1e-4) and the
// control's worst over the seed's: the 2^k the witness would need.
//   g++ -O2 -std=c++20 -o /tmp/wit39_ow scripts/host_emu/wit39_output_witness.cpp && /tmp/wit39_ow
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

namespace {

// control.cu's cndGPU, the intrinsics as the C library's float functions
float cnd_gpu(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f,
              A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267793994605993438f;
  const float K = 1.0f / (1.0f + 0.2316419f * std::fabs(d));
  float cnd = RSQRT2PI * std::exp(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) cnd = 1.0f - cnd;
  return cnd;
}

void control(float S, float X, float T, float& call, float& put) {
  const float R = 0.02f, V = 0.30f;
  const float sqrtT = 1.0f / (1.0f / std::sqrt(T));
  const float d1 = (std::log(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
  const float d2 = d1 - V * sqrtT;
  const float c1 = cnd_gpu(d1), c2 = cnd_gpu(d2), expRT = std::exp(-R * T);
  call = S * c1 - X * expRT * c2;
  put = X * expRT * (1.0f - c2) - S * (1.0f - c1);
}

// honest.cu (the seed) without the rounding to float: reference.cu's prices
void fp64(double s, double x, double t, double& call, double& put) {
  const double r = 0.02, v = 0.30, sqrt_t = std::sqrt(t);
  const double d1 = (std::log(s / x) + (r + 0.5 * v * v) * t) / (v * sqrt_t), d2 = d1 - v * sqrt_t;
  const double n1 = 0.5 * std::erfc(-d1 / std::sqrt(2.0)), n2 = 0.5 * std::erfc(-d2 / std::sqrt(2.0));
  call = s * n1 - x * std::exp(-r * t) * n2;
  put = x * std::exp(-r * t) * (1.0 - n2) - s * (1.0 - n1);
}

}  // namespace

int main() {
  std::mt19937_64 g(0x39);
  std::uniform_real_distribution<float> us(5, 30), ux(1, 100), ut(0.25f, 10);
  const double atol = 1e-4, rtol = 1e-4;
  double seed_worst = 0, control_worst = 0;
  for (int i = 0; i < (1 << 22); ++i) {
    const float S = us(g), X = ux(g), T = ut(g);
    double rc, rp;
    fp64(S, X, T, rc, rp);
    const volatile float sc = float(rc), sp = float(rp);  // the seed: rounded to float at the end
    float cc, cp;
    control(S, X, T, cc, cp);
    auto u = [&](double o, double r) { return std::fabs(o - r) / (atol + rtol * std::fabs(r)); };
    seed_worst = std::max({seed_worst, u(sc, rc), u(sp, rp)});
    control_worst = std::max({control_worst, u(cc, rc), u(cp, rp)});
  }
  std::printf("2^22 options: seed worst %.3g of the tolerance, control (lower bound) %.3g: the "
              "control errs %.0f x the seed (2^%.1f)\n",
              seed_worst, control_worst, control_worst / seed_worst,
              std::log2(control_worst / seed_worst));
  return 0;
}
