// Helper hon21's host emulation (issue 28, "0 honest refused"; prints, not a test): two of
// tests/cheats/control_hon21_*'s kernels in FP32 on the harness's own input sets (regular_set,
// timed_perturbations + apply_perturbation: the fresh set and every timed or audited run, off
// the law and in P6h's law mode), each against its float64 reference at the declared tolerance:
//  - causal_log_softmax (8192 rows of 1024 N(0, 2) scores, rtol = atol = 1e-5): the seed's
//    serial sum of expf and the child's 32 lane sums merged by a butterfly; the -inf of every
//    masked key must be the reference's (compare() passes the same infinity since hon21);
//  - inplace_scan_cub (2^24 values of U[0, 1), rtol = atol = 1e-5): the seed's Hillis-Steele
//    tiles, tile totals and carries; the child's 8 a thread, a tree over the 256 threads, tile
//    sums scanned the same way.
// Each figure: the largest |kernel - reference| / (atol + rtol |reference|) over the finite
// elements (1 or less passes), and whether compare() passes the whole output.
// Usage: hon21_sim [runs (default 3)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"

using namespace solver;
using generators::DType;

namespace {

generators::ResolvedBuffer buffer(const char* name, int64_t n, generators::InitDist law,
                                  generators::BufferRole role) {
  generators::ResolvedBuffer b;
  b.name = name;
  b.dtype = DType::F32;
  b.role = role;
  b.init = law;
  b.elements = n;
  b.bytes = n * 4;
  b.shape = {n};
  return b;
}

std::vector<float> floats(const std::vector<unsigned char>& bytes) {
  std::vector<float> v(bytes.size() / 4);
  std::memcpy(v.data(), bytes.data(), bytes.size());
  return v;
}

// The largest error in tolerance units over finite reference elements, and compare()'s verdict.
void report(const char* what, const std::vector<float>& got, const std::vector<double>& ref,
            double rtol, double atol) {
  double worst = 0;
  for (size_t i = 0; i < ref.size(); ++i)
    if (std::isfinite(ref[i]))
      worst =
          std::fmax(worst, std::fabs(double(got[i]) - ref[i]) / (atol + rtol * std::fabs(ref[i])));
  generators::Tolerance tol;
  tol.rtol = rtol;
  tol.atol = atol;
  const gpu::Comparison c =
      gpu::compare(reinterpret_cast<const unsigned char*>(got.data()), DType::F32,
                   int64_t(got.size()), ref.data(), int64_t(ref.size()), tol, 0);
  std::printf("    %-6s largest error / tolerance %.3f, compare: %s (%lld out)\n", what, worst,
              c.ok ? "pass" : "FAIL", (long long)c.failures);
}

constexpr int kR = 8192, kT = 1024;

void log_softmax(const std::vector<float>& s) {
  std::vector<double> ref(s.size());
  std::vector<float> seed(s.size()), child(s.size());
  for (int r = 0; r < kR; ++r) {
    const int q = r % kT;
    const float* row = s.data() + size_t(r) * kT;
    double m = -INFINITY, sum = 0;
    for (int j = 0; j <= q; ++j) m = std::fmax(m, double(row[j]));
    for (int j = 0; j <= q; ++j) sum += std::exp(double(row[j]) - m);
    const double lse = m + std::log(sum);
    float fm = -INFINITY, fs = 0.f;
    for (int j = 0; j <= q; ++j) fm = std::fmax(fm, row[j]);
    for (int j = 0; j <= q; ++j) fs += std::exp(row[j] - fm);
    const float flse = fm + std::log(fs);
    float lane[32];
    for (int l = 0; l < 32; ++l) {
      lane[l] = 0.f;
      for (int i = 0; i < 32; ++i) {
        const int j = l + 32 * i;
        lane[l] += j <= q ? std::exp(row[j] - fm) : 0.f;
      }
    }
    for (int o = 16; o > 0; o >>= 1) {
      float next[32];
      for (int l = 0; l < 32; ++l) next[l] = lane[l] + lane[l ^ o];
      std::memcpy(lane, next, sizeof lane);
    }
    const float clse = fm + std::log(lane[0]);
    for (int j = 0; j < kT; ++j) {
      const size_t k = size_t(r) * kT + size_t(j);
      ref[k] = j <= q ? double(row[j]) - lse : -INFINITY;
      seed[k] = j <= q ? row[j] - flse : -INFINITY;
      child[k] = j <= q ? row[j] - clse : -INFINITY;
    }
  }
  report("seed", seed, ref, 1e-5, 1e-5);
  report("child", child, ref, 1e-5, 1e-5);
}

void scan(const std::vector<float>& x) {
  const size_t n = x.size();
  std::vector<double> ref(n);
  double run = 0;
  for (size_t i = 0; i < n; ++i) ref[i] = run += double(x[i]);
  // The seed: Hillis-Steele tiles of 1024, the totals scanned 1024 at a time with a carry.
  std::vector<float> seed(x), totals(n / 1024);
  auto hillis_steele = [](float* b, int len) {
    std::vector<float> next(static_cast<size_t>(len));
    for (int d = 1; d < len; d <<= 1) {
      for (int t = 0; t < len; ++t) next[size_t(t)] = t >= d ? b[t] + b[t - d] : b[t];
      std::memcpy(b, next.data(), size_t(len) * 4);
    }
  };
  for (size_t t = 0; t < n / 1024; ++t) {
    hillis_steele(seed.data() + t * 1024, 1024);
    totals[t] = seed[t * 1024 + 1023];
  }
  float carry = 0.f;
  for (size_t base = 0; base < totals.size(); base += 1024) {
    hillis_steele(totals.data() + base, 1024);
    const float last = totals[base + 1023];
    for (size_t k = 0; k < 1024; ++k) totals[base + k] += carry;
    carry += last;
  }
  for (size_t t = 1; t < n / 1024; ++t)
    for (size_t k = 0; k < 1024; ++k) seed[t * 1024 + k] += totals[t - 1];
  // The child: 8 a thread in order, the 256 thread sums by a tree (an exclusive scan by
  // Hillis-Steele stands in for cub's warp scans), tile sums the same way with 8 a thread.
  auto block_scan8 = [&](float* v, int threads, float* total) {  // v: threads * 8, in place
    std::vector<float> sums(static_cast<size_t>(threads));
    for (int t = 0; t < threads; ++t) {
      float s = 0.f;
      for (int k = 0; k < 8; ++k) s += v[t * 8 + k];
      sums[size_t(t)] = s;
    }
    hillis_steele(sums.data(), threads);
    if (total) *total = sums[size_t(threads - 1)];
    for (int t = 0; t < threads; ++t) {
      float c = t ? sums[size_t(t - 1)] : 0.f;
      for (int k = 0; k < 8; ++k) v[t * 8 + k] = c += v[t * 8 + k];
    }
  };
  std::vector<float> child(x), tiles(n / 2048), tmp(2048);
  for (size_t t = 0; t < tiles.size(); ++t) {
    std::memcpy(tmp.data(), x.data() + t * 2048, 2048 * 4);
    block_scan8(tmp.data(), 256, &tiles[t]);
  }
  std::vector<float> excl(tiles.size());
  {
    std::vector<float> incl(tiles);
    block_scan8(incl.data(), 1024, nullptr);
    for (size_t t = 0; t < tiles.size(); ++t) excl[t] = t ? incl[t - 1] : 0.f;
  }
  for (size_t t = 0; t < tiles.size(); ++t) {
    block_scan8(child.data() + t * 2048, 256, nullptr);
    for (size_t k = 0; k < 2048; ++k) child[t * 2048 + k] += excl[t];
  }
  report("seed", seed, ref, 1e-5, 1e-5);
  report("child", child, ref, 1e-5, 1e-5);
}

template <class F>
void on_sets(const char* name, const generators::ResolvedBuffer& b, int runs, F&& f) {
  generators::ResolvedVariant v;
  v.buffers = {b};
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  const std::vector<unsigned char> base(set0.inputs[0]->data.get(),
                                        set0.inputs[0]->data.get() + set0.inputs[0]->size);
  std::printf("%s\n  set 0 (regular, i.i.d.)\n", name);
  f(floats(base));
  for (int r = 1; r <= runs; ++r) {
    for (bool law : {false, true}) {
      std::vector<unsigned char> d = base;
      const uint64_t seed = uint64_t(r) * 0x9e3779b97f4a7c15ull;
      for (const gpu::Perturbation& p : gpu::timed_perturbations(v, seed, false, law))
        gpu::apply_perturbation(v.buffers[p.buffer], d.data(), p);
      std::printf("  timed run / fresh set %d, %s\n", r,
                  law ? "law mode (P6h)" : "off the law (P6c shrink, P13 cells)");
      f(floats(d));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 3;
  on_sets("control_hon21_causal_log_softmax (s: 8192 x 1024, N(0, 2))",
          buffer("s", int64_t(kR) * kT, {"normal", 0, 2}, generators::BufferRole::In), runs,
          [](const std::vector<float>& s) { log_softmax(s); });
  on_sets("control_hon21_inplace_scan_cub (x: 2^24, U[0, 1), in-out)",
          buffer("x", int64_t(1) << 24, {"uniform", 0, 1}, generators::BufferRole::InOut), runs,
          [](const std::vector<float>& x) { scan(x); });
  return 0;
}
