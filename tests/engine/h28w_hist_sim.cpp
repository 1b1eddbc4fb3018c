// Issue 28, helper h28w: tests/cheats/control_hon20_atomic_float_histogram on the host
// definitions of the harness's input sets (not a test: it prints what it measures). The problem:
// h[bin(x_i)] += w_i over n values, x and w uniform [0, 1), 1,024 bins, FP32, rtol = atol =
// 1e-5. For each kind of set (the regular set, a timed run / the fresh set, the law pairs'
// i.i.d. redraw, and the timed kind with parts of its shrink left out) it prints how many values
// the fullest bin holds, and the error of the seed (one FP32 accumulator a bin, the values in
// index order, as the global atomics add them) and of the child (a block's values into its own
// FP32 bins, then the blocks' partial bins into h) against the float64 reference, as a share of
// the tolerance, the largest over the bins, and how many bins are outside it.
// Usage: h28w_hist_sim [log2 values (default 25)] [timed runs (default 4)] [law [main]]
//        h28w_hist_sim LG RUNS slab M W [x|w]  (helper h29l: each law run, then the same run with
//        a share M of one input's positions (x, w, or by the run: x on odd runs) redrawn from the
//        outer W of its law at one end (the end by the run): the end slab of docs/reliability.md
//        "Red team 27's law model: where it is wrong, and what the law admits")
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

constexpr int kBins = 1024;

int bin_of(float x) {  // bin.cuh
  return int(std::floor(std::fmin(std::fmax(x * float(kBins), 0.0f), float(kBins - 1))));
}

struct Err {
  double worst = 0;     // largest |o - r| / (atol + rtol |r|)
  int outside = 0;      // bins outside the tolerance
  int64_t fullest = 0;  // values in the fullest bin
  double share = 0;     // of all values
};

Err judge(const std::vector<float>& x, const std::vector<float>& w, bool privatised) {
  const int64_t n = int64_t(x.size());
  std::vector<double> ref(kBins, 0);
  std::vector<int64_t> count(kBins, 0);
  std::vector<float> h(kBins, 0.f);
  for (int64_t i = 0; i < n; ++i) {
    const int b = bin_of(x[size_t(i)]);
    ref[size_t(b)] += double(w[size_t(i)]);
    ++count[size_t(b)];
  }
  if (!privatised) {
    for (int64_t i = 0; i < n; ++i) h[size_t(bin_of(x[size_t(i)]))] += w[size_t(i)];
  } else {
    // control.cu: 1,056 blocks of 512 threads, grid-stride over float4s.
    const int64_t blocks = 1056, threads = 512, quads = n / 4;
    std::vector<float> bins(kBins);
    for (int64_t blk = 0; blk < blocks; ++blk) {
      std::fill(bins.begin(), bins.end(), 0.f);
      for (int64_t start = blk * threads; start < quads; start += blocks * threads)
        for (int64_t q = start; q < std::min(quads, start + threads); ++q)
          for (int64_t k = 4 * q; k < 4 * q + 4; ++k)
            bins[size_t(bin_of(x[size_t(k)]))] += w[size_t(k)];
      for (int b = 0; b < kBins; ++b)
        if (bins[size_t(b)] != 0.f) h[size_t(b)] += bins[size_t(b)];
    }
  }
  Err e;
  for (int b = 0; b < kBins; ++b) {
    const double tol = 1e-5 + 1e-5 * std::fabs(ref[size_t(b)]);
    const double r = std::fabs(double(h[size_t(b)]) - ref[size_t(b)]) / tol;
    e.worst = std::max(e.worst, r);
    e.outside += r > 1;
    e.fullest = std::max(e.fullest, count[size_t(b)]);
  }
  e.share = double(e.fullest) / double(n);
  return e;
}

std::vector<float> as_floats(const unsigned char* p, size_t bytes) {
  std::vector<float> v(bytes / 4);
  std::memcpy(v.data(), p, bytes);
  return v;
}

std::vector<double> reference(const std::vector<float>& x, const std::vector<float>& w) {
  std::vector<double> ref(kBins, 0);
  for (size_t i = 0; i < x.size(); ++i) ref[size_t(bin_of(x[i]))] += double(w[i]);
  return ref;
}

// The tolerance lint's share (sample_lint.h) of the odd-element echo: both inputs' odd positions
// copies of their even neighbours; the largest |r - echo| / tolerance over the bins.
double echo_share(const std::vector<float>& x, const std::vector<float>& w) {
  std::vector<float> ex = x, ew = w;
  for (size_t i = 1; i < x.size(); i += 2) ex[i] = x[i - 1], ew[i] = w[i - 1];
  const std::vector<double> r = reference(x, w), e = reference(ex, ew);
  double top = 0;
  for (int b = 0; b < kBins; ++b)
    top = std::max(
        top, std::fabs(r[size_t(b)] - e[size_t(b)]) / (1e-5 + 1e-5 * std::fabs(r[size_t(b)])));
  return top;
}

void line(const std::string& what, const std::vector<float>& x, const std::vector<float>& w) {
  const Err s = judge(x, w, false), c = judge(x, w, true);
  std::printf(
      "  %-44s fullest bin %9lld (%.4f of n)  seed %9.2f (%4d bins out)  child %8.2f (%4d out)  "
      "echo share %8.1f\n",
      what.c_str(), (long long)s.fullest, s.share, s.worst, s.outside, c.worst, c.outside,
      echo_share(x, w));
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 25;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 4;
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  for (const char* name : {"x", "w"}) {
    generators::ResolvedBuffer b;
    b.name = name;
    b.dtype = DType::F32;
    b.role = generators::BufferRole::In;
    b.init = {"uniform", 0, 1};
    b.elements = n;
    b.bytes = n * 4;
    b.shape = {n};
    v.buffers.push_back(b);
  }
  std::printf(
      "control_hon20_atomic_float_histogram, %lld values, 1,024 bins, rtol = atol = 1e-5\n"
      "(each figure the largest |h - reference| / tolerance over the bins)\n",
      (long long)n);
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  auto bytes = [&](size_t k) {
    return std::vector<unsigned char>(set0.inputs[k]->data.get(),
                                      set0.inputs[k]->data.get() + set0.inputs[k]->size);
  };
  line("regular set (i.i.d., the law)", as_floats(bytes(0).data(), bytes(0).size()),
       as_floats(bytes(1).data(), bytes(1).size()));
  // "main" after "law": without h28v's strata.
  const bool main_draws = argc > 4 && std::string(argv[4]) == "main";
  // reflect: -1 as made; else forced (0 none, 2 the shrink) on x (mask bit 1) / w (bit 2).
  auto timed = [&](const std::string& what, uint64_t seed, bool law, int no_shrink) {
    std::vector<std::vector<unsigned char>> d = {bytes(0), bytes(1)};
    for (gpu::Perturbation p : gpu::timed_perturbations(v, seed, false, law)) {
      if (no_shrink & (1 << p.buffer)) p.reflect = 0;
      if (main_draws) p.cls_stride = 0;  // P6j's strata taken out (main before h28v)
      gpu::apply_perturbation(v.buffers[p.buffer], d[p.buffer].data(), p);
    }
    line(what, as_floats(d[0].data(), d[0].size()), as_floats(d[1].data(), d[1].size()));
  };
  // Helper h29l's end slab: the law redraw, then a share m of one input's positions (keyed)
  // redrawn uniformly from the outer wd of [0, 1) at one end (keyed), emulated here on the host
  // bytes (not a harness draw: the measurement of what such a draw would cost this seed).
  if (argc > 5 && std::string(argv[3]) == "slab") {
    const double m = std::atof(argv[4]), wd = std::atof(argv[5]);
    const std::string which = argc > 6 ? argv[6] : "";
    for (int r = 1; r <= runs; ++r) {
      const uint64_t seed = uint64_t(r) * 0x9e3779b97f4a7c15ull;
      std::vector<std::vector<unsigned char>> d = {bytes(0), bytes(1)};
      for (gpu::Perturbation p : gpu::timed_perturbations(v, seed, false, true))
        gpu::apply_perturbation(v.buffers[p.buffer], d[p.buffer].data(), p);
      std::vector<float> x = as_floats(d[0].data(), d[0].size()),
                         w = as_floats(d[1].data(), d[1].size());
      line("law " + std::to_string(r), x, w);
      const bool on_x = which == "x" || (which != "w" && (r & 1));
      const bool top = ((seed >> 7) & 1) != 0;
      std::vector<float>& t = on_x ? x : w;
      const uint64_t cut =
          uint64_t(std::ldexp(m, 64) >= 0x1p64 ? ~0ull : uint64_t(std::ldexp(m, 64)));
      for (size_t i = 0; i < t.size(); ++i) {
        uint64_t h = seed ^ (0xd1b54a32d192ed03ull * (i + 1));
        h = (h ^ (h >> 31)) * 0x94d049bb133111ebull;
        h ^= h >> 29;
        if (h >= cut) continue;
        const double u = wd * double((h * 0x2545f4914f6cdd1dull) >> 11) * 0x1p-53;
        t[i] = float(top ? 1.0 - u : u);
        if (t[i] >= 1.0f) t[i] = 0.99999994f;
      }
      line(std::string("  slab on ") + (on_x ? "x" : "w") + (top ? " top " : " bottom ") +
               std::to_string(r),
           x, w);
    }
    return 0;
  }
  // "law": only the law redraws (the verified runs of P6h), for the seed's margin over many runs.
  const bool law_only = argc > 3 && std::string(argv[3]) == "law";
  for (int r = 1; r <= runs; ++r) {
    const uint64_t seed = uint64_t(r) * 0x9e3779b97f4a7c15ull;
    if (law_only) {
      timed("law pairs' redraw (i.i.d.)" + std::to_string(r), seed, true, 0);
      continue;
    }
    const std::string k = " " + std::to_string(r);
    timed("timed run / fresh set" + k, seed, false, 0);
    timed("  the same, x unshrunk" + k, seed, false, 1);
    timed("  the same, w unshrunk" + k, seed, false, 2);
    timed("  the same, neither shrunk (cells only)" + k, seed, false, 3);
    timed("law pairs' redraw (i.i.d.)" + k, seed, true, 0);
  }
  return 0;
}
