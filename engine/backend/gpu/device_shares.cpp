#include "engine/backend/gpu/device_shares.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "engine/backend/gpu/derive_source.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/worker_module.h"
#include "generators/nvrtc_compiler.h"

namespace solver::gpu {

namespace {

bool same(double a, double b) {
  uint64_t x, y;
  std::memcpy(&x, &a, 8);
  std::memcpy(&y, &b, 8);
  return (std::isnan(a) && std::isnan(b)) || x == y;
}

HostDoubles hd(const std::vector<double>& v) { return HostDoubles(v.begin(), v.end()); }

std::string num(double d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

}  // namespace

DeviceShares::DeviceShares(const std::string& arch, const generators::CompileCache* cache)
    : sums_(std::max(
          {sizeof(ShareSums), sizeof(LightSums), sizeof(JudgedSums), sizeof(ScreenSums)})) {
  const std::vector<std::string> options = derive_options(arch);  // -fmad=false -ftz=false
  generators::CompileResult compiled =
      generators::nvrtc_compile_cached(share_source(), "solver_shares.cu", options, arch, cache);
  module_ = load_worker_module(compiled, "the lint's share kernels do");
  CU_CHECK(cuModuleGetFunction(&share_fn_, module_, "solver_share"));
  CU_CHECK(cuModuleGetFunction(&light32_fn_, module_, "solver_light32"));
  CU_CHECK(cuModuleGetFunction(&light256_fn_, module_, "solver_light256"));
  CU_CHECK(cuModuleGetFunction(&judged_fn_, module_, "solver_judged256"));
  CU_CHECK(cuModuleGetFunction(&zero_count_fn_, module_, "solver_zero_count"));
  CU_CHECK(cuModuleGetFunction(&median_moves_fn_, module_, "solver_median_moves"));
  blocks_ = grid_stride_blocks();
  self_check(nullptr);
}

DeviceShares::~DeviceShares() {
  if (module_) cuModuleUnload(module_);
}

ShareSums DeviceShares::share(CUdeviceptr base, CUdeviceptr echo, int64_t n, ShareWide wide,
                              const generators::Tolerance& tol, CUdeviceptr fold, bool fold_first,
                              CUdeviceptr store, CUstream stream) const {
  ShareSums s;
  CU_CHECK(cuMemcpyHtoDAsync(sums_.ptr(), &s, sizeof s, stream));
  long long count = n;
  int w = int(wide), first = fold_first ? 1 : 0;
  double atol = tol.atol, rtol = tol.rtol, mag_rtol = magnitude_rtol(tol.rtol);
  CUdeviceptr sums = sums_.ptr();
  void* args[] = {&base, &echo, &count, &w, &atol, &rtol, &mag_rtol, &fold, &first, &store, &sums};
  const unsigned blocks = unsigned(
      std::max<int64_t>(1, std::min<int64_t>(blocks_, (n + kShareBlock - 1) / kShareBlock)));
  if (n > 0)
    CU_CHECK(cuLaunchKernel(share_fn_, blocks, 1, 1, kShareBlock, 1, 1, 0, stream, args, nullptr));
  CU_CHECK(cuMemcpyDtoHAsync(&s, sums_.ptr(), sizeof s, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  return s;
}

LightSums DeviceShares::light(CUdeviceptr by_class, int classes, int64_t n, CUstream stream,
                              CUdeviceptr out) const {
  if (classes < 1 || classes > 256) throw std::runtime_error("light share: 1 to 256 classes");
  LightSums s;
  CU_CHECK(cuMemcpyHtoDAsync(sums_.ptr(), &s, sizeof s, stream));
  long long count = n;
  double dominant = kDominantEnergy;
  CUdeviceptr sums = sums_.ptr();
  void* args[] = {&by_class, &classes, &count, &dominant, &out, &sums};
  // A thread holds two arrays of its class count in local memory: fewer blocks for 256.
  const int64_t cap = classes <= 32 ? blocks_ : std::max(1, blocks_ / 4);
  const unsigned blocks =
      unsigned(std::max<int64_t>(1, std::min<int64_t>(cap, (n + kShareBlock - 1) / kShareBlock)));
  if (n > 0)
    CU_CHECK(cuLaunchKernel(classes <= 32 ? light32_fn_ : light256_fn_, blocks, 1, 1, kShareBlock,
                            1, 1, 0, stream, args, nullptr));
  CU_CHECK(cuMemcpyDtoHAsync(&s, sums_.ptr(), sizeof s, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  return s;
}

JudgedSums DeviceShares::judged(CUdeviceptr by_class, int classes, int64_t n, CUdeviceptr base,
                                const generators::Tolerance& tol, const OutputGrain& grain,
                                CUstream stream, CUdeviceptr out) const {
  if (classes < 1 || classes > 256) throw std::runtime_error("judged share: 1 to 256 classes");
  JudgedSums s;
  CU_CHECK(cuMemcpyHtoDAsync(sums_.ptr(), &s, sizeof s, stream));
  long long count = n;
  double dominant = kDominantEnergy, atol = tol.atol, rtol = tol.rtol;
  CUdeviceptr sums = sums_.ptr();
  int digits = grain.digits, min_exp = grain.min_exp;
  double bound = grain.bound;
  void* args[] = {&by_class, &classes, &count,   &dominant, &base, &atol,
                  &rtol,     &digits,  &min_exp, &bound,    &out,  &sums};
  const unsigned blocks = unsigned(std::max<int64_t>(
      1, std::min<int64_t>(std::max(1, blocks_ / 4), (n + kShareBlock - 1) / kShareBlock)));
  if (n > 0)
    CU_CHECK(cuLaunchKernel(judged_fn_, blocks, 1, 1, kShareBlock, 1, 1, 0, stream, args, nullptr));
  CU_CHECK(cuMemcpyDtoHAsync(&s, sums_.ptr(), sizeof s, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  return s;
}

bool DeviceShares::zero_count(CUdeviceptr base, CUdeviceptr echo, int64_t n, ShareWide wide,
                              const generators::Tolerance& tol, CUdeviceptr counts,
                              CUstream stream) const {
  ScreenSums s;
  CU_CHECK(cuMemcpyHtoDAsync(sums_.ptr(), &s, sizeof s, stream));
  long long count = n;
  int w = int(wide);
  double atol = tol.atol, rtol = tol.rtol, mag_rtol = magnitude_rtol(tol.rtol);
  CUdeviceptr sums = sums_.ptr();
  void* args[] = {&base, &echo, &count, &w, &atol, &rtol, &mag_rtol, &counts, &sums};
  const unsigned blocks = unsigned(
      std::max<int64_t>(1, std::min<int64_t>(blocks_, (n + kShareBlock - 1) / kShareBlock)));
  if (n > 0)
    CU_CHECK(
        cuLaunchKernel(zero_count_fn_, blocks, 1, 1, kShareBlock, 1, 1, 0, stream, args, nullptr));
  CU_CHECK(cuMemcpyDtoHAsync(&s, sums_.ptr(), sizeof s, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  return s.nan != 0;
}

bool DeviceShares::median_moves(CUdeviceptr counts, int64_t n, int half, CUstream stream) const {
  ScreenSums s;
  CU_CHECK(cuMemcpyHtoDAsync(sums_.ptr(), &s, sizeof s, stream));
  long long count = n;
  CUdeviceptr sums = sums_.ptr();
  void* args[] = {&counts, &count, &half, &sums};
  const unsigned blocks = unsigned(
      std::max<int64_t>(1, std::min<int64_t>(blocks_, (n + kShareBlock - 1) / kShareBlock)));
  if (n > 0)
    CU_CHECK(cuLaunchKernel(median_moves_fn_, blocks, 1, 1, kShareBlock, 1, 1, 0, stream, args,
                            nullptr));
  CU_CHECK(cuMemcpyDtoHAsync(&s, sums_.ptr(), sizeof s, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  return s.moves != 0;
}

void DeviceShares::self_check(CUstream stream) {
  const int64_t n = 4099;  // several blocks' worth, a partial last one
  int cases = 0;
  auto fail = [](const std::string& what, double host, double dev) {
    throw std::runtime_error("the device's lint shares disagree with the host's on a probe (" +
                             what + "): host " + num(host) + ", device " + num(dev));
  };
  for (int wide : {0, 1, 2}) {
    for (int classes : {32, 256}) {
      const ShareProbe pr = share_probe(n, 3, wide, classes, 0x7368617265ULL + uint64_t(wide));
      const generators::DType d = wide == 0   ? generators::DType::F64
                                  : wide == 1 ? generators::DType::I64
                                              : generators::DType::U64;
      const std::vector<generators::DType> dtypes{d};
      generators::Tolerance tol;
      tol.rtol = wide ? 0 : 1e-4;
      tol.atol = wide ? 0 : 1e-6;
      if (classes == 256 && wide == 0) tol.atol = 0;  // a 0 reference allows nothing: infinity
      DeviceBuffer dbase(size_t(n) * 8), decho(size_t(n) * 8), dfold(size_t(n) * 8),
          dstore(size_t(n) * 8), dclass(pr.by_class.size() * 8);
      CU_CHECK(cuMemcpyHtoD(dbase.ptr(), pr.base.data(), size_t(n) * 8));
      CU_CHECK(cuMemcpyHtoD(dfold.ptr(), pr.fold_start.data(), size_t(n) * 8));
      CU_CHECK(cuMemcpyHtoD(dclass.ptr(), pr.by_class.data(), pr.by_class.size() * 8));
      std::vector<std::vector<double>> host_fold{pr.fold_start};
      for (size_t e = 0; e < pr.echoes.size(); ++e) {
        CU_CHECK(cuMemcpyHtoD(decho.ptr(), pr.echoes[e].data(), size_t(n) * 8));
        const auto elements =
            element_shares({hd(pr.base)}, {hd(pr.echoes[e])}, {tol}, nullptr, &dtypes);
        fold_element_shares(host_fold, elements);
        const ShareSums s = share(dbase.ptr(), decho.ptr(), n, ShareWide(wide), tol, dfold.ptr(),
                                  false, dstore.ptr(), stream);
        const std::string what = "wide " + std::to_string(wide) + ", echo " + std::to_string(e);
        const double largest = largest_shares(elements)[0], weakest = weakest_shares(host_fold)[0];
        if (!same(largest, share_largest(s))) fail(what + ", largest", largest, share_largest(s));
        if (!same(weakest, share_weakest(s)))
          fail(what + ", fold's weakest", weakest, share_weakest(s));
        std::vector<double> stored(static_cast<size_t>(n));
        CU_CHECK(cuMemcpyDtoH(stored.data(), dstore.ptr(), size_t(n) * 8));
        for (int64_t i = 0; i < n; ++i)
          if (!same(stored[size_t(i)], elements[0][size_t(i)]))
            fail(what + ", element " + std::to_string(i), elements[0][size_t(i)],
                 stored[size_t(i)]);
        ++cases;
      }
      std::vector<std::vector<std::vector<double>>> by_class(static_cast<size_t>(classes));
      for (int c = 0; c < classes; ++c)
        by_class[size_t(c)] = {
            std::vector<double>(pr.by_class.begin() + c * n, pr.by_class.begin() + (c + 1) * n)};
      const std::vector<std::vector<double>> host_each = light_shares(by_class);
      const double host_light = weakest_shares(host_each)[0];
      const double dev_light = light_weakest(light(dclass.ptr(), classes, n, stream, dstore.ptr()));
      const std::string what = "light share over " + std::to_string(classes) + " classes";
      if (!same(host_light, dev_light)) fail(what, host_light, dev_light);
      std::vector<double> each(static_cast<size_t>(n));
      CU_CHECK(cuMemcpyDtoH(each.data(), dstore.ptr(), size_t(n) * 8));
      for (int64_t i = 0; i < n; ++i)
        if (!same(each[size_t(i)], host_each[0][size_t(i)]))
          fail(what + ", element " + std::to_string(i), host_each[0][size_t(i)], each[size_t(i)]);
      ++cases;
    }
  }
  // The judged light share (judged_light_shares, both values of `told`) over 256 and 5
  // classes, with and without a NaN: each element's three values and the summaries.
  for (int classes : {256, 5}) {
    for (bool with_nan : {false, true}) {
      const JudgedProbe pr =
          judged_probe(n, classes, with_nan, 0x6a75646765ULL + uint64_t(classes));
      generators::Tolerance tol;
      tol.atol = pr.atol;
      tol.rtol = pr.rtol;
      std::vector<std::vector<std::vector<double>>> by_class(static_cast<size_t>(classes));
      for (int c = 0; c < classes; ++c)
        by_class[size_t(c)] = {
            std::vector<double>(pr.by_class.begin() + c * n, pr.by_class.begin() + (c + 1) * n)};
      const std::vector<std::vector<double>> atol = atol_parts({hd(pr.base)}, {tol});
      // (d): some tiny light parts unseen; a bound not kGrainBound's (grain_bound: fix A)
      const OutputGrain grain{pr.digits, pr.min_exp, grain_bound(512)};
      const std::vector<std::vector<double>> floor = grain_floors({hd(pr.base)}, {tol}, {grain});
      const std::vector<std::vector<double>> light = light_shares(by_class);
      const std::vector<int> told{1}, untold{0};
      const auto jt = judged_light_shares(by_class, light, atol, &told, &floor);
      const auto ju = judged_light_shares(by_class, light, atol, &untold, &floor);
      const JudgedSums want = host_judged_sums(by_class, atol, floor)[0];
      DeviceBuffer dclass(pr.by_class.size() * 8), dbase(size_t(n) * 8), dout(size_t(n) * 24);
      CU_CHECK(cuMemcpyHtoD(dclass.ptr(), pr.by_class.data(), pr.by_class.size() * 8));
      CU_CHECK(cuMemcpyHtoD(dbase.ptr(), pr.base.data(), size_t(n) * 8));
      const JudgedSums got =
          judged(dclass.ptr(), classes, n, dbase.ptr(), tol, grain, stream, dout.ptr());
      const std::string what = "judged light share over " + std::to_string(classes) + " classes";
      std::vector<double> each(size_t(n) * 3);
      CU_CHECK(cuMemcpyDtoH(each.data(), dout.ptr(), size_t(n) * 24));
      for (int64_t i = 0; i < n; ++i) {
        const size_t e = size_t(i);
        if (!same(each[e], light[0][e]))
          fail(what + ", light " + std::to_string(i), light[0][e], each[e]);
        if (!same(each[size_t(n) + e], jt[0][e]))
          fail(what + ", told, element " + std::to_string(i), jt[0][e], each[size_t(n) + e]);
        if (!same(each[2 * size_t(n) + e], ju[0][e]))
          fail(what + ", untold, element " + std::to_string(i), ju[0][e], each[2 * size_t(n) + e]);
      }
      if (!same(judged_light(want), judged_light(got)))
        fail(what + ", light's weakest", judged_light(want), judged_light(got));
      if (!same(judged_weakest(want), judged_weakest(got)))
        fail(what + ", judged's weakest", judged_weakest(want), judged_weakest(got));
      if (std::memcmp(&want, &got, sizeof want) != 0)
        fail(what + ", summaries' bits", judged_weakest(want), judged_weakest(got));
      ++cases;
    }
  }
  // The median screen: zero-energy counts over the probe's echoes (NaN among them on float64
  // slots), against the host's count of element_shares' energies at 0, and the moves test.
  for (int wide : {0, 1}) {
    const ShareProbe pr = share_probe(n, 4, wide, 0, 0x736372ULL + uint64_t(wide));
    const generators::DType d = wide == 0 ? generators::DType::F64 : generators::DType::I64;
    const std::vector<generators::DType> dtypes{d};
    generators::Tolerance tol;
    tol.rtol = wide ? 0 : 1e-4;
    tol.atol = wide ? 0 : 1e-6;
    DeviceBuffer dbase(size_t(n) * 8), decho(size_t(n) * 8), dcounts(size_t(n) * 2);
    CU_CHECK(cuMemcpyHtoD(dbase.ptr(), pr.base.data(), size_t(n) * 8));
    CU_CHECK(cuMemsetD8(dcounts.ptr(), 0, size_t(n) * 2));
    std::vector<uint16_t> want(size_t(n), 0);
    bool want_nan = false;
    for (const std::vector<double>& echo : pr.echoes) {
      CU_CHECK(cuMemcpyHtoD(decho.ptr(), echo.data(), size_t(n) * 8));
      const auto elements = element_shares({hd(pr.base)}, {hd(echo)}, {tol}, nullptr, &dtypes);
      for (int64_t i = 0; i < n; ++i) {
        const double e = elements[0][size_t(i)] * elements[0][size_t(i)];
        if (std::isnan(e))
          want_nan = true;
        else if (e == 0)
          ++want[size_t(i)];
      }
      const bool nan =
          zero_count(dbase.ptr(), decho.ptr(), n, ShareWide(wide), tol, dcounts.ptr(), stream);
      if (nan != want_nan) fail("median screen's NaN, wide " + std::to_string(wide), want_nan, nan);
    }
    std::vector<uint16_t> got(static_cast<size_t>(n));
    CU_CHECK(cuMemcpyDtoH(got.data(), dcounts.ptr(), size_t(n) * 2));
    uint16_t least = 0xffff;
    for (int64_t i = 0; i < n; ++i) {
      if (got[size_t(i)] != want[size_t(i)])
        fail("median screen's count, element " + std::to_string(i), want[size_t(i)],
             got[size_t(i)]);
      least = std::min(least, want[size_t(i)]);
    }
    for (int half : {int(least), int(least) + 1})
      if (median_moves(dcounts.ptr(), n, half, stream) != (least < half))
        fail("median screen's moves at half " + std::to_string(half), least < half,
             !(least < half));
    ++cases;
  }
  checked_ = std::to_string(cases) + " probes of " + std::to_string(n) +
             " elements: float64, int64 and uint64 slots, 3 echoes folded onto a fold with NaN, "
             "each element's share, the largest and the weakest, the light share over 32 and "
             "256 classes, and the judged light share over 256 and 5 (dominant, atol-held, "
             "undominated elements, told and not), and the strided median screen's counts";
}

}  // namespace solver::gpu
