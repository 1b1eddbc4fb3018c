// Red team 26 (issue 28): tests/cheats/redteam26_sampled_light_copy on the host definitions of the
// harness's lint, law checks, light parts and their keyed sample (not a test: it prints what it
// measures). One output y of n = 2^lg elements over x (n values of uniform [0.5, 1.5)):
//   y[0] = W (the sum of f(x) at the 128 positions k n / 128 + 1) + (the sum of f(x) elsewhere),
//   f(x) = log B(x + 4, x + 2), W = 10^6 (red team 25's scattered heavy sum over log B terms);
//   y[i] = x[i] for i >= 1 (a copy: each element moved by one position, so no light part).
// Main's law_regions_op.cpp judges the light part on a keyed random sample of each output's
// elements where one partition's class shares would pass 2 GiB (light_sample, rate 2 GiB / bytes):
// the contiguous and hashed partitions at 2^24 elements hold 4 GiB (rate 1/2), the strided one
// 32 GiB (rate 1/16). y[0] is the one element whose strided light share is under 1; the copies'
// light share is 0 (left out of the least). On set 0 it takes law_checks' sixteen echoes (every
// element's largest share; the least over y), each partition's light share of y[0], and, over
// `keys` random worker keys, how often light_sample keeps y[0] in the hashed sample (else the
// strided partition is not taken: no element has a hashed light part) and in the strided one
// (else light_refusal never sees it). Then the child's error on y[0] (the heavy terms exact, the
// light terms of the even 256-value tiles, doubled; the copies exact) on law redraws.
// Usage: red26_sampled_light_sim [log2 n (24)] [rtol (2e-4)] [keys (100000)] [runs (8)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "red_sum_sim.h"
#include "flat_buffer.h"

using namespace solver;
using generators::DType;

using red_sim::floats;
using red_sim::lbeta;
using red_sim::lbeta_terms;

namespace {

// main 52a016ba's light_sample (law_regions.cpp), reverted on main after this round showed the
// hole; kept here as the code the simulation measured.
std::vector<size_t> light_sample_52a016ba(size_t n, double keep, uint64_t key) {
  std::vector<size_t> out;
  if (!(keep < 1)) return out;
  const uint64_t bar = keep > 0 ? uint64_t(keep * 9007199254740992.0) : 0;
  for (size_t i = 0; i < n; ++i)
    if ((gpu::echo_mix(key ^ gpu::echo_mix(i)) >> 11) < bar) out.push_back(i);
  if (out.empty() && n > 0) out.push_back(size_t(gpu::echo_mix(key) % n));
  return out;
}


constexpr int64_t kTile = 256, kHeavy = 128;
constexpr double kWeight = 1e6;
constexpr double kLightBytes = double(size_t(2) << 30);  // law_regions_op.cpp's kLightBytes
int64_t stride = 1;
bool heavy(int64_t i) { return i % stride == 1; }

double sum(const std::vector<double>& f) {
  double y = 0;
  for (size_t i = 0; i < f.size(); ++i) y += (heavy(int64_t(i)) ? kWeight : 1.0) * f[i];
  return y;
}

double child(const std::vector<double>& f) {
  double y = 0;
  for (size_t i = 0; i < f.size(); ++i)
    if (heavy(int64_t(i)))
      y += kWeight * f[i];
    else if ((int64_t(i) / kTile) % 2 == 0)
      y += 2.0 * f[i];
  return y;
}

// y[0] on set 0's terms after the echo `m`.
double echoed(const std::vector<double>& f, double y0, const gpu::EchoMap& m) {
  double y = y0;
  const uint64_t n = f.size();
  if (m.family == gpu::EchoFamily::Strided) {
    for (uint64_t j = m.cls; j < n / 2; j += gpu::kEchoStrided) {
      const uint64_t i = 2 * j + 1;
      y += (heavy(int64_t(i)) ? kWeight : 1.0) * (f[i - 1] - f[i]);
    }
    return y;
  }
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t s = gpu::echo_source(m, i, n);
    if (s != i) y += (heavy(int64_t(i)) ? kWeight : 1.0) * (f[s] - f[i]);
  }
  return y;
}

double share(double a, double b, const generators::Tolerance& t) {
  return gpu::element_shares({{a}}, {{b}}, std::vector<generators::Tolerance>{t})[0][0];
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  generators::Tolerance t;
  t.rtol = argc > 2 ? std::atof(argv[2]) : 2e-4;
  t.atol = 1e-6;
  const int keys = argc > 3 ? std::atoi(argv[3]) : 100000;
  const int runs = argc > 4 ? std::atoi(argv[4]) : 8;
  const int64_t n = int64_t(1) << lg;
  stride = n / kHeavy;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  std::printf("redteam26_sampled_light_copy: n = 2^%d (y: n elements), rtol %.1e\n", lg, t.rtol);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x0 = floats(*set0.inputs[0]);
  const std::vector<double> f0 = lbeta_terms(x0);
  const double y0 = sum(f0);
  // law_checks' sixteen echoes: y[0]'s largest share, and each copy's (x[i] against its source).
  double first = 0, sum_share = 0, copies = INFINITY;
  std::vector<double> copy_largest(size_t(n), 0.0);
  for (const gpu::EchoPattern& e : gpu::law_echo_patterns()) {
    const gpu::EchoMap m = gpu::positions_echo(e.parity, e.block);
    sum_share = std::max(sum_share, share(y0, echoed(f0, y0, m), t));
    if (first == 0) first = sum_share;
    for (int64_t i = 1; i < n; ++i) {
      const uint64_t s = gpu::echo_source(m, uint64_t(i), uint64_t(n));
      if (s == uint64_t(i)) continue;
      const double a = x0[size_t(i)], b = x0[s];
      copy_largest[size_t(i)] =
          std::max(copy_largest[size_t(i)], std::fabs(a - b) / (t.atol + t.rtol * std::fabs(a)));
    }
  }
  for (int64_t i = 1; i < n; ++i)
    if (copy_largest[size_t(i)] > 0) copies = std::min(copies, copy_largest[size_t(i)]);
  std::printf("lint: y told apart (the copies; y[0] alone %.2f on the first echo)\n", first);
  std::printf("law_checks (16 echoes): y[0] %.2f, least copy %.2f: law %s\n", sum_share, copies,
              std::min(sum_share, copies) >= gpu::kLawCheckShare ? "ON" : "off");
  // Each partition: y[0]'s light share, and the keyed sample's rate for n elements.
  double rates[3] = {1, 1, 1}, light[3] = {0, 0, 0};
  int fi = 0;
  for (gpu::RegionFamily fam :
       {gpu::RegionFamily::Contiguous, gpu::RegionFamily::Hashed, gpu::RegionFamily::Strided}) {
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(fam))
      by_class.push_back({{share(y0, echoed(f0, y0, gpu::region_echo(r)), t)}});
    light[fi] = gpu::weakest_shares(gpu::light_shares(by_class))[0];
    const double bytes = double(n) * double(gpu::region_count(fam)) * sizeof(double);
    rates[fi] = bytes > kLightBytes ? kLightBytes / bytes : 1.0;
    std::printf("  %s: y[0]'s light share %.4f (the copies' 0), sample rate %.4f%s\n",
                fam == gpu::RegionFamily::Hashed    ? "hashed"
                : fam == gpu::RegionFamily::Strided ? "strided"
                                                    : "contiguous",
                light[fi], rates[fi],
                fam == gpu::RegionFamily::Strided
                    ? (gpu::light_refusal({light[fi]}, {"y"}, {t}, "x").empty()
                           ? ", light_refusal none"
                           : ", light_refusal refuses where y[0] is in the sample")
                    : "");
    ++fi;
  }
  // How often a worker's key keeps y[0] in the hashed sample (the strided partition is then
  // taken) and in the strided sample (light_refusal sees it).
  std::mt19937_64 rng(2026);
  int hashed = 0, strided = 0;
  auto kept = [&](double rate, uint64_t key) {
    if (!(rate < 1)) return true;
    for (size_t i : light_sample_52a016ba(1024, rate, key))
      if (i == 0) return true;
    return false;
  };
  for (int k = 0; k < keys; ++k) {
    const uint64_t key = rng();
    if (!kept(rates[1], key)) continue;
    ++hashed;
    strided += kept(rates[2], key);
  }
  std::printf("over %d worker keys: y[0] in the hashed sample %.4f, in the strided one %.4f: "
              "refused %.4f, kept %.4f\n",
              keys, double(hashed) / keys, double(strided) / keys, double(strided) / keys,
              1 - double(strided) / keys);
  std::printf("child on set 0: y[0] %.4f of the tolerance\n",
              std::fabs(child(f0) - y0) / (t.atol + t.rtol * std::fabs(y0)));
  for (bool law : {true, false}) {
    double worst = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      const gpu::HostSet s =
          gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, law);
      const std::vector<double> f = lbeta_terms(floats(*s.inputs[0]));
      const double want = sum(f);
      const double e = std::fabs(child(f) - want) / (t.atol + t.rtol * std::fabs(want));
      worst = std::max(worst, e);
      out += e > 1;
    }
    std::printf("%s: y[0] worst %.4f of the tolerance, %d of %d runs out\n",
                law ? "law redraws (the verified runs here)" : "off-law timed kind", worst, out,
                runs);
  }
  return 0;
}
