// The derivation kernels' source (engine/backend/gpu/derive_source.h) compiled as host C++,
// each kernel run as one thread over the whole buffer, against the host definitions of the
// transforms (input_sets.h): every byte must agree, on every float format, with normal,
// subnormal, zero and overflowing values. This checks the source's arithmetic and rounding
// code without a GPU; what only the device can change (its ldexp, its double-to-float
// conversion) is the worker's self-check on the GPU (device_derive.cpp).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/backend/gpu/derive_source.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"

namespace emulated {
// The CUDA names the source uses, for host C++ (cuda_emulation.h); the order matters.
// clang-format off
#include "tests/engine/cuda_emulation.h"
#include "derive_kernels.inc"
#include "tests/engine/cuda_emulation_end.h"
// clang-format on
}  // namespace emulated

using namespace solver;
using generators::DType;

namespace {

std::vector<unsigned char> values(DType d, int64_t n) {
  std::vector<unsigned char> out(size_t(n) * generators::dtype_size(d));
  uint64_t x = 1234;
  for (int64_t i = 0; i < n; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    double v = std::ldexp(0.5 + double(x >> 11) / double(1ULL << 53), int((x >> 3) % 60) - 40) *
               ((x & 1) ? -1 : 1);
    if (i % 101 == 0) v = 0;
    if (d == DType::F32) {
      float f = float(v);
      std::memcpy(&out[size_t(i) * 4], &f, 4);
    } else if (d == DType::F64) {
      std::memcpy(&out[size_t(i) * 8], &v, 8);
    } else {
      uint16_t h = d == DType::F16 ? gpu::half_bits(v) : gpu::bf16_bits(v);
      std::memcpy(&out[size_t(i) * 2], &h, 2);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("the derivation kernels' source computes the host transforms byte for byte") {
  for (DType d : {DType::F32, DType::F64, DType::F16, DType::BF16}) {
    CAPTURE(generators::to_string(d));
    generators::ResolvedBuffer b;
    b.dtype = d;
    b.elements = 20011;
    b.role = generators::BufferRole::In;
    const int type = int(*gpu::derive_type(d));
    const int size = int(generators::dtype_size(d));
    const auto base = values(d, b.elements);
    for (int e : {17, -17, -130, 5, -1000}) {
      for (bool negate : {false, true}) {
        CAPTURE(e);
        auto host = base, kernel = base;
        gpu::scale_pow2(b, host.data(), e, negate);
        emulated::solver_scale_pow2(kernel.data(), b.elements, type,
                                    std::ldexp(negate ? -1.0 : 1.0, e));
        CHECK(host == kernel);
      }
    }
    for (uint64_t seed : {1ULL, 77ULL, 0xdeadbeefULL}) {
      CAPTURE(seed);
      auto host = base, kernel = base;
      gpu::heavy_signed(b, host.data(), seed);
      emulated::solver_heavy_signed(kernel.data(), b.elements, type, seed, 0, 0);
      CHECK(host == kernel);
      auto mh = base, mk = base;  // the magnitudes twin (issue 28): the same draws, no signs
      gpu::heavy_magnitude(b, mh.data(), seed);
      emulated::solver_heavy_signed(mk.data(), b.elements, type, seed, 1, 0);
      CHECK(mh == mk);
      auto kh = base, kk = base;  // P6c: the same magnitudes with each value's own sign
      gpu::heavy_kept(b, kh.data(), seed);
      emulated::solver_heavy_signed(kk.data(), b.elements, type, seed, 2, 0);
      CHECK(kh == kk);
      for (int64_t sparse : {16, 4096}) {  // the sparse kept set and its magnitudes
        auto sh = base, sk = base, mh2 = base, mk2 = base;
        gpu::heavy_kept(b, sh.data(), seed, sparse);
        emulated::solver_heavy_signed(sk.data(), b.elements, type, seed, 2, sparse);
        CHECK(sh == sk);
        gpu::heavy_magnitude(b, mh2.data(), seed, sparse);
        emulated::solver_heavy_signed(mk2.data(), b.elements, type, seed, 1, sparse);
        CHECK(mh2 == mk2);
      }
      for (int64_t i = 0; i < b.elements; ++i) {  // no sign changed (zeros and NaNs aside)
        double before = 0, after = 0;
        gpu::to_doubles(base.data() + i * size, 1, d, &before);
        gpu::to_doubles(kh.data() + i * size, 1, d, &after);
        if (after != 0 && before == before) CHECK(std::signbit(after) == std::signbit(before));
      }
      auto fh = base, fk = base;
      unsigned long long count = 0;
      int64_t flipped = gpu::sparse_sign_flips(b, fh.data(), seed);
      emulated::solver_sign_flips(fk.data(), b.elements, size, seed, &count);
      CHECK(fh == fk);
      CHECK(int64_t(count) == flipped);
    }
  }
}

TEST_CASE("the timed perturbation's kernels compute the host definition byte for byte") {
  // Every law (uniform, normal, a float randint, an integer range, every 64-bit value, a mask)
  // on every dtype, into the buffer and into a float64 copy (the reference's in-out copy), and
  // pairs, for the plans the worker makes (timed_perturbations) and one set by hand.
  for (DType d : {DType::F32, DType::F64, DType::F16, DType::BF16, DType::I32, DType::U32,
                  DType::I64, DType::U64}) {
    CAPTURE(generators::to_string(d));
    generators::ResolvedBuffer b;
    b.dtype = d;
    b.elements = 20011;
    b.role = generators::BufferRole::InOut;
    const int size = int(generators::dtype_size(d));
    std::vector<unsigned char> base(size_t(b.elements) * 8);
    uint64_t x = 99;
    for (auto& c : base) c = (unsigned char)((x = x * 6364136223846793005ULL + 1) >> 56);
    std::vector<gpu::Perturbation> cases;
    std::vector<std::string> kinds;
    for (const char* kind :
         {"uniform", "randint", "mask", "permutation", "normal", "cycle", "sorted", "csr_rowptr"}) {
      b.init = {kind, kind == std::string("mask") ? 0.3 : -3.0, 1e6};
      generators::ResolvedVariant v;
      v.buffers = {b};
      for (const auto& p : gpu::timed_perturbations(v, 1234)) {
        // An integer normal off the law: i.i.d. draws with P6l's strata (h29m, red team 29).
        if (kind == std::string("normal") && !gpu::derive_type(d))
          CHECK((p.iid == 1 && p.cls_stride >= 2));
        cases.push_back(p);
        kinds.push_back(kind);
      }
    }
    {  // dist_fixed: the law i.i.d. (no cells), with its reflection where it has one
      b.init = {"uniform", -3.0, 1e6};
      b.dist_fixed = true;
      generators::ResolvedVariant v;
      v.buffers = {b};
      for (const auto& p : gpu::timed_perturbations(v, 1234)) {
        CHECK(p.iid == 1);
        cases.push_back(p);
        kinds.push_back("uniform, dist_fixed");
      }
      b.dist_fixed = false;
    }
    for (const char* kind : {"uniform", "randint", "normal"}) {
      // Law mode (P6h): the i.i.d. redraw with P6l's strata (h28v).
      b.init = {kind, -3.0, 1e6};
      generators::ResolvedVariant v;
      v.buffers = {b};
      for (const auto& p : gpu::timed_perturbations(v, 1234, false, true)) {
        CHECK(p.iid == 1);
        if (p.law != gpu::PerturbLaw::Range || p.range != 0) CHECK(p.cls_stride >= 2);
        cases.push_back(p);
        kinds.push_back(kind);
      }
    }
    {  // a law on [0, b): P6c's shrink towards 0 instead of the reflection
      b.init = {"uniform", 0.0, 5.0};
      generators::ResolvedVariant v;
      v.buffers = {b};
      for (const auto& p : gpu::timed_perturbations(v, 1234)) {
        if (gpu::derive_type(d)) CHECK(p.reflect == 2);
        cases.push_back(p);
        kinds.push_back("uniform from 0");
      }
    }
    if (!gpu::derive_type(d)) {
      gpu::Perturbation full = cases.front();
      full.lo = INT64_MIN, full.range = 0;
      cases.push_back(full);
      kinds.push_back("every 64-bit value");
    }
    CHECK(cases.size() >= 3);
    for (size_t c = 0; c < cases.size(); ++c)
      for (bool wide : {false, true})
        for (bool drawn : {false, true}) {  // random bytes, then the law's own input
          const gpu::Perturbation& p = cases[c];
          CAPTURE(kinds[c]);
          CAPTURE(int(p.op));
          CAPTURE(int(p.law));
          CAPTURE(wide);
          CAPTURE(drawn);
          const size_t bytes = size_t(b.elements) * (wide ? 8 : size_t(size));
          std::vector<unsigned char> start(base.begin(), base.begin() + long(bytes));
          if (drawn) {
            generators::ResolvedBuffer law = b;
            law.init = {kinds[c], kinds[c] == "mask" ? 0.3 : -3.0, 1e6};
            if (kinds[c] == "csr_rowptr") law.init = {kinds[c], 16.0 * double(b.elements), 0};
            if (kinds[c] == "every 64-bit value") law.init = {"randint", -3.0, 1e6};
            if (kinds[c] == "uniform from 0") law.init = {"uniform", 0.0, 5.0};
            if (kinds[c] == "uniform, dist_fixed") law.init = {"uniform", -3.0, 1e6};
            std::vector<double> as_double(size_t(b.elements));
            gpu::fill_input(law, 77, start.data(), as_double.data());
            if (wide) std::memcpy(start.data(), as_double.data(), bytes);
          }
          std::vector<unsigned char> host = start, kernel = start;
          gpu::apply_perturbation(b, host.data(), p, wide);
          const int type = gpu::perturb_type(d);
          if (p.op == gpu::PerturbOp::Redraw)
            emulated::solver_perturb_redraw(
                kernel.data(), b.elements, type, wide, p.seed, int(p.law), p.a, p.scale, p.lo,
                p.range, p.threshold, p.cells, p.plant_mask, p.phase, p.reflect, p.centre2, p.iid,
                p.top_at, p.bottom_at, p.deep, p.cls_stride, p.cls_phase, p.cls_mask, p.cls_lo);
          else if (p.op == gpu::PerturbOp::Conjugate || p.op == gpu::PerturbOp::Pairs)
            emulated::solver_perturb_relabel(kernel.data(), b.elements, type, wide, p.pair_key,
                                             p.value_key, p.subset);
          else if (p.op == gpu::PerturbOp::Segments)
            emulated::solver_perturb_segments(kernel.data(), b.elements, type, wide, p.seed,
                                              p.block);
          else if (p.op == gpu::PerturbOp::Resample)
            emulated::solver_perturb_resample(kernel.data(), b.elements, type, wide, p.seed,
                                              p.block, p.degrees);
          else
            FAIL("an op without a kernel");
          CHECK(host == kernel);
          CHECK(host != start);
        }
  }
}

// The tolerance lint's echo (echo_map.h), issue 28's gate cost: set 0's echoes are made on the
// device (sample_lint_op.cpp), so its kernel must move exactly the elements the host echo moves,
// for every family, block, parity and class, on odd counts and on every element size.
TEST_CASE("the echo kernel's source computes the host echo byte for byte") {
  using gpu::EchoFamily;
  using gpu::EchoMap;
  std::vector<EchoMap> maps;
  for (uint64_t block : {1, 2, 4, 64, 128, 3})  // 3: not a power of two, taken as 1
    for (int parity : {0, 1}) maps.push_back(EchoMap{EchoFamily::Positions, block, parity, 0});
  for (EchoFamily f : {EchoFamily::Contiguous, EchoFamily::Hashed, EchoFamily::Strided})
    for (uint64_t cls : {0, 1, 13, 31}) maps.push_back(EchoMap{f, 1, 1, cls});
  maps.push_back(EchoMap{EchoFamily::Strided, 1, 1, 255});
  // A csr_rowptr's echoes (sample_lint.h buffer_echo, red team 27): first and last kept, in
  // every family it takes (block 1 and the pair families).
  for (int parity : {0, 1}) maps.push_back(EchoMap{EchoFamily::Positions, 1, parity, 0, true});
  for (EchoFamily f : {EchoFamily::Contiguous, EchoFamily::Hashed, EchoFamily::Strided})
    maps.push_back(EchoMap{f, 1, 1, 0, true});
  // The second look's keyed classes (echo_keyed_class, helper h32fast): the judging set's class
  // echoes are made by this kernel too, so it must take the key as the host does (the strided
  // family's keyed offset per run of 256 pairs: 70000 elements hold 136 runs).
  for (uint64_t key : {uint64_t(0x9a7c3e11), uint64_t(0x51d2), ~uint64_t(0)}) {
    for (EchoFamily f : {EchoFamily::Contiguous, EchoFamily::Hashed, EchoFamily::Strided})
      for (uint64_t cls : {0, 13, 31}) maps.push_back(EchoMap{f, 1, 1, cls, false, key});
    maps.push_back(EchoMap{EchoFamily::Strided, 1, 1, 255, false, key});
    maps.push_back(EchoMap{EchoFamily::Hashed, 1, 1, 4, true, key});
  }
  int moved_any = 0, kept_ends = 0;
  for (int size : {2, 4, 8})
    for (long long n : {2LL, 7LL, 4099LL, 70000LL}) {
      std::vector<unsigned char> base(size_t(n) * size_t(size));
      uint64_t x = 77 + uint64_t(n);
      for (auto& c : base) c = (unsigned char)((x = x * 6364136223846793005ULL + 1) >> 56);
      for (const EchoMap& m : maps) {
        std::vector<unsigned char> want = base, got = base;
        gpu::apply_echo(m, want.data(), uint64_t(n), size_t(size), 3);
        emulated::solver_echo(got.data(), n, size, int(m.family), m.block, m.parity, m.cls,
                              int(m.keep_ends), m.key);
        INFO("size " << size << ", n " << n << ", family " << int(m.family) << ", block " << m.block
                     << ", parity " << m.parity << ", class " << m.cls
                     << (m.keep_ends ? ", ends kept" : "") << ", key " << m.key);
        CHECK(got == want);
        moved_any += want != base;
        if (m.keep_ends) {  // the first and last elements are the input's
          CHECK(std::memcmp(got.data(), base.data(), size_t(size)) == 0);
          CHECK(std::memcmp(got.data() + (n - 1) * size, base.data() + (n - 1) * size,
                            size_t(size)) == 0);
          kept_ends += want != base;
        }
      }
    }
  CHECK(moved_any > 100);  // the echoes move elements: equality of two no-ops proves nothing
  CHECK(kept_ends > 10);   // and with their ends kept too
}
