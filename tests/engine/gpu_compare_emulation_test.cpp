// The audit's device comparison (engine/backend/gpu/compare_source.h) compiled as host C++ and
// run as a grid of one-thread blocks (each block's atomics merge into the sums, as on the
// device), against the host walk compare() (host_data.h): the verdict, the failure count, the
// first failing index, the values there and the largest errors must be the same, on every
// output dtype, with and without the magnitude term, with NaN, infinities, signed zeros and
// overflowing differences, whatever the grid. What only the device can change (its
// conversions, its division) is the worker's self-check on the GPU (device_compare.cpp).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "engine/backend/gpu/compare_source.h"
#include "engine/backend/gpu/derive_source.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/order_view.h"
#include "generators/nvrtc_compiler.h"

namespace emulated {
// The CUDA names the source uses, for host C++ (cuda_emulation.h); the order matters.
// clang-format off
#include "tests/engine/cuda_emulation.h"
#include "compare_kernels.inc"
#include "tests/engine/cuda_emulation_end.h"
// clang-format on
}  // namespace emulated

using namespace solver;
using generators::DType;
using gpu::Comparison;

namespace {

static_assert(sizeof(emulated::sc_sums) == sizeof(gpu::CompareSums));

// The kernel over `blocks` one-thread blocks, the sums read as the launcher reads them, the
// values at the first failure read by the host's own conversion.
// An order-free output's counts as the kernel reads them (DeviceCompare::Valid).
struct EmulatedValid {
  long long row = 0;
  const void* out_count = nullptr;
  int out_type = 0;
  const void* ref_count = nullptr;
  int ref_type = 1;
};

Comparison emulate(const std::vector<unsigned char>& out, DType d, const std::vector<double>& ref,
                   const double* magnitude, const generators::Tolerance& tol, unsigned blocks,
                   const EmulatedValid* valid = nullptr) {
  gpu::CompareSums s;
  emulated::sc_sums sums;
  std::memcpy(static_cast<void*>(&sums), &s, sizeof s);
  emulated::gridDim.x = blocks;
  emulated::blockDim.x = 1;
  emulated::threadIdx.x = 0;
  const long long n = (long long)ref.size();
  for (unsigned b = 0; b < blocks; ++b) {
    emulated::blockIdx.x = b;
    emulated::solver_compare(out.data(), gpu::compare_type(d), n, ref.data(), magnitude, tol.atol,
                             tol.rtol, gpu::magnitude_rtol(tol.rtol), tol.class_rtol, &sums,
                             valid ? valid->row : 0, valid ? valid->out_count : nullptr,
                             valid ? valid->out_type : 0, valid ? valid->ref_count : nullptr,
                             valid ? valid->ref_type : 1);
  }
  std::memcpy(static_cast<void*>(&s), &sums, sizeof s);
  double got = 0, want = 0, class_got = 0, class_want = 0;
  if (s.failures) {
    gpu::to_doubles(out.data() + s.first_bad * generators::dtype_size(d), 1, d, &got, 1);
    want = ref[s.first_bad];
    if (gpu::reference_bits(d)) {  // the slot holds the integer's bits (device_compare.cpp)
      uint64_t bits;
      std::memcpy(&bits, &want, 8);
      want = gpu::wide_int_value(d, bits);
    }
  }
  if (s.class_failures) {
    gpu::to_doubles(out.data() + s.class_first_bad * generators::dtype_size(d), 1, d, &class_got,
                    1);
    class_want = ref[s.class_first_bad];
  }
  return gpu::comparison_from_sums(s, got, want, class_got, class_want);
}

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

void check_same(const Comparison& host, const Comparison& dev) {
  CHECK(host.ok == dev.ok);
  CHECK(host.failures == dev.failures);
  CHECK(host.first_bad == dev.first_bad);
  CHECK(same(host.got, dev.got));
  CHECK(same(host.want, dev.want));
  CHECK(same(host.max_abs_err, dev.max_abs_err));
  CHECK(same(host.max_rel_err, dev.max_rel_err));
  CHECK(host.class_failures == dev.class_failures);
  CHECK(host.class_first_bad == dev.class_first_bad);
  CHECK(same(host.class_got, dev.class_got));
  CHECK(same(host.class_want, dev.class_want));
  CHECK(same(host.class_ratio, dev.class_ratio));
}

// Output bytes in `d` for the doubles `v` (integers truncated toward zero).
std::vector<unsigned char> bytes_of(DType d, const std::vector<double>& v) {
  std::vector<unsigned char> out(v.size() * generators::dtype_size(d));
  for (size_t i = 0; i < v.size(); ++i) {
    unsigned char* at = out.data() + i * generators::dtype_size(d);
    double x = v[i];
    switch (d) {
      case DType::F32: {
        float f = float(x);
        std::memcpy(at, &f, 4);
        break;
      }
      case DType::F64:
        std::memcpy(at, &x, 8);
        break;
      case DType::F16:
      case DType::BF16: {
        uint16_t h = d == DType::F16 ? gpu::half_bits(x) : gpu::bf16_bits(x);
        std::memcpy(at, &h, 2);
        break;
      }
      case DType::I32:
      case DType::U32: {
        int32_t k = std::isfinite(x) ? int32_t(int64_t(x)) : 0;
        std::memcpy(at, &k, 4);
        break;
      }
      default: {
        int64_t k = std::isfinite(x) ? int64_t(x) : 0;
        std::memcpy(at, &k, 8);
        break;
      }
    }
  }
  return out;
}

struct Case {
  std::vector<double> got, ref, magnitude;
};

// n pairs: ~1 in 13 out of tolerance at rtol 1e-4, zeros of both signs, references of 0, and
// where asked a NaN output, an infinite reference or an overflowing difference.
Case make_case(int64_t n, uint64_t seed, bool integer, int special) {
  Case c;
  uint64_t x = seed;
  for (int64_t i = 0; i < n; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    double v = std::ldexp(0.5 + double(x >> 11) / double(1ULL << 53), int((x >> 5) % 30) - 10);
    if (x & 1) v = -v;
    if (integer) v = std::floor(std::fabs(v) * 1000);
    if (i % 61 == 0) v = 0;
    double got = v;
    if ((x >> 9) % 13 == 0) got = integer ? std::round(v * 1.01) + 1 : v * (1 + 5e-4);
    if (i % 97 == 5) got = -got;  // a sign error (or -0 for a zero)
    c.got.push_back(got);
    c.ref.push_back(v);
    c.magnitude.push_back(std::fabs(v) * 100 + 1);
  }
  if (special == 1) c.got[size_t(n * 2 / 3)] = std::nan("");
  if (special == 2) c.ref[size_t(n / 2)] = INFINITY;
  if (special == 4) {  // FP64-grade to FP32-grade errors, no sign errors: class failures only
    for (size_t i = 0; i < c.got.size(); ++i) c.got[i] = c.ref[i] * (1 + 1e-9 * double(i % 3));
  }
  if (special == 5) {  // infinite references (log 0, a masked -inf): met by the same only
    for (size_t i = 7; i < c.ref.size(); i += 50)
      c.ref[i] = c.got[i] = (i % 100 == 7) ? -INFINITY : INFINITY;
    c.got[size_t(n / 2) / 50 * 50 + 7] = -c.ref[size_t(n / 2) / 50 * 50 + 7];  // the other one
  }
  if (special == 3) {
    c.got[size_t(n / 3)] = 1.5e308;
    c.ref[size_t(n / 3)] = -1.5e308;  // |o - r| overflows to inf: a finite failure
  }
  return c;
}

}  // namespace

TEST_CASE("the device comparison's source gives the host walk's Comparison, field for field") {
  int compared = 0, failing = 0, class_only = 0;
  for (DType d : {DType::F32, DType::F64, DType::F16, DType::BF16, DType::I32, DType::U32,
                  DType::I64, DType::U64}) {
    const bool integer = d != DType::F32 && d != DType::F64 && d != DType::F16 && d != DType::BF16;
    for (int special = 0; special < 6; ++special) {
      if (integer && (special == 1 || special == 5)) continue;          // no NaN, no infinity
      if (d != DType::F64 && (special == 3 || special == 4)) continue;  // 1.5e308: float64 only
      Case c = make_case(1000 + 37 * special, 0xc0ffee + uint64_t(d) * 17 + uint64_t(special),
                         integer, special);
      std::vector<unsigned char> out = bytes_of(d, c.got);
      if (gpu::reference_bits(d)) {  // a 64-bit integer's reference holds its bits
        auto bits = [](std::vector<double>& v) {
          for (double& x : v) {
            int64_t k = int64_t(x);
            std::memcpy(&x, &k, 8);
          }
        };
        bits(c.ref);  // its magnitude is not read (no magnitude term for them)
      }
      for (double rtol : {1e-4, 1e-2}) {
        for (bool with_mag : {false, true}) {
          for (double class_rtol : {0.0, 1e-4, 0x1p-32}) {
            generators::Tolerance tol;
            tol.rtol = rtol;
            tol.atol = 1e-6;
            tol.class_rtol = class_rtol;
            const double* mag = with_mag ? c.magnitude.data() : nullptr;
            Comparison host = gpu::compare(out.data(), d, int64_t(c.ref.size()), c.ref.data(),
                                           int64_t(c.ref.size()), tol, 1, mag);
            for (unsigned blocks : {1u, 3u, 64u, 5000u}) {
              CAPTURE(generators::to_string(d));
              CAPTURE(special);
              CAPTURE(rtol);
              CAPTURE(with_mag);
              CAPTURE(class_rtol);
              CAPTURE(blocks);
              check_same(host, emulate(out, d, c.ref, mag, tol, blocks));
              ++compared;
            }
            failing += !host.ok;
            class_only += host.failures == 0 && host.class_failures > 0;
          }
        }
      }
    }
  }
  // The cases are not vacuous: most fail somewhere (so first_bad and the values are compared),
  // some pass.
  CHECK(compared > 900);
  CHECK(failing > 120);
  CHECK(class_only > 0);  // outside the class bound only: precision_mismatch, not wrong_result
}

TEST_CASE("the device comparison: a pass, a NaN and the magnitude term decide as on the host") {
  std::vector<double> ref{1.0, -2.0, 0.0, 3.0};
  generators::Tolerance tol;
  tol.rtol = 1e-4;
  tol.atol = 1e-6;
  // Equal: a pass with zero errors.
  auto out = bytes_of(DType::F64, ref);
  Comparison c = emulate(out, DType::F64, ref, nullptr, tol, 2);
  CHECK(c.ok);
  CHECK(c.first_bad == -1);
  CHECK(c.max_abs_err == 0);
  // A NaN output never passes, and turns the maxima NaN.
  std::vector<double> got = ref;
  got[2] = std::nan("");
  c = emulate(bytes_of(DType::F64, got), DType::F64, ref, nullptr, tol, 2);
  CHECK_FALSE(c.ok);
  CHECK(c.first_bad == 2);
  CHECK(std::isnan(c.max_abs_err));
  // An error of 1e-3 at 3.0 fails the plain bound and passes with a magnitude of 100 (the
  // magnitude term is capped at 256 FP32 ulps: 100 x 1.5e-5 = 1.5e-3).
  got = ref;
  got[3] = 3.001;
  std::vector<double> mag{1, 1, 1, 100};
  CHECK_FALSE(emulate(bytes_of(DType::F64, got), DType::F64, ref, nullptr, tol, 1).ok);
  CHECK(emulate(bytes_of(DType::F64, got), DType::F64, ref, mag.data(), tol, 1).ok);
  // The earliest failure wins whichever block finds it first.
  got = ref;
  got[1] = 5;
  got[3] = 5;
  c = emulate(bytes_of(DType::F64, got), DType::F64, ref, nullptr, tol, 4);
  CHECK(c.failures == 2);
  CHECK(c.first_bad == 1);
  CHECK(c.got == 5);
  CHECK(c.want == -2);
}

TEST_CASE(
    "an output equal to an infinite reference passes, on the host and the device; NaN never") {
  // hon21: causal log_softmax writes -inf where a key is masked (log 0), x.erfinv_() writes -inf
  // at x = -1, as their float64 references do; main refused every non-finite output, so both
  // problems' seeds failed every check that saw one (tests/cheats/control_hon21_*).
  std::vector<double> ref{-INFINITY, -0.5, INFINITY, 2.0};
  generators::Tolerance tol;
  tol.rtol = 1e-5;
  tol.atol = 1e-5;
  for (DType d : {DType::F32, DType::F64, DType::F16, DType::BF16}) {
    CAPTURE(generators::to_string(d));
    std::vector<double> got = ref;
    got[1] = -0.5 + 1e-6;
    auto out = bytes_of(d, got);
    Comparison host = gpu::compare(out.data(), d, 4, ref.data(), 4, tol, 1);
    CHECK(host.ok);
    CHECK(host.failures == 0);
    CHECK(std::isfinite(host.max_abs_err));  // the infinities add no error
    check_same(host, emulate(out, d, ref, nullptr, tol, 3));
    // The other infinity, a finite value, NaN (an unwritten output's fill): each refused.
    // Each case builds its vector afresh: GCC 12 at -O3 reports a false -Wstringop-overflow
    // on a copy-assignment into `got` here (CI builds with -Werror).
    for (double wrong : {double(INFINITY), -1e3, std::nan("")}) {
      std::vector<double> bad(ref.begin(), ref.end());
      bad[0] = wrong;
      got.swap(bad);
      out = bytes_of(d, got);
      host = gpu::compare(out.data(), d, 4, ref.data(), 4, tol, 1);
      CHECK_FALSE(host.ok);
      CHECK(host.first_bad == 0);
      check_same(host, emulate(out, d, ref, nullptr, tol, 3));
    }
    // An infinite output where the reference is finite: refused.
    std::vector<double> inf_out(ref.begin(), ref.end());
    inf_out[3] = INFINITY;
    got.swap(inf_out);
    out = bytes_of(d, got);
    CHECK_FALSE(gpu::compare(out.data(), d, 4, ref.data(), 4, tol, 1).ok);
  }
  // A NaN reference is met by nothing, NaN included.
  std::vector<double> nan_ref{std::nan(""), 1.0};
  auto nan_out = bytes_of(DType::F32, nan_ref);
  CHECK_FALSE(gpu::compare(nan_out.data(), DType::F32, 2, nan_ref.data(), 2, tol, 1).ok);
}

TEST_CASE("the comparison source compiles with NVRTC for sm_90, with no fused multiply-add") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  // The options the worker compiles it with (device_compare.cpp).
  auto r = generators::nvrtc_compile(gpu::compare_source(), "solver_compare.cu",
                                     gpu::derive_options("sm_90"));
  INFO(r.log);
  CHECK(r.ok);
  CHECK_FALSE(r.cubin.empty());
  // The bound atol + rtol|r| + mag_rtol|m| is rounded term by term, as on the host.
  CHECK(r.ptx.find("fma.") == std::string::npos);
}

namespace {

// u64 (or i64) values as output bytes.
std::vector<unsigned char> raw_bytes(const std::vector<uint64_t>& v) {
  std::vector<unsigned char> out(v.size() * 8);
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

}  // namespace

TEST_CASE("a 64-bit integer output whose low bit is wrong is refused at rtol 0, atol 0") {
  // Residual of red team 19: each element went through a double, so above 2^53 its low 11 bits
  // were unchecked. 0x9e3779b97f4a7c15 (a 64-bit hash) and the value one above: one double.
  std::vector<uint64_t> want{0x9e3779b97f4a7c15ULL, 1ULL << 60, 12345, 0xffffffffffffffffULL};
  generators::Tolerance exact;
  exact.rtol = 0;
  exact.atol = 0;
  for (DType d : {DType::U64, DType::I64}) {
    CAPTURE(generators::to_string(d));
    CHECK(gpu::reference_bits(d));
    // The reference's read-back keeps the bits (DeviceBuffers::read_reference_output).
    std::vector<double> ref(want.size());
    gpu::reference_values(raw_bytes(want).data(), int64_t(want.size()), d, ref.data());
    CHECK(std::memcmp(ref.data(), want.data(), want.size() * 8) == 0);
    const int64_t n = int64_t(want.size());
    Comparison right = gpu::compare(raw_bytes(want).data(), d, n, ref.data(), n, exact, 1);
    CHECK(right.ok);
    CHECK(right.max_abs_err == 0);
    for (size_t at : {size_t(0), size_t(1), size_t(3)}) {
      std::vector<uint64_t> got = want;
      got[at] ^= 1;  // the lowest bit
      CAPTURE(at);
      REQUIRE(double(got[at]) == double(want[at]));  // one double: the old walk passed it
      Comparison c = gpu::compare(raw_bytes(got).data(), d, n, ref.data(), n, exact, 1);
      CHECK_FALSE(c.ok);
      CHECK(c.failures == 1);
      CHECK(c.first_bad == int64_t(at));
      // The device comparison, emulated, decides the same, field for field.
      for (unsigned blocks : {1u, 3u})
        check_same(c, emulate(raw_bytes(got), d, ref, nullptr, exact, blocks));
    }
    // A loose tolerance still compares the integers' values (as doubles of both).
    generators::Tolerance loose;
    loose.rtol = 1e-4;
    loose.atol = 0;
    std::vector<uint64_t> got = want;
    got[2] = 12346;  // 8e-5 relative: inside 1e-4
    Comparison c = gpu::compare(raw_bytes(got).data(), d, n, ref.data(), n, loose, 1);
    CHECK(c.ok);
    check_same(c, emulate(raw_bytes(got), d, ref, nullptr, loose, 2));
    got[2] = 12347;  // 1.6e-4: outside
    c = gpu::compare(raw_bytes(got).data(), d, n, ref.data(), n, loose, 1);
    CHECK_FALSE(c.ok);
    CHECK(c.want == 12345);
    check_same(c, emulate(raw_bytes(got), d, ref, nullptr, loose, 2));
  }
}

TEST_CASE("32-bit integer outputs are exact through a double: a one-off is refused at rtol 0") {
  generators::Tolerance exact;
  exact.rtol = 0;
  exact.atol = 0;
  for (DType d : {DType::I32, DType::U32}) {
    CAPTURE(generators::to_string(d));
    CHECK_FALSE(gpu::reference_bits(d));
    const double top = d == DType::I32 ? 2147483647.0 : 4294967295.0;
    std::vector<double> ref{top, top - 1, d == DType::I32 ? -2147483648.0 : 0.0};
    std::vector<unsigned char> out(ref.size() * 4);
    auto put = [&](size_t i, double v) {
      if (d == DType::I32) {
        int32_t k = int32_t(v);
        std::memcpy(out.data() + i * 4, &k, 4);
      } else {
        uint32_t k = uint32_t(v);
        std::memcpy(out.data() + i * 4, &k, 4);
      }
    };
    for (size_t i = 0; i < ref.size(); ++i) put(i, ref[i]);
    CHECK(gpu::compare(out.data(), d, 3, ref.data(), 3, exact, 1).ok);
    put(0, top - 1);
    Comparison c = gpu::compare(out.data(), d, 3, ref.data(), 3, exact, 1);
    CHECK_FALSE(c.ok);
    CHECK(c.first_bad == 0);
    check_same(c, emulate(out, d, ref, nullptr, exact, 2));
  }
}

namespace {

// solver_order_sort's steps over `blocks` one-thread blocks (DeviceCompare::sort_rows).
void emulate_sort(std::vector<std::pair<void*, int>> cols, long long rows, long long row,
                  const void* count, int count_type, unsigned blocks) {
  const int members = int(cols.size());
  cols.resize(4, {nullptr, 0});
  emulated::gridDim.x = blocks;
  emulated::blockDim.x = 1;
  emulated::threadIdx.x = 0;
  for (auto [k, j] : gpu::order_sort_steps(row))
    for (unsigned b = 0; b < blocks; ++b) {
      emulated::blockIdx.x = b;
      emulated::solver_order_sort(cols[0].first, cols[0].second, cols[1].first, cols[1].second,
                                  cols[2].first, cols[2].second, cols[3].first, cols[3].second,
                                  members, rows, row, gpu::order_span(row), count, count_type, k,
                                  j);
    }
}

// Reference slots (float64, or a 64-bit integer's bits) for the values `v` of an output of `d`.
std::vector<double> ref_slots(DType d, const std::vector<double>& v) {
  std::vector<double> out(v);
  if (gpu::reference_bits(d))
    for (double& x : out) {
      int64_t k = int64_t(x);
      std::memcpy(&x, &k, 8);
    }
  return out;
}

}  // namespace

TEST_CASE("order-free outputs: the device's sort and counted comparison give the host's view") {
  // h28x: an atomic compaction or an unstable argsort writes each row's valid entries in any
  // order. Both sides are sorted by one tuple order (order_view.h), each row's counted prefix
  // only, then compared as usual; the device sorts by a bitonic network (solver_order_sort).
  int compared = 0, refused = 0, passed = 0;
  for (DType lead_d : {DType::I32, DType::I64, DType::F32, DType::U64}) {
    for (DType follow_d : {DType::F32, DType::F64, DType::I32}) {
      for (long long row : {1LL, 5LL, 64LL, 1000LL}) {
        for (int edit = 0; edit < 4; ++edit) {  // 0 honest, 1 a value, 2 a duplicate, 3 a count
          CAPTURE(generators::to_string(lead_d));
          CAPTURE(generators::to_string(follow_d));
          CAPTURE(row);
          CAPTURE(edit);
          const long long rows = 3, n = rows * row;
          std::vector<double> key(static_cast<size_t>(n)), val(static_cast<size_t>(n));
          std::vector<int32_t> count(static_cast<size_t>(rows));
          uint64_t x = 0x68323878ULL + uint64_t(row) * 31 + uint64_t(edit);
          auto next = [&] {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            return x >> 20;
          };
          for (long long r = 0; r < rows; ++r) count[size_t(r)] = int32_t(next() % (row + 1));
          count[0] = int32_t(row);
          for (long long i = 0; i < n; ++i) {
            key[size_t(i)] = double(next() % 40);  // ties in the lead
            val[size_t(i)] = double(int64_t(next() % 9) - 4) * (follow_d == DType::I32 ? 1 : 0.5);
          }
          std::vector<double> got_key = key, got_val = val;
          std::vector<int32_t> got_count = count;
          for (long long r = 0; r < rows; ++r)  // the candidate's order: each prefix reversed
            for (long long a = r * row, b = r * row + count[size_t(r)] - 1; a < b; ++a, --b) {
              std::swap(got_key[size_t(a)], got_key[size_t(b)]);
              std::swap(got_val[size_t(a)], got_val[size_t(b)]);
            }
          if (edit == 1 && count[0] > 0) got_val[size_t(row / 2)] += 1;
          if (edit == 2 && row > 1) {  // one entry dropped, another written twice
            got_key[1] = got_key[0];
            got_val[1] = got_val[0];
          }
          if (edit == 3) got_count[0] = int32_t(row - 1);
          std::vector<unsigned char> out_key = bytes_of(lead_d, got_key),
                                     out_val = bytes_of(follow_d, got_val);
          std::vector<double> ref_key = ref_slots(lead_d, key), ref_val = ref_slots(follow_d, val);
          std::vector<double> ref_count(count.begin(), count.end());
          // Host: order_view.h's sort, then compare() with the counts.
          std::vector<unsigned char> h_key = out_key, h_val = out_val;
          std::vector<double> hr_key = ref_key, hr_val = ref_val;
          const std::vector<int64_t> co = gpu::row_counts(got_count.data(), DType::I32, rows, row),
                                     cr = gpu::row_counts(ref_count.data(), DType::F64, rows, row);
          gpu::sort_rows({{h_key.data(), lead_d}, {h_val.data(), follow_d}}, rows, row, co.data());
          gpu::sort_rows({{hr_key.data(), gpu::reference_storage(lead_d)},
                          {hr_val.data(), gpu::reference_storage(follow_d)}},
                         rows, row, cr.data());
          generators::Tolerance tol;
          tol.rtol = 1e-5, tol.atol = 1e-5;
          gpu::RowValid hv{row, co.data(), cr.data()};
          Comparison host_key =
              gpu::compare(h_key.data(), lead_d, n, hr_key.data(), n, tol, 1, nullptr, &hv);
          Comparison host_val =
              gpu::compare(h_val.data(), follow_d, n, hr_val.data(), n, tol, 1, nullptr, &hv);
          // Each row's counted prefix is sorted by the tuple order.
          for (long long r = 0; r < rows; ++r)
            for (long long j = 1; j < co[size_t(r)]; ++j)
              CHECK_FALSE(gpu::order_less({{h_key.data(), lead_d}, {h_val.data(), follow_d}},
                                          r * row + j, r * row + j - 1));
          for (unsigned blocks : {1u, 7u}) {
            std::vector<unsigned char> d_key = out_key, d_val = out_val;
            std::vector<double> dr_key = ref_key, dr_val = ref_val;
            emulate_sort({{d_key.data(), gpu::compare_type(lead_d)},
                          {d_val.data(), gpu::compare_type(follow_d)}},
                         rows, row, got_count.data(), gpu::compare_type(DType::I32), blocks);
            emulate_sort({{dr_key.data(), gpu::compare_type(gpu::reference_storage(lead_d))},
                          {dr_val.data(), gpu::compare_type(gpu::reference_storage(follow_d))}},
                         rows, row, ref_count.data(), 1, blocks);
            EmulatedValid ev{row, got_count.data(), gpu::compare_type(DType::I32), ref_count.data(),
                             1};
            check_same(host_key, emulate(d_key, lead_d, dr_key, nullptr, tol, blocks, &ev));
            check_same(host_val, emulate(d_val, follow_d, dr_val, nullptr, tol, blocks, &ev));
            compared += 2;
          }
          const bool ok = host_key.ok && host_val.ok;
          if (edit == 0) {
            CHECK(ok);  // an honest permutation passes
            passed += ok;
          } else if (!(edit == 1 && count[0] == 0) && !(edit == 2 && row == 1)) {
            // A changed value, a duplicate in place of a dropped entry, a count one short (the
            // count output itself is compared exactly too: output_tolerance): refused.
            CHECK_FALSE(ok);
            refused += !ok;
          }
        }
      }
    }
  }
  CHECK(compared >= 380);
  CHECK(passed >= 40);
  CHECK(refused >= 100);
}

TEST_CASE("order-free outputs: element by element, an honest permutation is refused") {
  // What main did with every order-free output: the reference's order, element by element.
  std::vector<double> ref{3, 1, 2, 5}, got{1, 2, 3, 5};
  generators::Tolerance tol;
  tol.rtol = 0, tol.atol = 0;
  auto out = bytes_of(DType::I32, got);
  CHECK_FALSE(gpu::compare(out.data(), DType::I32, 4, ref.data(), 4, tol, 1).ok);
  // In the view: both sorted, a pass; a NaN sorts last and still fails; -0 and +0 are one value.
  gpu::sort_rows({{ref.data(), DType::F64}}, 1, 4, nullptr);
  gpu::sort_rows({{out.data(), DType::I32}}, 1, 4, nullptr);
  CHECK(gpu::compare(out.data(), DType::I32, 4, ref.data(), 4, tol, 1).ok);
  std::vector<double> f{std::nan(""), -0.0, 0.0, -1.0};
  gpu::sort_rows({{f.data(), DType::F64}}, 1, 4, nullptr);
  CHECK(f[0] == -1.0);
  CHECK(f[1] == 0.0);
  CHECK(std::isnan(f[3]));
  CHECK(gpu::view_count(std::nan(""), 10) == 0);
  CHECK(gpu::view_count(-3, 10) == 0);
  CHECK(gpu::view_count(11, 10) == 10);
  CHECK(gpu::view_count(7, 10) == 7);
}
