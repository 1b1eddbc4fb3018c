// The tolerance lint's share passes on the device (engine/backend/gpu/share_source.h) compiled
// as host C++ and run as a grid of one-thread blocks (each block's atomics merge into the sums,
// as on the device), against the host functions the lint runs without them: each element's
// share (sample_lint.h element_shares), each output's largest (largest_shares), the fold over
// echoes and its weakest (law_checks.h fold_element_shares, weakest_shares) and the light share
// (law_regions.h light_shares) must be the same bits, on float64, int64 and uint64 slots, with
// ties, zeros, infinities and NaN, over 32 and 256 classes, whatever the grid. What only the
// device can change (its division, its sqrt) is the worker's self-check on the GPU
// (device_shares.cpp), which runs the same probe (share_probe).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "engine/backend/gpu/class_blocks.h"
#include "engine/backend/gpu/derive_source.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/share_source.h"
#include "generators/nvrtc_compiler.h"

namespace emulated {
// The CUDA names the source uses, for host C++ (cuda_emulation.h); the order matters.
// clang-format off
#include "tests/engine/cuda_emulation.h"
#include "share_kernels.inc"
#include "tests/engine/cuda_emulation_end.h"
// clang-format on
}  // namespace emulated

using namespace solver;
using generators::DType;

namespace {

static_assert(sizeof(emulated::ss_sums) == sizeof(gpu::ShareSums));
static_assert(sizeof(emulated::ss_light_sums) == sizeof(gpu::LightSums));
static_assert(sizeof(emulated::ss_judged_sums) == sizeof(gpu::JudgedSums));
static_assert(sizeof(emulated::ss_screen_sums) == sizeof(gpu::ScreenSums));

bool same(double a, double b) {
  uint64_t x, y;
  std::memcpy(&x, &a, 8);
  std::memcpy(&y, &b, 8);
  return (std::isnan(a) && std::isnan(b)) || x == y;
}

// A grid of `blocks` one-thread blocks of `launch` (block index set, the kernel called), its
// sums begun from the host summary's initial bytes (gpu::ShareSums etc.: the device's start
// values) and returned in the host's layout.
template <class HostSums, class DeviceSums, class Launch>
HostSums run_grid(unsigned blocks, Launch launch) {
  HostSums s;
  DeviceSums sums;
  static_assert(sizeof(DeviceSums) == sizeof(HostSums));
  std::memcpy(static_cast<void*>(&sums), &s, sizeof s);
  emulated::gridDim.x = blocks;
  emulated::blockDim.x = 1;
  emulated::threadIdx.x = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    emulated::blockIdx.x = b;
    launch(&sums);
  }
  std::memcpy(static_cast<void*>(&s), &sums, sizeof s);
  return s;
}

gpu::ShareSums emulate_share(const std::vector<double>& base, const std::vector<double>& echo,
                             int wide, const generators::Tolerance& tol, double* fold,
                             bool fold_first, double* store, unsigned blocks) {
  return run_grid<gpu::ShareSums, emulated::ss_sums>(blocks, [&](emulated::ss_sums* sums) {
    emulated::solver_share(base.data(), echo.data(), (long long)base.size(), wide, tol.atol,
                           tol.rtol, gpu::magnitude_rtol(tol.rtol), fold, fold_first ? 1 : 0, store,
                           sums);
  });
}

gpu::LightSums emulate_light(const std::vector<double>& by_class, int classes, long long n,
                             double* out, unsigned blocks) {
  return run_grid<gpu::LightSums, emulated::ss_light_sums>(
      blocks, [&](emulated::ss_light_sums* sums) {
        if (classes <= 32)
          emulated::solver_light32(by_class.data(), classes, n, gpu::kDominantEnergy, out, sums);
        else
          emulated::solver_light256(by_class.data(), classes, n, gpu::kDominantEnergy, out, sums);
      });
}

gpu::JudgedSums emulate_judged(const std::vector<double>& by_class, int classes, long long n,
                               const double* base, const generators::Tolerance& tol, double* out,
                               unsigned blocks, const gpu::OutputGrain& grain = {}) {
  return run_grid<gpu::JudgedSums, emulated::ss_judged_sums>(
      blocks, [&](emulated::ss_judged_sums* sums) {
        emulated::solver_judged256(by_class.data(), classes, n, gpu::kDominantEnergy, base,
                                   tol.atol, tol.rtol, grain.digits, grain.min_exp, grain.bound,
                                   out, sums);
      });
}

gpu::HostDoubles hd(const std::vector<double>& v) { return gpu::HostDoubles(v.begin(), v.end()); }

DType wide_dtype(int wide) { return wide == 0 ? DType::F64 : wide == 1 ? DType::I64 : DType::U64; }

}  // namespace

TEST_CASE("the device's lint shares are the host's, element by element and in every summary") {
  const int64_t n = 3001;
  for (int wide : {0, 1, 2}) {
    for (double rtol : {1e-4, 1e-2, 0.0}) {
      CAPTURE(wide);
      CAPTURE(rtol);
      const gpu::ShareProbe pr = gpu::share_probe(n, 4, wide, 0, 99 + uint64_t(wide));
      const std::vector<DType> dtypes{wide_dtype(wide)};
      generators::Tolerance tol;
      tol.rtol = rtol;
      tol.atol = rtol == 0 ? 0 : 1e-6;
      for (unsigned blocks : {1u, 7u, 64u}) {
        CAPTURE(blocks);
        std::vector<std::vector<double>> host_fold{pr.fold_start};
        std::vector<double> fold = pr.fold_start, store(size_t(n), -1.0);
        for (const std::vector<double>& echo : pr.echoes) {
          const auto elements =
              gpu::element_shares({hd(pr.base)}, {hd(echo)}, {tol}, nullptr, &dtypes);
          gpu::fold_element_shares(host_fold, elements);
          const gpu::ShareSums s =
              emulate_share(pr.base, echo, wide, tol, fold.data(), false, store.data(), blocks);
          CHECK(same(gpu::largest_shares(elements)[0], gpu::share_largest(s)));
          CHECK(same(gpu::weakest_shares(host_fold)[0], gpu::share_weakest(s)));
          int differ = 0;
          for (int64_t i = 0; i < n; ++i)
            differ += !same(store[size_t(i)], elements[0][size_t(i)]) ||
                      !same(fold[size_t(i)], host_fold[0][size_t(i)]);
          CHECK(differ == 0);
        }
        // A fold that starts with the first echo (the lint's first pattern): no prior values.
        std::vector<std::vector<double>> fresh;
        std::vector<double> fold2(size_t(n), -7.0);
        for (size_t e = 0; e < pr.echoes.size(); ++e) {
          const auto elements =
              gpu::element_shares({hd(pr.base)}, {hd(pr.echoes[e])}, {tol}, nullptr, &dtypes);
          gpu::fold_element_shares(fresh, elements);
          const gpu::ShareSums s = emulate_share(pr.base, pr.echoes[e], wide, tol, fold2.data(),
                                                 e == 0, nullptr, blocks);
          CHECK(same(gpu::weakest_shares(fresh)[0], gpu::share_weakest(s)));
        }
        CHECK(std::equal(fold2.begin(), fold2.end(), fresh[0].begin(), fresh[0].end(), same));
      }
    }
  }
}

// Red team 27: a sorted input's echoes (sample_lint.h buffer_echo: the two parity echoes and the
// pair families, no block echo) give references with long runs of equal values and ties; the
// device's shares of them are the host's. The reference here is a running sum of the keys (a
// CDF-like output every echo moves from its first moved key on) and the keys themselves.
TEST_CASE("the device's lint shares are the host's on a sorted input's echoes") {
  const int64_t n = 2049;
  const generators::ResolvedBuffer keys = [&] {
    generators::ResolvedBuffer b;
    b.name = "keys";
    b.dtype = DType::F32;
    b.role = generators::BufferRole::In;
    b.init = {"sorted", 0.0, 1000.0};
    b.elements = n;
    b.bytes = n * 4;
    b.shape = {n};
    return b;
  }();
  std::vector<float> x(static_cast<size_t>(n));
  uint64_t r = 2027;
  for (float& v : x) v = float((r = r * 6364136223846793005ULL + 1) >> 40) * 0x1p-24f * 1000.0f;
  std::sort(x.begin(), x.end());
  auto reference = [](const std::vector<float>& k) {
    std::vector<double> out(k.size() * 2);
    double run = 0;
    for (size_t i = 0; i < k.size(); ++i) out[i] = run += k[i], out[k.size() + i] = k[i];
    return out;
  };
  const std::vector<double> base = reference(x);
  generators::Tolerance tol;
  tol.rtol = 1e-5;
  tol.atol = 1e-3;
  const std::vector<DType> dtypes{DType::F64};
  std::vector<gpu::EchoMap> maps;
  for (const gpu::EchoPattern& e : gpu::law_echo_patterns())
    if (auto m = gpu::buffer_echo(keys, gpu::positions_echo(e.parity, e.block))) maps.push_back(*m);
  CHECK(maps.size() == 2);  // the two parity echoes
  for (uint64_t cls : {0, 17, 31})
    maps.push_back(*gpu::buffer_echo(keys, gpu::region_echo({gpu::RegionFamily::Hashed, cls})));
  for (const gpu::EchoMap& m : maps) {
    std::vector<float> k = x;
    gpu::apply_echo(m, reinterpret_cast<unsigned char*>(k.data()), uint64_t(n), 4, 1);
    REQUIRE(std::is_sorted(k.begin(), k.end()));
    const std::vector<double> echo = reference(k);
    const auto elements = gpu::element_shares({hd(base)}, {hd(echo)}, {tol}, nullptr, &dtypes);
    for (unsigned blocks : {1u, 9u}) {
      std::vector<double> store(base.size(), -1.0), fold(base.size(), 0.0);
      const gpu::ShareSums s =
          emulate_share(base, echo, 0, tol, fold.data(), true, store.data(), blocks);
      CHECK(same(gpu::largest_shares(elements)[0], gpu::share_largest(s)));
      CHECK(gpu::share_largest(s) > 1);  // the running sum tells every such echo apart
      int differ = 0;
      for (size_t i = 0; i < base.size(); ++i) differ += !same(store[i], elements[0][i]);
      CHECK(differ == 0);
    }
  }
}

TEST_CASE("the device's light share is the host's: an exact median, the sum in class order") {
  const int64_t n = 2003;
  for (int classes : {32, 256, 5}) {
    CAPTURE(classes);
    const gpu::ShareProbe pr = gpu::share_probe(n, 0, 0, classes, 7 + uint64_t(classes));
    std::vector<std::vector<std::vector<double>>> by_class(static_cast<size_t>(classes));
    for (int c = 0; c < classes; ++c)
      by_class[size_t(c)] = {
          std::vector<double>(pr.by_class.begin() + c * n, pr.by_class.begin() + (c + 1) * n)};
    const std::vector<std::vector<double>> host = gpu::light_shares(by_class);
    for (unsigned blocks : {1u, 13u}) {
      std::vector<double> each(size_t(n), -1.0);
      const gpu::LightSums s = emulate_light(pr.by_class, classes, n, each.data(), blocks);
      CHECK(same(gpu::weakest_shares(host)[0], gpu::light_weakest(s)));
      int differ = 0, nan = 0, zero = 0;
      for (int64_t i = 0; i < n; ++i) {
        differ += !same(each[size_t(i)], host[0][size_t(i)]);
        nan += std::isnan(host[0][size_t(i)]);
        zero += host[0][size_t(i)] == 0;
      }
      CHECK(differ == 0);
      CHECK(nan > 0);   // the probe reaches the NaN rule
      CHECK(zero > 0);  // and the median-0 rule
    }
    // Without the NaN elements the weakest is a number: the least light share above 0.
    std::vector<double> clean = pr.by_class;
    for (double& v : clean)
      if (std::isnan(v)) v = 0.5;
    for (int c = 0; c < classes; ++c)
      by_class[size_t(c)] = {
          std::vector<double>(clean.begin() + c * n, clean.begin() + (c + 1) * n)};
    const double want = gpu::weakest_shares(gpu::light_shares(by_class))[0];
    CHECK(want > 0);
    CHECK(same(want, gpu::light_weakest(emulate_light(clean, classes, n, nullptr, 9))));
  }
}

TEST_CASE("the light share's selection on ordered, reversed, equal and two-valued classes") {
  for (int classes : {32, 256, 2, 1}) {
    CAPTURE(classes);
    const int64_t n = 7;
    std::vector<double> flat(size_t(classes) * size_t(n));
    const double inf = std::numeric_limits<double>::infinity();
    for (int c = 0; c < classes; ++c) {
      const double up = c + 1, down = classes - c;
      const double v[7] = {up,
                           down,
                           3.0,
                           c == 5 ? 100.0 : 0.0,
                           double(c % 2) + 1,
                           c % 3 == 0 ? inf : 2.0,
                           std::ldexp(1.0, (c * 7) % 40 - 20)};
      for (int64_t i = 0; i < n; ++i) flat[size_t(c) * size_t(n) + size_t(i)] = v[i];
    }
    std::vector<std::vector<std::vector<double>>> by_class(static_cast<size_t>(classes));
    for (int c = 0; c < classes; ++c)
      by_class[size_t(c)] = {std::vector<double>(flat.begin() + c * n, flat.begin() + (c + 1) * n)};
    const std::vector<std::vector<double>> host = gpu::light_shares(by_class);
    std::vector<double> each(size_t(n), -1.0);
    const gpu::LightSums s = emulate_light(flat, classes, n, each.data(), 3);
    for (int64_t i = 0; i < n; ++i) {
      CAPTURE(i);
      CHECK(same(each[size_t(i)], host[0][size_t(i)]));
    }
    CHECK(same(gpu::weakest_shares(host)[0], gpu::light_weakest(s)));
  }
}

TEST_CASE("the light share in blocks of elements is the one block's (class_blocks.h)") {
  // Four outputs (one of a single element, one empty), random class shares with ties, zeros,
  // infinities, elements whose median class is 0 and elements with a few heavy classes; the
  // weakest light share per output over one block against blocks forced by small budgets, on
  // the host (light_shares of each block's slices) and by the device's kernels (run here as
  // C++ on each block's buffer, as the worker lays it out), each block's folded by
  // union_weakest. Then each echo's element shares taken on a block's slices are that block's
  // elements of the whole output's (the host path's blocked echo_shares).
  const std::vector<size_t> sizes{1500, 1, 0, 733};
  const double inf = std::numeric_limits<double>::infinity();
  for (int classes : {5, 32, 256}) {
    for (bool with_nan : {false, true}) {
      CAPTURE(classes);
      CAPTURE(with_nan);
      uint64_t x = 0x626c6f636bULL + uint64_t(classes) * 2 + (with_nan ? 1 : 0);
      auto next = [&x] {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        return x >> 11;
      };
      const size_t R = size_t(classes);
      std::vector<std::vector<std::vector<double>>> by_class(
          R, std::vector<std::vector<double>>(sizes.size()));
      for (size_t k = 0; k < sizes.size(); ++k) {
        for (size_t r = 0; r < R; ++r) by_class[r][k].resize(sizes[k]);
        for (size_t i = 0; i < sizes[k]; ++i) {
          for (size_t r = 0; r < R; ++r) {
            const uint64_t u = next() % 1000;
            by_class[r][k][i] = u < 150    ? 0.0
                                : u < 300  ? double(u % 4)
                                : u == 999 ? inf
                                           : double(next() % 1000000) / 1e5;
          }
          if (i % 5 == 0)  // the median class does not move: no light part
            for (size_t r = 2; r < R; ++r) by_class[r][k][i] = 0;
          if (i % 7 == 3)  // a few dominant classes
            for (size_t r = 0; r < R; r += 3) by_class[r][k][i] *= 1e4;
        }
      }
      if (with_nan) by_class[R / 2][3][700] = std::numeric_limits<double>::quiet_NaN();
      const std::vector<double> want = gpu::weakest_shares(gpu::light_shares(by_class));
      REQUIRE(want.size() == sizes.size());
      CHECK(want[0] > 0);
      CHECK(want[2] == 0);  // no elements
      CHECK(std::isnan(want[3]) == with_nan);
      const size_t total = 1500 + 1 + 733, per = R * sizeof(double);
      for (size_t most : {size_t(1), size_t(7), size_t(100), size_t(1501), size_t(2233), total}) {
        CAPTURE(most);
        const std::vector<gpu::ClassBlock> blocks = gpu::class_blocks(sizes, R, most * per + 5);
        CHECK(blocks.size() == (total + most - 1) / most);
        // Every element in exactly one block, in order; no block over the budget.
        std::vector<size_t> next_of(sizes.size(), 0);
        for (const gpu::ClassBlock& b : blocks) {
          REQUIRE(b.first.size() == sizes.size());
          CHECK(b.elements() * per <= most * per + 5);
          for (size_t k = 0; k < sizes.size(); ++k) {
            if (b.count[k] == 0) continue;
            CHECK(b.first[k] == next_of[k]);
            next_of[k] = b.first[k] + b.count[k];
          }
        }
        CHECK(next_of == sizes);
        std::vector<double> host, device;
        for (const gpu::ClassBlock& b : blocks) {
          std::vector<std::vector<std::vector<double>>> cut(R);
          for (size_t r = 0; r < R; ++r) cut[r] = gpu::block_slice(by_class[r], b);
          const std::vector<double> part = gpu::weakest_shares(gpu::light_shares(cut));
          std::vector<double> dev(sizes.size());
          for (size_t k = 0; k < sizes.size(); ++k) {
            std::vector<double> flat;  // class r at r x count, as the worker's block buffer
            for (size_t r = 0; r < R; ++r)
              flat.insert(flat.end(), cut[r][k].begin(), cut[r][k].end());
            dev[k] =
                gpu::light_weakest(emulate_light(flat, classes, (long long)b.count[k], nullptr, 3));
          }
          if (host.empty()) {
            host = part, device = dev;
            continue;
          }
          for (size_t k = 0; k < sizes.size(); ++k) {
            host[k] = gpu::union_weakest(host[k], part[k]);
            device[k] = gpu::union_weakest(device[k], dev[k]);
          }
        }
        for (size_t k = 0; k < sizes.size(); ++k) {
          CAPTURE(k);
          CHECK(same(want[k], host[k]));
          CHECK(same(want[k], device[k]));
        }
      }
    }
  }
  // The shares of one echo on a block's slices: the block's elements of the whole output's.
  for (int wide : {0, 1}) {
    CAPTURE(wide);
    const gpu::ShareProbe a = gpu::share_probe(1500, 1, wide, 0, 31 + uint64_t(wide));
    const gpu::ShareProbe b = gpu::share_probe(733, 1, wide, 0, 37 + uint64_t(wide));
    const std::vector<gpu::HostDoubles> base{hd(a.base), hd(std::vector<double>(1, 2.5)),
                                             gpu::HostDoubles(), hd(b.base)};
    const std::vector<gpu::HostDoubles> echo{hd(a.echoes[0]), hd(std::vector<double>(1, 2.5)),
                                             gpu::HostDoubles(), hd(b.echoes[0])};
    const std::vector<DType> dtypes(4, wide_dtype(wide));
    generators::Tolerance tol;
    tol.rtol = wide ? 0 : 1e-4;
    tol.atol = wide ? 0 : 1e-6;
    const auto whole = gpu::element_shares(base, echo, {tol}, nullptr, &dtypes);
    for (const gpu::ClassBlock& blk : gpu::class_blocks(sizes, 32, 32 * 8 * 97)) {
      const auto cut = gpu::element_shares(gpu::block_slice(base, blk), gpu::block_slice(echo, blk),
                                           {tol}, nullptr, &dtypes);
      const auto want = gpu::block_slice(whole, blk);
      REQUIRE(cut.size() == want.size());
      for (size_t k = 0; k < cut.size(); ++k)
        CHECK(std::equal(cut[k].begin(), cut[k].end(), want[k].begin(), want[k].end(), same));
    }
  }
}

TEST_CASE("the device's judged light share is the host's judged_light_shares, in blocks") {
  // Five outputs of the strided partition's 256 classes (law_regions.h judged_light_shares, P6k
  // off the law, helper h28h): a told one (some light share above 1) with dominant, atol-held,
  // undominated, median-0, tied and infinite elements; the same shapes with a NaN; an untold one
  // (every light share under 1); an empty one; one element. The
  // device's kernel (C++ here) over blocks forced by small budgets, each block's JudgedSums
  // merged, against weakest_shares of the host's light and judged shares over every element at
  // once, strided_judgement's one pass, and host_judged_sums (the cross-check's) per block.
  const size_t R = gpu::kStridedRegions;
  const std::vector<size_t> sizes{1200, 700, 900, 0, 1};
  const size_t K = sizes.size();
  generators::Tolerance tol;
  std::vector<std::vector<std::vector<double>>> by_class(R, std::vector<std::vector<double>>(K));
  std::vector<gpu::HostDoubles> base(K);
  for (size_t k = 0; k < K; ++k) {
    const gpu::JudgedProbe pr = gpu::judged_probe(int64_t(sizes[k]), int(R), k == 1, 0x6a + k);
    tol.atol = pr.atol;
    tol.rtol = pr.rtol;
    base[k] = hd(pr.base);
    for (size_t r = 0; r < R; ++r)
      by_class[r][k].assign(pr.by_class.begin() + long(r * sizes[k]),
                            pr.by_class.begin() + long((r + 1) * sizes[k]));
    if (k == 2)  // untold: every light share far under 1, no infinity
      for (size_t r = 0; r < R; ++r)
        for (double& v : by_class[r][k]) v = std::isinf(v) ? 1e-4 : v * 1e-3;
  }
  const std::vector<std::vector<double>> atol = gpu::atol_parts(base, {tol});
  // (d) (helper h29k): the probe's grain (FP16's) leaves its tiny light parts unseen; its bound
  // a problem's of 2^9 light pairs (grain_bound: sqrt, 22.6, not kGrainBound), so that the
  // device takes the bound it is given (red team 30's fix A, helper h30g).
  const gpu::JudgedProbe grained = gpu::judged_probe(1, int(R), false, 1);
  const gpu::OutputGrain grain{grained.digits, grained.min_exp, gpu::grain_bound(512)};
  CHECK(grain.bound == std::sqrt(512.0));
  const std::vector<std::vector<double>> floor = gpu::grain_floors(base, {tol}, {grain});
  const std::vector<std::vector<double>> light = gpu::light_shares(by_class);
  const std::vector<std::vector<double>> judged =
      gpu::judged_light_shares(by_class, light, atol, nullptr, &floor);
  const std::vector<double> want_light = gpu::weakest_shares(light);
  const std::vector<double> want = gpu::refusable_shares(judged, &atol);
  // The probe reaches every rule: judged elements, elements left out by (a), atol-held ones in a
  // told output (left out by (b) until helper h30t, judged now: fails on main), a told output
  // and an untold one, a NaN.
  int judged_in = 0, left_a = 0, held_judged = 0, unseen = 0;
  for (size_t i = 0; i < sizes[0]; ++i) {
    const double l = light[0][i];
    if (!(l > 0) || std::isnan(l)) continue;
    if (judged[0][i] > 0) {
      ++judged_in;
      held_judged += l <= 1 && l > 1 - atol[0][i];
    } else if (judged[0][i] < 0) {
      ++unseen;
    } else {
      ++left_a;
    }
  }
  CHECK(judged_in > 20);
  CHECK(left_a > 20);
  CHECK(held_judged > 20);
  CHECK(unseen > 20);
  CHECK(*std::max_element(light[0].begin(), light[0].end()) > 1);
  CHECK(*std::max_element(light[2].begin(), light[2].end()) < 1);
  CHECK(want[0] > 0);
  CHECK(want[0] <= 1);  // a refusable judged share is there
  CHECK(std::isnan(want[1]));
  CHECK(want[2] > 0);
  CHECK(want[3] == 0);
  // strided_judgement's one pass (the host path) says the same.
  const gpu::StridedJudgement one =
      gpu::strided_judgement([&](const gpu::EchoRegion& r) { return by_class[r.cls]; }, atol, false,
                             gpu::kLightBytes, {}, floor);
  CHECK(one.passes == 1);
  for (size_t k = 0; k < K; ++k) {
    CAPTURE(k);
    CHECK(same(one.judged[k], want[k]));
    CHECK(same(one.light[k], want_light[k]));
  }
  const size_t total = 1200 + 700 + 900 + 1, per = R * sizeof(double);
  for (size_t most : {size_t(1), size_t(333), size_t(1201), total}) {
    CAPTURE(most);
    const std::vector<gpu::ClassBlock> blocks = gpu::class_blocks(sizes, R, most * per);
    std::vector<gpu::JudgedSums> dev(K), host(K);
    for (const gpu::ClassBlock& b : blocks) {
      std::vector<std::vector<std::vector<double>>> cut(R);
      for (size_t r = 0; r < R; ++r) cut[r] = gpu::block_slice(by_class[r], b);
      const std::vector<std::vector<double>> atol_cut = gpu::block_slice(atol, b);
      const std::vector<std::vector<double>> floor_cut = gpu::block_slice(floor, b);
      const std::vector<gpu::JudgedSums> part = gpu::host_judged_sums(cut, atol_cut, floor_cut);
      const std::vector<gpu::HostDoubles> base_cut = gpu::block_slice(base, b);
      for (size_t k = 0; k < K; ++k) {
        host[k] = gpu::judged_merge(host[k], part[k]);
        std::vector<double> flat;  // class r at r x count, as the worker's block buffer
        for (size_t r = 0; r < R; ++r) flat.insert(flat.end(), cut[r][k].begin(), cut[r][k].end());
        const long long n = (long long)cut[0][k].size();
        std::vector<double> out(size_t(n) * 3);
        const gpu::JudgedSums d =
            emulate_judged(flat, int(R), n, base_cut[k].data(), tol, out.data(), 3, grain);
        dev[k] = gpu::judged_merge(dev[k], d);
        // Each element's three values: the host's light share and its judged share both ways.
        const std::vector<int> told{1}, untold{0};
        std::vector<std::vector<std::vector<double>>> one_out(R);
        for (size_t r = 0; r < R; ++r) one_out[r] = {cut[r][k]};
        const auto l1 = gpu::light_shares(one_out);
        const std::vector<std::vector<double>> fk{floor_cut[k]};
        const auto jt = gpu::judged_light_shares(one_out, l1, {atol_cut[k]}, &told, &fk);
        const auto ju = gpu::judged_light_shares(one_out, l1, {atol_cut[k]}, &untold, &fk);
        int differ = 0;
        for (long long i = 0; i < n; ++i)
          differ += !same(out[size_t(i)], l1[0][size_t(i)]) +
                    !same(out[size_t(n + i)], jt[0][size_t(i)]) +
                    !same(out[size_t(2 * n + i)], ju[0][size_t(i)]);
        CHECK(differ == 0);
      }
    }
    for (size_t k = 0; k < K; ++k) {
      CAPTURE(k);
      CHECK(same(gpu::judged_weakest(dev[k]), want[k]));
      CHECK(same(gpu::judged_light(dev[k]), want_light[k]));
      CHECK(std::memcmp(&dev[k], &host[k], sizeof dev[k]) == 0);
    }
  }
  // No base (null): no grain floor ((d) leaves nothing unseen).
  std::vector<double> flat;
  for (size_t r = 0; r < R; ++r)
    flat.insert(flat.end(), by_class[r][0].begin(), by_class[r][0].end());
  const gpu::JudgedSums bare = emulate_judged(flat, int(R), 1200, nullptr, tol, nullptr, 5);
  std::vector<std::vector<std::vector<double>>> only0(R);
  for (size_t r = 0; r < R; ++r) only0[r] = {by_class[r][0]};
  const auto l0 = gpu::light_shares(only0);
  CHECK(same(gpu::judged_weakest(bare),
             gpu::refusable_shares(gpu::judged_light_shares(only0, l0, {}))[0]));
  CHECK(gpu::judged_weakest(bare) <= want[0]);  // more elements judged, never fewer
  // A continuum's tail (law_regions.h light_tail, helper h28t): 8 elements judged under 1 among
  // 100 judged under 16, each with one dominant class: the device's counts leave the output out,
  // as the host's do; one more weak element a block keeps it (a quarter of the near ones).
  for (size_t weak : {size_t(8), size_t(25)}) {
    CAPTURE(weak);
    const size_t n = 100;
    std::vector<std::vector<std::vector<double>>> tail(R, std::vector<std::vector<double>>(1));
    std::vector<double> flat_tail(R * n);
    for (size_t i = 0; i < n; ++i) {
      const double level = i < weak ? 0.05 + 0.1 * double(i % 9) : 2 + 0.1 * double(i);
      for (size_t r = 0; r < R; ++r) {
        const double v = r == i % R ? 1e3 : level / std::sqrt(double(R));
        tail[r][0].push_back(v);
        flat_tail[r * n + i] = v;
      }
    }
    const auto lt = gpu::light_shares(tail);
    const auto jt = gpu::judged_light_shares(tail, lt, {});
    const double host_says = gpu::refusable_shares(jt)[0];
    CHECK((host_says == 0) == (weak == 8));
    for (unsigned blocks : {1u, 3u}) {
      const gpu::JudgedSums d =
          emulate_judged(flat_tail, int(R), (long long)n, nullptr, tol, nullptr, blocks);
      CHECK(same(gpu::judged_weakest(d), host_says));
      const gpu::JudgedSums h = gpu::host_judged_sums(tail, {})[0];
      CHECK(std::memcmp(&d, &h, sizeof d) == 0);
    }
  }
  // Tails by kind (law_regions.h atol_held, helper h30d): 8 atol-held weak elements (reference
  // ~0) and one weak at atol 0 (reference 1e6: its tolerance is rtol's) among 100 near ones. Both
  // kinds together are a tail (the rule before h30d: not refused); by kind the lone element weak
  // at atol 0 is refused, on the device (the kernel reads the kinds from `base`) as on the host.
  {
    const size_t n = 100;
    std::vector<std::vector<std::vector<double>>> tail(R, std::vector<std::vector<double>>(1));
    std::vector<double> flat_tail(R * n), ref(n, 1e-9);
    ref[8] = 1e6;
    for (size_t i = 0; i < n; ++i) {
      const double level = i < 8 ? 0.05 + 0.1 * double(i) : i == 8 ? 0.3 : 2 + 0.1 * double(i);
      for (size_t r = 0; r < R; ++r) {
        const double v = r == i % R ? 1e3 : level / std::sqrt(double(R));
        tail[r][0].push_back(v);
        flat_tail[r * n + i] = v;
      }
    }
    const auto parts = gpu::atol_parts({hd(ref)}, {tol});
    CHECK(parts[0][0] > 0.99);
    CHECK(parts[0][8] < 1e-4);
    const auto lt = gpu::light_shares(tail);
    const auto jt = gpu::judged_light_shares(tail, lt, parts);
    CHECK(gpu::refusable_shares(jt)[0] == 0);  // one tail of 9 (h30t's rule)
    const double host_says = gpu::refusable_shares(jt, &parts)[0];
    CHECK(host_says == jt[0][8]);  // the element weak at atol 0, alone of its kind: refused
    CHECK(host_says <= 1);
    for (unsigned blocks : {1u, 3u}) {
      const gpu::JudgedSums d =
          emulate_judged(flat_tail, int(R), (long long)n, ref.data(), tol, nullptr, blocks);
      CHECK(same(gpu::judged_weakest(d), host_says));
      const gpu::JudgedSums h = gpu::host_judged_sums(tail, parts)[0];
      CHECK(std::memcmp(&d, &h, sizeof d) == 0);
      CHECK(d.told_weak == 8);
      CHECK(d.untold_weak == 1);
    }
  }
  // judged_light_shares' (c): a light part within 1 over 60 classes (70 classes unmoved, 126
  // dominant) is not judged; over 64 it is. The device's ss_light counts them as the host does.
  for (size_t small : {size_t(60), size_t(64)}) {
    CAPTURE(small);
    std::vector<std::vector<std::vector<double>>> narrow(R, std::vector<std::vector<double>>(1));
    std::vector<double> flat_narrow;
    for (size_t r = 0; r < R; ++r) {
      const double v = r < small ? 0.01 : r < small + 126 ? 1.0 : 0.0;
      narrow[r][0].push_back(v);
      flat_narrow.push_back(v);
    }
    const auto ln = gpu::light_shares(narrow);
    CHECK(gpu::light_spread(narrow, 0, 0) == small);
    CHECK(ln[0][0] == doctest::Approx(0.01 * std::sqrt(double(small))));
    const double host_says = gpu::judged_light_shares(narrow, ln, {})[0][0];
    CHECK((host_says == 0) == (small == 60));
    const gpu::JudgedSums d = emulate_judged(flat_narrow, int(R), 1, nullptr, tol, nullptr, 1);
    const gpu::JudgedSums h = gpu::host_judged_sums(narrow, {})[0];
    CHECK(std::memcmp(&d, &h, sizeof d) == 0);
    CHECK(same(gpu::judged_weakest(d), host_says));
  }
}

TEST_CASE("the strided median screen: zero-energy counts, and a median at 0 means no light part") {
  // solver_zero_count against element_shares' energies at 0, over echoes with NaN and
  // infinite values (infinite shares), whatever the grid.
  const int64_t n = 2500;
  for (int wide : {0, 1}) {
    CAPTURE(wide);
    const gpu::ShareProbe pr = gpu::share_probe(n, 5, wide, 0, 77 + uint64_t(wide));
    const std::vector<DType> dtypes{wide_dtype(wide)};
    generators::Tolerance tol;
    tol.rtol = wide ? 0 : 1e-4;
    tol.atol = wide ? 0 : 1e-6;
    for (unsigned blocks : {1u, 9u}) {
      std::vector<uint16_t> counts(size_t(n), 0), want(size_t(n), 0);
      bool want_nan = false, got_nan = false;
      for (const std::vector<double>& echo : pr.echoes) {
        const auto el = gpu::element_shares({hd(pr.base)}, {hd(echo)}, {tol}, nullptr, &dtypes);
        for (int64_t i = 0; i < n; ++i) {
          const double e = el[0][size_t(i)] * el[0][size_t(i)];
          if (std::isnan(e))
            want_nan = true;
          else if (e == 0)
            ++want[size_t(i)];
        }
        emulated::ss_screen_sums sums{0, 0};
        emulated::gridDim.x = blocks;
        for (unsigned b = 0; b < blocks; ++b) {
          emulated::blockIdx.x = b;
          emulated::solver_zero_count(pr.base.data(), echo.data(), n, wide, tol.atol, tol.rtol,
                                      gpu::magnitude_rtol(tol.rtol), counts.data(), &sums);
        }
        got_nan = got_nan || sums.nan != 0;
      }
      CHECK(counts == want);
      CHECK(got_nan == want_nan);
      CHECK_FALSE(want_nan);  // element_shares says infinity for a NaN value: never NaN
      const uint16_t least = *std::min_element(want.begin(), want.end());
      for (int half : {int(least), int(least) + 1}) {
        emulated::ss_screen_sums sums{0, 0};
        for (unsigned b = 0; b < blocks; ++b) {
          emulated::blockIdx.x = b;
          emulated::solver_median_moves(counts.data(), n, half, &sums);
        }
        CHECK((sums.moves != 0) == (least < half));
      }
    }
  }
  // The screen's claim, on the host functions: an element with (R + 1) / 2 of R class energies
  // at 0 has light share 0 and is not judged, whatever its other classes (heavy, infinite,
  // tiny); one fewer and it has a light part.
  const size_t R = gpu::kStridedRegions, half = (R + 1) / 2, m = 300;
  uint64_t x = 0x736372656e;
  auto next = [&x] {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x >> 11;
  };
  std::vector<std::vector<std::vector<double>>> by_class(R, std::vector<std::vector<double>>(1));
  for (size_t r = 0; r < R; ++r) by_class[r][0].resize(m);
  for (size_t i = 0; i < m; ++i) {
    const size_t zeros = i % 3 == 0 ? half - 1 : half + next() % (R - half + 1);
    std::vector<size_t> order(R);
    for (size_t r = 0; r < R; ++r) order[r] = r;
    for (size_t r = R - 1; r > 0; --r) std::swap(order[r], order[next() % (r + 1)]);
    for (size_t j = 0; j < R; ++j) {
      const uint64_t u = next() % 100;
      by_class[order[j]][0][i] = j < zeros ? (u < 50 ? 0.0 : 1e-170)  // energy 0 (underflow)
                                 : u < 5   ? std::numeric_limits<double>::infinity()
                                 : u < 20  ? 1e4
                                           : double(u) * 0.01;
    }
  }
  const auto light = gpu::light_shares(by_class);
  const auto judged = gpu::judged_light_shares(by_class, light, {});
  int moved = 0;
  for (size_t i = 0; i < m; ++i) {
    CAPTURE(i);
    if (i % 3 == 0) {
      moved += light[0][i] > 0;
    } else {
      CHECK(light[0][i] == 0);
      CHECK(judged[0][i] == 0);
    }
  }
  CHECK(moved == int((m + 2) / 3));
}

TEST_CASE("union_weakest is weakest_shares over the union; the class budget") {
  const double nan = std::numeric_limits<double>::quiet_NaN(),
               inf = std::numeric_limits<double>::infinity();
  CHECK(gpu::union_weakest(0, 0) == 0);
  CHECK(gpu::union_weakest(0, 3) == 3);
  CHECK(gpu::union_weakest(2, 0) == 2);
  CHECK(gpu::union_weakest(2, 3) == 2);
  CHECK(gpu::union_weakest(inf, 3) == 3);
  CHECK(std::isnan(gpu::union_weakest(nan, 0)));
  CHECK(std::isnan(gpu::union_weakest(1, nan)));
  // One block where everything fits, or nothing is there.
  CHECK(gpu::class_blocks({10, 20}, 32, 30 * 32 * 8).size() == 1);
  CHECK(gpu::class_blocks({}, 32, 1).size() == 1);
  CHECK(gpu::class_blocks({0, 0}, 256, 1).size() == 1);
  // The budget: SOLVER_LINT_BLOCK_BYTES where set, else at most 8 GiB.
  const char* was = std::getenv("SOLVER_LINT_BLOCK_BYTES");
  const std::string saved = was ? was : "";
  unsetenv("SOLVER_LINT_BLOCK_BYTES");
  CHECK(gpu::forced_class_budget() == 0);
  CHECK(gpu::host_class_budget() > 0);
  CHECK(gpu::host_class_budget() <= (size_t(8) << 30));
  setenv("SOLVER_LINT_BLOCK_BYTES", "4096", 1);
  CHECK(gpu::forced_class_budget() == 4096);
  CHECK(gpu::host_class_budget() == 4096);
  setenv("SOLVER_LINT_BLOCK_BYTES", "4k", 1);
  CHECK(gpu::forced_class_budget() == 0);
  if (was)
    setenv("SOLVER_LINT_BLOCK_BYTES", saved.c_str(), 1);
  else
    unsetenv("SOLVER_LINT_BLOCK_BYTES");
}

TEST_CASE("the share source compiles with NVRTC for sm_90, with no fused multiply-add") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  // The options the worker compiles it with (device_shares.cpp).
  auto r = generators::nvrtc_compile(gpu::share_source(), "solver_shares.cu",
                                     gpu::derive_options("sm_90"));
  INFO(r.log);
  CHECK(r.ok);
  CHECK_FALSE(r.cubin.empty());
  // atol + rtol|a| is rounded term by term, as on the host.
  CHECK(r.ptx.find("fma.") == std::string::npos);
  for (const char* entry :
       {"solver_share", "solver_light32", "solver_light256", "solver_judged256"})
    CHECK(r.ptx.find(entry) != std::string::npos);
}

// Not a test of behaviour: where the host path's time goes per echo at ginkgo_cg_step2's size
// (2 outputs of 16.8 M float64), for docs/reliability.md's lint-cost section. Runs only with
// SOLVER_SHARE_BENCH=1 (it allocates ~1.6 GB and takes seconds).
TEST_CASE("host share passes at ginkgo's size (SOLVER_SHARE_BENCH=1)") {
  const char* on = std::getenv("SOLVER_SHARE_BENCH");
  if (!on || std::string(on) != "1") return;
  const size_t n = size_t(1) << 24;
  std::vector<gpu::HostDoubles> base(2, gpu::HostDoubles(n)), echo(2, gpu::HostDoubles(n));
  uint64_t x = 5;
  for (size_t k = 0; k < 2; ++k)
    for (size_t i = 0; i < n; ++i) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      base[k][i] = double(x >> 11) / double(1ULL << 53) - 0.5;
      echo[k][i] = (i & 1) ? base[k][i] * (1 + 1e-9) : base[k][i];
    }
  generators::Tolerance tol;
  tol.rtol = tol.atol = 1e-10;
  using clock = std::chrono::steady_clock;
  auto ms = [](clock::time_point a, clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  std::vector<std::vector<double>> largest;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = clock::now();
    const auto elements = gpu::element_shares(base, echo, {tol});
    const auto t1 = clock::now();
    const auto got = gpu::largest_shares(elements);
    const auto t2 = clock::now();
    gpu::fold_element_shares(largest, elements);
    const auto t3 = clock::now();
    const auto weakest = gpu::weakest_shares(largest);
    const auto t4 = clock::now();
    std::printf(
        "share bench (2 x %zu f64, %u threads): element_shares %.0f ms, largest %.0f ms, "
        "fold %.0f ms, weakest %.0f ms (largest %g, weakest %g)\n",
        n, std::thread::hardware_concurrency(), ms(t0, t1), ms(t1, t2), ms(t2, t3), ms(t3, t4),
        got[0], weakest[0]);
  }
  {  // the kernel's arithmetic as C++ on one thread: its cost per element, not the device's
    std::vector<double> fold(n);
    const auto t0 = clock::now();
    for (size_t k = 0; k < 2; ++k)
      emulate_share(std::vector<double>(base[k].begin(), base[k].end()),
                    std::vector<double>(echo[k].begin(), echo[k].end()), 0, tol, fold.data(),
                    k == 0, nullptr, 1);
    const auto t1 = clock::now();
    std::printf(
        "share bench: solver_share emulated on 1 thread, 2 x %zu elements with the fold: "
        "%.0f ms (copies of the inputs included)\n",
        n, ms(t0, t1));
  }
  std::vector<std::vector<std::vector<double>>> by_class(
      32, std::vector<std::vector<double>>(1, std::vector<double>(n / 8)));
  for (size_t c = 0; c < 32; ++c)
    for (size_t i = 0; i < n / 8; ++i) by_class[c][0][i] = double((i * 31 + c * 17) % 97) * 0.01;
  const auto t0 = clock::now();
  const auto light = gpu::light_shares(by_class);
  const auto t1 = clock::now();
  std::printf(
      "share bench: light_shares over 32 classes of %zu elements %.0f ms (%.1f ns an "
      "element)\n",
      n / 8, ms(t0, t1), ms(t0, t1) * 1e6 / double(n / 8));
  std::vector<double> flat;
  for (size_t c = 0; c < 32; ++c)
    flat.insert(flat.end(), by_class[c][0].begin(), by_class[c][0].end());
  const auto t2 = clock::now();
  emulate_light(flat, 32, (long long)(n / 8), nullptr, 1);
  const auto t3 = clock::now();
  std::printf("share bench: solver_light32 emulated on 1 thread: %.0f ms (%.1f ns an element)\n",
              ms(t2, t3), ms(t2, t3) * 1e6 / double(n / 8));
  CHECK(light.size() == 1);
}
