#include "engine/backend/gpu/device_compare.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "engine/backend/gpu/compare_source.h"
#include "engine/backend/gpu/derive_source.h"
#include "engine/backend/gpu/order_view.h"
#include "engine/backend/gpu/worker_module.h"
#include "generators/nvrtc_compiler.h"

namespace solver::gpu {

namespace {

using generators::DType;

// The probe's pairs (output in `d`, float64 reference): equal values, values inside and outside
// the tolerance, zeros of both signs, a reference of 0, overflowing differences and, where
// `nonfinite`, a NaN output, an infinite reference and an infinity met by the same one late in
// the buffer.
void probe(DType d, int64_t n, bool nonfinite, std::vector<unsigned char>& out,
           std::vector<double>& ref, std::vector<double>& magnitude) {
  out.assign(size_t(n) * generators::dtype_size(d), 0);
  ref.assign(size_t(n), 0);
  magnitude.assign(size_t(n), 0);
  const bool integer = d != DType::F32 && d != DType::F64 && d != DType::F16 && d != DType::BF16;
  const bool wide = d == DType::I64 || d == DType::U64, unsign = d == DType::U32 || d == DType::U64;
  uint64_t x = 0x636f6d70617265ULL;
  for (int64_t i = 0; i < n; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    double v = std::ldexp(0.5 + double(x >> 11) / double(1ULL << 53), int((x >> 5) % 24) - 8);
    if (x & 1) v = -v;
    if (integer) v = std::ldexp(std::floor((unsign ? std::fabs(v) : v) * 64), wide ? 40 : 0);
    if (i % 89 == 0) v = 0;
    double got = v;
    if (i % 7 == 3) got = v * (1 + 3e-4);  // out of tolerance at rtol 1e-4 (within at 1e-3)
    if (integer) got = std::round(got);
    if (nonfinite && i == n - 40 && !integer) got = std::nan("");
    if (nonfinite && i == n - 20 && !wide) v = INFINITY;  // a 64-bit reference is an integer
    if (nonfinite && i == n - 10 && !integer) v = got = -INFINITY;  // met by the same (hon21)
    unsigned char* at = out.data() + size_t(i) * generators::dtype_size(d);
    if (d == DType::F32) {
      float f = float(got);
      std::memcpy(at, &f, 4);
    } else if (d == DType::F64) {
      std::memcpy(at, &got, 8);
    } else if (d == DType::F16 || d == DType::BF16) {
      uint16_t h = d == DType::F16 ? half_bits(got) : bf16_bits(got);
      std::memcpy(at, &h, 2);
    } else if (!wide) {
      int32_t k = int32_t(int64_t(got));
      std::memcpy(at, &k, 4);
    } else {
      int64_t k = int64_t(got) + (i & 1);  // past 2^53: the conversion to double rounds
      std::memcpy(at, &k, 8);
    }
    ref[size_t(i)] = v;
    if (wide) {  // its reference slot holds the integer's bits (reference_bits)
      const int64_t k = int64_t(v);
      std::memcpy(&ref[size_t(i)], &k, 8);
    }
    magnitude[size_t(i)] = std::fabs(v) * 4;
  }
}

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

bool same(const Comparison& a, const Comparison& b) {
  return a.ok == b.ok && a.failures == b.failures && a.first_bad == b.first_bad &&
         same(a.got, b.got) && same(a.want, b.want) && same(a.max_abs_err, b.max_abs_err) &&
         same(a.max_rel_err, b.max_rel_err) && a.class_failures == b.class_failures &&
         a.class_first_bad == b.class_first_bad && same(a.class_got, b.class_got) &&
         same(a.class_want, b.class_want) && same(a.class_ratio, b.class_ratio);
}

}  // namespace

DeviceCompare::DeviceCompare(const std::string& arch, const generators::CompileCache* cache)
    : sums_(sizeof(CompareSums)) {
  const std::vector<std::string> options = derive_options(arch);  // -fmad=false -ftz=false
  generators::CompileResult compiled =
      generators::nvrtc_compile_cached(compare_source(), "solver_compare.cu", options, arch, cache);
  module_ = load_worker_module(compiled, "the comparison kernel does");
  CU_CHECK(cuModuleGetFunction(&fn_, module_, "solver_compare"));
  CU_CHECK(cuModuleGetFunction(&sort_fn_, module_, "solver_order_sort"));
  blocks_ = grid_stride_blocks();
  self_check(nullptr);
}

DeviceCompare::~DeviceCompare() {
  if (module_) cuModuleUnload(module_);
}

void DeviceCompare::sort_rows(const std::vector<std::pair<CUdeviceptr, int>>& columns, int64_t rows,
                              int64_t row, CUdeviceptr count, int count_type,
                              CUstream stream) const {
  if (columns.empty() || columns.size() > 4 || rows <= 0 || row <= 1) return;
  CUdeviceptr c[4] = {0, 0, 0, 0};
  int t[4] = {0, 0, 0, 0};
  for (size_t m = 0; m < columns.size(); ++m) c[m] = columns[m].first, t[m] = columns[m].second;
  int members = int(columns.size());
  long long nrows = rows, nrow = row, span = order_span(row);
  const int64_t threads = rows * span;
  unsigned blocks = unsigned(std::max<int64_t>(
      1, std::min<int64_t>(int64_t(blocks_) * 4, (threads + kCompareBlock - 1) / kCompareBlock)));
  for (auto [k, j] : order_sort_steps(row)) {
    long long kk = k, jj = j;
    void* args[] = {&c[0],    &t[0],  &c[1], &t[1], &c[2],  &t[2],       &c[3], &t[3],
                    &members, &nrows, &nrow, &span, &count, &count_type, &kk,   &jj};
    CU_CHECK(cuLaunchKernel(sort_fn_, blocks, 1, 1, kCompareBlock, 1, 1, 0, stream, args, nullptr));
  }
  CU_CHECK(cuStreamSynchronize(stream));
}

Comparison DeviceCompare::operator()(CUdeviceptr out, DType dtype, int64_t n, CUdeviceptr ref,
                                     CUdeviceptr magnitude, const generators::Tolerance& tol,
                                     CUstream stream, const Valid* valid) const {
  const CompareSums init;
  CU_CHECK(cuMemcpyHtoDAsync(sums_.ptr(), &init, sizeof init, stream));
  int type = compare_type(dtype);
  long long count = n;
  double atol = tol.atol, rtol = tol.rtol, mag_rtol = magnitude_rtol(tol.rtol);
  double class_rtol = tol.class_rtol;
  CUdeviceptr sums = sums_.ptr();
  long long row = valid ? valid->row : 0;
  CUdeviceptr out_count = valid ? valid->out_count : 0, ref_count = valid ? valid->ref_count : 0;
  int out_count_type = valid ? valid->out_type : 0, ref_count_type = valid ? valid->ref_type : 1;
  void* args[] = {&out,  &type,      &count,          &ref,        &magnitude,
                  &atol, &rtol,      &mag_rtol,       &class_rtol, &sums,
                  &row,  &out_count, &out_count_type, &ref_count,  &ref_count_type};
  unsigned blocks = unsigned(
      std::max<int64_t>(1, std::min<int64_t>(blocks_, (n + kCompareBlock - 1) / kCompareBlock)));
  if (n > 0)
    CU_CHECK(cuLaunchKernel(fn_, blocks, 1, 1, kCompareBlock, 1, 1, 0, stream, args, nullptr));
  CompareSums s;
  CU_CHECK(cuMemcpyDtoHAsync(&s, sums_.ptr(), sizeof s, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  // The two values at a first failure, read as the host walk reads them.
  auto values_at = [&](uint64_t index, double& got, double& want) {
    const size_t size = generators::dtype_size(dtype);
    unsigned char bytes[8] = {};
    CU_CHECK(cuMemcpyDtoH(bytes, out + index * size, size));
    to_doubles(bytes, 1, dtype, &got, 1);
    CU_CHECK(cuMemcpyDtoH(&want, ref + index * sizeof(double), sizeof(double)));
    if (reference_bits(dtype)) {  // the slot holds the reference integer's bits
      uint64_t bits;
      std::memcpy(&bits, &want, sizeof bits);
      want = wide_int_value(dtype, bits);
    }
  };
  double got = 0, want = 0, class_got = 0, class_want = 0;
  if (s.failures) values_at(s.first_bad, got, want);
  if (s.class_failures) values_at(s.class_first_bad, class_got, class_want);
  return comparison_from_sums(s, got, want, class_got, class_want);
}

void DeviceCompare::self_check(CUstream stream) {
  const int64_t n = 4099;  // several blocks' worth, a partial last one
  int cases = 0;
  for (DType d : {DType::F32, DType::F64, DType::F16, DType::BF16, DType::I32, DType::U32,
                  DType::I64, DType::U64}) {
    for (bool nonfinite : {false, true}) {
      std::vector<unsigned char> out;
      std::vector<double> ref, mag;
      probe(d, n, nonfinite, out, ref, mag);
      DeviceBuffer dout(out.size()), dref(ref.size() * 8), dmag(mag.size() * 8);
      CU_CHECK(cuMemcpyHtoD(dout.ptr(), out.data(), out.size()));
      CU_CHECK(cuMemcpyHtoD(dref.ptr(), ref.data(), ref.size() * 8));
      CU_CHECK(cuMemcpyHtoD(dmag.ptr(), mag.data(), mag.size() * 8));
      // rtol 0 (with atol 0): the exact comparison of a 64-bit integer output, bit for bit.
      for (double rtol : {1e-4, 1e-3, 0.0}) {
        if (rtol == 0 && !reference_bits(d)) continue;
        for (bool with_mag : {false, true}) {
          // The measured class bound (float64 outputs only): off, between the probe's two
          // errors (3e-4 fails, 3e-4 against 4 |v| passes) and fp64's.
          for (double class_rtol : {0.0, 1e-4, 0x1p-32}) {
            generators::Tolerance tol;
            tol.rtol = rtol;
            tol.atol = rtol == 0 ? 0 : 1e-6;
            tol.class_rtol = class_rtol;
            Comparison host =
                compare(out.data(), d, n, ref.data(), n, tol, 1, with_mag ? mag.data() : nullptr);
            Comparison dev =
                (*this)(dout.ptr(), d, n, dref.ptr(), with_mag ? dmag.ptr() : 0, tol, stream);
            if (!same(host, dev))
              throw std::runtime_error(
                  "the device comparison disagrees with the host's on a probe (" +
                  std::string(generators::to_string(d)) + ", rtol " +
                  (rtol == 0     ? "0, exact"
                   : rtol < 5e-4 ? "1e-4"
                                 : "1e-3") +
                  (with_mag ? ", magnitude" : "") + (class_rtol > 0 ? ", class bound" : "") +
                  (nonfinite ? ", non-finite" : "") + "): host " + std::to_string(host.failures) +
                  " failure(s) first at " + std::to_string(host.first_bad) + " and " +
                  std::to_string(host.class_failures) + " outside the class bound, device " +
                  std::to_string(dev.failures) + " first at " + std::to_string(dev.first_bad) +
                  " and " + std::to_string(dev.class_failures));
            ++cases;
          }
        }
      }
    }
  }
  // Order-free outputs (order_view.h): rows of 1,000 (not a power of two) shuffled, with
  // counts that differ in one row; sorted and compared on the device as on the host.
  {
    const int64_t rows = 3, row = 1000;
    std::vector<float> vals(size_t(rows * row));
    std::vector<int32_t> idx(vals.size()), count{1000, 617, 0};
    std::vector<double> rvals(vals.size()), ridx(vals.size()), rcount{1000, 617, 3};
    uint64_t x = 0x6f72646572ULL;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < row; ++j) {
        const size_t i = size_t(r * row + j);
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        idx[i] = int32_t((x >> 33) % 50);  // ties in the lead, decided by the follower
        vals[i] = float(int((x >> 20) % 7) - 3) * 0.25f;
        ridx[i] = idx[i], rvals[i] = vals[i];
      }
    std::reverse(idx.begin(), idx.begin() + 700);  // the candidate's order differs
    std::reverse(vals.begin(), vals.begin() + 700);
    DeviceBuffer di(idx.size() * 4), dv(vals.size() * 4), dc(count.size() * 4);
    DeviceBuffer dri(ridx.size() * 8), drv(rvals.size() * 8), drc(rcount.size() * 8);
    CU_CHECK(cuMemcpyHtoD(di.ptr(), idx.data(), idx.size() * 4));
    CU_CHECK(cuMemcpyHtoD(dv.ptr(), vals.data(), vals.size() * 4));
    CU_CHECK(cuMemcpyHtoD(dc.ptr(), count.data(), count.size() * 4));
    CU_CHECK(cuMemcpyHtoD(dri.ptr(), ridx.data(), ridx.size() * 8));
    CU_CHECK(cuMemcpyHtoD(drv.ptr(), rvals.data(), rvals.size() * 8));
    CU_CHECK(cuMemcpyHtoD(drc.ptr(), rcount.data(), rcount.size() * 8));
    const std::vector<int64_t> co = row_counts(count.data(), DType::I32, rows, row),
                               cr = row_counts(rcount.data(), DType::F64, rows, row);
    sort_rows({{di.ptr(), compare_type(DType::I32)}, {dv.ptr(), compare_type(DType::F32)}}, rows,
              row, dc.ptr(), compare_type(DType::I32), stream);
    sort_rows({{dri.ptr(), 1}, {drv.ptr(), 1}}, rows, row, drc.ptr(), 1, stream);
    gpu::sort_rows({{idx.data(), DType::I32}, {vals.data(), DType::F32}}, rows, row, co.data(), 1);
    gpu::sort_rows({{ridx.data(), DType::F64}, {rvals.data(), DType::F64}}, rows, row, cr.data(),
                   1);
    generators::Tolerance tol;
    tol.rtol = 1e-5, tol.atol = 1e-5;
    RowValid hv{row, co.data(), cr.data()};
    Valid dvalid{row, dc.ptr(), drc.ptr(), compare_type(DType::I32), 1};
    for (int member = 0; member < 2; ++member) {
      const DType d = member == 0 ? DType::I32 : DType::F32;
      const unsigned char* host_out = member == 0
                                          ? reinterpret_cast<const unsigned char*>(idx.data())
                                          : reinterpret_cast<const unsigned char*>(vals.data());
      Comparison host = compare(host_out, d, rows * row, member == 0 ? ridx.data() : rvals.data(),
                                rows * row, tol, 1, nullptr, &hv);
      Comparison dev = (*this)(member == 0 ? di.ptr() : dv.ptr(), d, rows * row,
                               member == 0 ? dri.ptr() : drv.ptr(), 0, tol, stream, &dvalid);
      if (!same(host, dev) || host.ok || host.failures != 3)
        throw std::runtime_error(
            "the device comparison disagrees with the host's on the order-free probe (" +
            std::string(member == 0 ? "i32 lead" : "f32 follower") + "): host " +
            std::to_string(host.failures) + " failure(s) first at " +
            std::to_string(host.first_bad) + ", device " + std::to_string(dev.failures) +
            " first at " + std::to_string(dev.first_bad) + " (3 expected, the counts' row 2)");
      ++cases;
    }
  }
  checked_ = std::to_string(cases) +
             " probes: 8 dtypes x finite/non-finite x 2 rtol (3 for i64/u64: exact too) x "
             "with/without magnitude x 3 class bounds, " +
             std::to_string(n) + " elements, and an order-free pair sorted by rows with counts";
}

}  // namespace solver::gpu
