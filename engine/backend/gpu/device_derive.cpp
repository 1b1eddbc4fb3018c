#include "engine/backend/gpu/device_derive.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/backend/gpu/derive_source.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/worker_module.h"
#include "generators/nvrtc_compiler.h"

namespace solver::gpu {

namespace {

using generators::DType;

unsigned grid(int blocks, int64_t n) {
  return unsigned(std::max<int64_t>(1, std::min<int64_t>(blocks, (n + 255) / 256)));
}

// The probe's values in `d`: ordinary magnitudes of both signs, zeros, values that the scale
// down pushes into the format's subnormals (where rounding differs between careless
// implementations) and the scale up past its maximum.
std::vector<unsigned char> probe(DType d, int64_t n) {
  std::vector<unsigned char> out(size_t(n) * generators::dtype_size(d));
  uint64_t x = 0x70726f6265ULL;
  for (int64_t i = 0; i < n; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    double mant = double(x >> 11) / double(1ULL << 53);  // [0, 1)
    int e = int((x >> 3) % 48) - 30;                     // 2^-30 .. 2^17
    double v = (i % 97 == 0) ? 0.0 : std::ldexp(0.5 + mant, e) * ((x & 1) ? -1 : 1);
    switch (d) {
      case DType::F32: {
        float f = float(v);
        std::memcpy(out.data() + i * 4, &f, 4);
        break;
      }
      case DType::F64:
        std::memcpy(out.data() + i * 8, &v, 8);
        break;
      case DType::F16: {
        uint16_t h = half_bits(v);
        std::memcpy(out.data() + i * 2, &h, 2);
        break;
      }
      default: {
        uint16_t h = bf16_bits(v);
        std::memcpy(out.data() + i * 2, &h, 2);
        break;
      }
    }
  }
  return out;
}

}  // namespace

DeviceDerive::DeviceDerive(const std::string& arch, const generators::CompileCache* cache)
    : count_(sizeof(unsigned long long)) {
  const std::vector<std::string> options = derive_options(arch);
  generators::CompileResult compiled =
      generators::nvrtc_compile_cached(derive_source(), "solver_derive.cu", options, arch, cache);
  module_ = load_worker_module(compiled, "the derivation kernels do");
  CU_CHECK(cuModuleGetFunction(&scale_, module_, "solver_scale_pow2"));
  CU_CHECK(cuModuleGetFunction(&heavy_, module_, "solver_heavy_signed"));
  CU_CHECK(cuModuleGetFunction(&flips_, module_, "solver_sign_flips"));
  CU_CHECK(cuModuleGetFunction(&flip_byte_, module_, "solver_flip_byte"));
  CU_CHECK(cuModuleGetFunction(&perturb_redraw_, module_, "solver_perturb_redraw"));
  CU_CHECK(cuModuleGetFunction(&perturb_relabel_, module_, "solver_perturb_relabel"));
  CU_CHECK(cuModuleGetFunction(&perturb_resample_, module_, "solver_perturb_resample"));
  CU_CHECK(cuModuleGetFunction(&perturb_segments_, module_, "solver_perturb_segments"));
  CU_CHECK(cuModuleGetFunction(&echo_, module_, "solver_echo"));
  blocks_ = grid_stride_blocks();
  self_check();
}

DeviceDerive::~DeviceDerive() {
  if (module_) cuModuleUnload(module_);
}

void DeviceDerive::apply(const generators::ResolvedBuffer& b, CUdeviceptr p,
                         const BufferTransform& t, CUstream stream, size_t element_bytes) const {
  if (t.op == TransformOp::Echo) {  // every dtype: elements are copied whole
    long long n = b.elements;
    int size = int(element_bytes ? element_bytes : generators::dtype_size(b.dtype));
    if (n < 2 || size <= 0) return;
    int family = int(t.echo.family), parity = t.echo.parity, keep_ends = t.echo.keep_ends;
    // The judging key (second_look.h): the keyed classes, echo_keyed_class's (0: the public ones).
    unsigned long long block = t.echo.block, cls = t.echo.cls, key = t.echo.key;
    void* args[] = {&p, &n, &size, &family, &block, &parity, &cls, &keep_ends, &key};
    CU_CHECK(cuLaunchKernel(echo_, grid(blocks_, n), 1, 1, 256, 1, 1, 0, stream, args, nullptr));
    CU_CHECK(cuStreamSynchronize(stream));
    return;
  }
  if (t.op == TransformOp::Redrawn) {  // every dtype, as apply_perturbation
    perturb(b, p, t.redraw, stream);
    CU_CHECK(cuStreamSynchronize(stream));
    return;
  }
  auto type = derive_type(b.dtype);
  if (!type || b.elements <= 0) return;  // the host functions leave such buffers alone too
  long long n = b.elements;
  int code = int(*type);
  unsigned blocks = grid(blocks_, n);
  if (t.op == TransformOp::ScalePow2) {
    double factor = std::ldexp(t.negate ? -1.0 : 1.0, t.e);
    void* args[] = {&p, &n, &code, &factor};
    CU_CHECK(cuLaunchKernel(scale_, blocks, 1, 1, 256, 1, 1, 0, stream, args, nullptr));
  } else if (t.op == TransformOp::HeavySigned || t.op == TransformOp::HeavyMagnitude ||
             t.op == TransformOp::HeavyKept) {
    unsigned long long seed = t.seed;
    int absolute = t.op == TransformOp::HeavyMagnitude ? 1 : t.op == TransformOp::HeavyKept ? 2 : 0;
    long long sparse = t.op == TransformOp::HeavySigned ? 0 : (long long)t.sparse;
    void* args[] = {&p, &n, &code, &seed, &absolute, &sparse};
    CU_CHECK(cuLaunchKernel(heavy_, blocks, 1, 1, 256, 1, 1, 0, stream, args, nullptr));
  } else {
    int size = int(generators::dtype_size(b.dtype));
    unsigned long long seed = t.seed;
    CUdeviceptr count = count_.ptr();
    CU_CHECK(cuMemsetD8Async(count, 0, sizeof(unsigned long long), stream));
    void* args[] = {&p, &n, &size, &seed, &count};
    CU_CHECK(cuLaunchKernel(flips_, blocks, 1, 1, 256, 1, 1, 0, stream, args, nullptr));
    unsigned long long flipped = 0;
    CU_CHECK(cuMemcpyDtoHAsync(&flipped, count, sizeof flipped, stream));
    CU_CHECK(cuStreamSynchronize(stream));
    if (flipped == 0) {
      // As sparse_sign_flips: at least one, at the seeded position (input_sets.cpp's mix is
      // splitmix64 with its increment; draw(seed, -1) is not it, so it is computed here).
      uint64_t z = t.seed + 0x9e3779b97f4a7c15ULL;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      z ^= z >> 31;
      long long offset = (long long)(z % uint64_t(n)) * size + size - 1;
      void* one[] = {&p, &offset};
      CU_CHECK(cuLaunchKernel(flip_byte_, 1, 1, 1, 32, 1, 1, 0, stream, one, nullptr));
    }
  }
  CU_CHECK(cuStreamSynchronize(stream));
}

void DeviceDerive::perturb(const generators::ResolvedBuffer& b, CUdeviceptr p,
                           const Perturbation& t, CUstream stream, bool as_double) const {
  if (b.elements <= 0) return;
  long long n = b.elements;
  if (t.op == PerturbOp::Redraw) {
    int type = perturb_type(b.dtype), wide = as_double, law = int(t.law);
    unsigned long long seed = t.seed, range = t.range, threshold = t.threshold, cells = t.cells,
                       plant = t.plant_mask, phase = t.phase;
    double a = t.a, scale = t.scale, centre2 = t.centre2;
    long long lo = t.lo;
    int reflect = t.reflect, iid = t.iid, deep = t.deep;
    long long top_at = t.top_at, bottom_at = t.bottom_at;
    long long cls_stride = t.cls_stride, cls_phase = t.cls_phase;
    unsigned long long cls_mask = t.cls_mask, cls_lo = t.cls_lo;
    void* args[] = {&p,   &n,      &type,      &wide,  &seed,       &law,       &a,        &scale,
                    &lo,  &range,  &threshold, &cells, &plant,      &phase,     &reflect,  &centre2,
                    &iid, &top_at, &bottom_at, &deep,  &cls_stride, &cls_phase, &cls_mask, &cls_lo};
    CU_CHECK(cuLaunchKernel(perturb_redraw_, grid(blocks_, n), 1, 1, 256, 1, 1, 0, stream, args,
                            nullptr));
  } else if (t.op == PerturbOp::Conjugate || t.op == PerturbOp::Pairs) {
    int type = perturb_type(b.dtype), wide = as_double, subset = t.subset;
    unsigned long long pair_key = t.pair_key, value_key = t.value_key;
    void* args[] = {&p, &n, &type, &wide, &pair_key, &value_key, &subset};
    CU_CHECK(cuLaunchKernel(perturb_relabel_, grid(blocks_, n / 2 + 1), 1, 1, 256, 1, 1, 0, stream,
                            args, nullptr));
  } else if (t.op == PerturbOp::Segments) {
    int type = perturb_type(b.dtype), wide = as_double;
    unsigned long long seed = t.seed;
    long long block = t.block;
    void* args[] = {&p, &n, &type, &wide, &seed, &block};
    CU_CHECK(cuLaunchKernel(perturb_segments_, grid(blocks_, n / block + 1), 1, 1, 128, 1, 1, 0,
                            stream, args, nullptr));
  } else if (t.op == PerturbOp::Resample) {
    int type = perturb_type(b.dtype), wide = as_double;
    unsigned long long seed = t.seed;
    long long block = t.block;
    int degrees = t.degrees;
    void* args[] = {&p, &n, &type, &wide, &seed, &block, &degrees};
    CU_CHECK(cuLaunchKernel(perturb_resample_, grid(blocks_, n), 1, 1, 256, 1, 1, 0, stream, args,
                            nullptr));
  }
}

void DeviceDerive::self_check() {
  // 4099 elements: not a multiple of a block, a word or the flips' 1 in 256.
  constexpr int64_t kProbe = 4099;
  const DType types[] = {DType::F32, DType::F64, DType::F16, DType::BF16};
  for (DType d : types) {
    generators::ResolvedBuffer b;
    b.name = "probe";
    b.dtype = d;
    b.elements = kProbe;
    b.bytes = kProbe * int64_t(generators::dtype_size(d));
    b.role = generators::BufferRole::In;
    const std::vector<unsigned char> base = probe(d, kProbe);
    std::vector<BufferTransform> cases(5);
    cases[0].op = cases[1].op = cases[2].op = TransformOp::ScalePow2;
    cases[0].e = 17;                             // up: f16 overflows to inf
    cases[1].e = -17, cases[1].negate = true;    // down: into f16/bf16 subnormals
    cases[2].e = -130, cases[2].negate = false;  // far down: f32 subnormals and zeros
    cases[3].op = TransformOp::HeavySigned, cases[3].seed = 0x68656176ULL;
    cases[4].op = TransformOp::SignFlips, cases[4].seed = 0x666c6970ULL;
    BufferTransform magnitude;
    magnitude.op = TransformOp::HeavyMagnitude, magnitude.seed = 0x68656176ULL;
    cases.push_back(magnitude);
    BufferTransform kept;
    kept.op = TransformOp::HeavyKept, kept.seed = 0x68656176ULL;
    cases.push_back(kept);
    kept.sparse = magnitude.sparse = 16;  // the sparse kept set and its magnitudes
    cases.push_back(kept);
    cases.push_back(magnitude);
    // A 7-element buffer too, where no element is drawn for a flip and the one seeded flip
    // is made instead (sparse_sign_flips' "at least one").
    BufferTransform few;
    few.op = TransformOp::SignFlips;
    few.seed = 0x666577ULL;
    cases.push_back(few);
    DeviceBuffer dev(base.size());
    for (size_t c = 0; c < cases.size(); ++c) {
      const BufferTransform& t = cases[c];
      if (c + 1 == cases.size()) b.elements = 7, b.bytes = 7 * int64_t(generators::dtype_size(d));
      const std::vector<unsigned char> input(base.begin(), base.begin() + b.bytes);
      std::vector<unsigned char> want = input, got(input.size());
      CU_CHECK(cuMemcpyHtoD(dev.ptr(), input.data(), input.size()));
      if (t.op == TransformOp::ScalePow2)
        scale_pow2(b, want.data(), t.e, t.negate);
      else if (t.op == TransformOp::HeavySigned)
        heavy_signed(b, want.data(), t.seed);
      else if (t.op == TransformOp::HeavyMagnitude)
        heavy_magnitude(b, want.data(), t.seed, t.sparse);
      else if (t.op == TransformOp::HeavyKept)
        heavy_kept(b, want.data(), t.seed, t.sparse);
      else
        sparse_sign_flips(b, want.data(), t.seed);
      apply(b, dev.ptr(), t, nullptr);
      CU_CHECK(cuMemcpyDtoH(got.data(), dev.ptr(), got.size()));
      if (got != want) {
        size_t at = 0;
        while (at < got.size() && got[at] == want[at]) ++at;
        throw std::runtime_error(std::string("the device derivation disagrees with the host on ") +
                                 generators::to_string(d) + " (transform " +
                                 std::to_string(int(t.op)) + ", e " + std::to_string(t.e) +
                                 ", element " + std::to_string(at / generators::dtype_size(d)) +
                                 ")");
      }
    }
  }
  // The timed runs' perturbation: redraws of every law on every dtype (and into a float64
  // copy, as the reference's in-out copy), the plans the worker makes, and pairs, against
  // apply_perturbation.
  for (DType d : {DType::F32, DType::F64, DType::F16, DType::BF16, DType::I32, DType::U64}) {
    generators::ResolvedBuffer b;
    b.name = "probe";
    b.dtype = d;
    b.elements = kProbe;
    b.role = generators::BufferRole::InOut;
    const size_t size = generators::dtype_size(d);
    std::vector<unsigned char> base(size_t(kProbe) * 8);
    uint64_t x = 0x7065727475726265ULL;
    for (auto& c : base) c = (unsigned char)((x = x * 6364136223846793005ULL + 1) >> 56);
    std::vector<Perturbation> cases;
    const bool fl = bool(derive_type(d));
    // An integer buffer's float64 copy holds its integers as doubles: the wide probe is those
    // values, not raw bytes (a random double converted to an integer is undefined behaviour,
    // answered differently by the host and the device: this self-check failed live on every
    // H200 worker from the cycle's conjugation, and the worker fell back to one element a run).
    std::vector<unsigned char> wide_base(base.size());
    if (!fl)
      for (int64_t i = 0; i < kProbe; ++i) {
        double v = 0;
        if (size == 4) {
          uint32_t u;
          std::memcpy(&u, base.data() + size_t(i) * 4, 4);
          v = d == DType::I32 ? double(int32_t(u)) : double(u);
        } else {
          uint64_t u;
          std::memcpy(&u, base.data() + size_t(i) * 8, 8);
          v = d == DType::I64 ? double(int64_t(u) >> 12) : double(u >> 12);  // exact in a double
        }
        std::memcpy(wide_base.data() + size_t(i) * 8, &v, 8);
      }
    for (const char* kind :
         {"uniform", "normal", "randint", "mask", "permutation", "cycle", "sorted", "csr_rowptr"}) {
      const std::string k = kind;
      b.init = {kind, k == "mask" ? 0.3 : -3.0, 1e6};
      if (fl && k != "uniform" && k != "normal" && k != "randint" && k != "sorted") continue;
      generators::ResolvedVariant v;
      v.buffers = {b};
      for (const Perturbation& p : timed_perturbations(v, 0x5eedULL + uint64_t(d)))
        cases.push_back(p);
      if (k == "uniform" || k == "normal" || k == "randint")  // law mode: P6l's strata (h28v)
        for (const Perturbation& p : timed_perturbations(v, 0x5eedULL + uint64_t(d), false, true))
          cases.push_back(p);
      if (k == "uniform") {  // a law on [0, b): the shrink towards 0 (P6c); dist_fixed: i.i.d.
        v.buffers[0].init = {kind, 0.0, 5.0};
        for (const Perturbation& p : timed_perturbations(v, 0x5eedULL + uint64_t(d)))
          cases.push_back(p);
        v.buffers[0].dist_fixed = true;
        for (const Perturbation& p : timed_perturbations(v, 0x5eedULL + uint64_t(d)))
          cases.push_back(p);
      }
    }
    if (!fl) {
      Perturbation every = cases.front();
      every.lo = std::numeric_limits<int64_t>::min(), every.range = 0;  // every 64-bit value
      cases.push_back(every);
    }
    DeviceBuffer dev(base.size());
    for (const Perturbation& c : cases)
      for (bool wide : {false, true}) {
        const size_t bytes = size_t(kProbe) * (wide ? 8 : size);
        const std::vector<unsigned char>& from = wide && !fl ? wide_base : base;
        std::vector<unsigned char> want(from.begin(), from.begin() + long(bytes)), got(bytes);
        CU_CHECK(cuMemcpyHtoD(dev.ptr(), want.data(), bytes));
        apply_perturbation(b, want.data(), c, wide);
        perturb(b, dev.ptr(), c, nullptr, wide);
        CU_CHECK(cuStreamSynchronize(nullptr));
        CU_CHECK(cuMemcpyDtoH(got.data(), dev.ptr(), bytes));
        if (got != want)
          throw std::runtime_error(std::string("the timed perturbation on the device disagrees "
                                               "with the host on ") +
                                   generators::to_string(d) + (wide ? " as float64" : "") +
                                   " (op " + std::to_string(int(c.op)) + ", law " +
                                   std::to_string(int(c.law)) + ")");
      }
  }
  // The lint's echoes (echo_map.h): every family on 2-, 4- and 8-byte elements, on an odd
  // count (a last element without a partner) and on a count that is not a multiple of a block.
  for (DType d : {DType::F16, DType::F32, DType::F64, DType::U32}) {
    for (int64_t n : {kProbe, int64_t(1) << 12}) {
      generators::ResolvedBuffer b;
      b.name = "probe";
      b.dtype = d;
      b.elements = n;
      const size_t size = generators::dtype_size(d);
      std::vector<unsigned char> base(size_t(n) * size);
      uint64_t x = 0x6563686fULL + uint64_t(n);
      for (auto& c : base) c = (unsigned char)((x = x * 6364136223846793005ULL + 1) >> 56);
      std::vector<EchoMap> maps;
      for (uint64_t block : {1, 2, 8, 128})
        for (int parity : {0, 1}) maps.push_back(EchoMap{EchoFamily::Positions, block, parity, 0});
      for (EchoFamily f : {EchoFamily::Contiguous, EchoFamily::Hashed, EchoFamily::Strided})
        for (uint64_t cls : {0, 5, 31}) maps.push_back(EchoMap{f, 1, 1, cls});
      maps.push_back(EchoMap{EchoFamily::Strided, 1, 1, 255});
      // A csr_rowptr's echoes (sample_lint.h buffer_echo): its first and last elements kept.
      for (int parity : {0, 1}) maps.push_back(EchoMap{EchoFamily::Positions, 1, parity, 0, true});
      maps.push_back(EchoMap{EchoFamily::Hashed, 1, 1, 5, true});
      // The second look's keyed classes (echo_keyed_class): two keys, the hashed and strided
      // families (over several runs of 256 pairs: each run's keyed offset), a contiguous map
      // with a key (which takes none), and ends kept.
      for (uint64_t key : {0x9a7c3e11ULL, 0xfedcba9876543210ULL}) {
        for (uint64_t cls : {0, 5, 31})
          maps.push_back(EchoMap{EchoFamily::Hashed, 1, 1, cls, false, key});
        for (uint64_t cls : {0, 77, 255})
          maps.push_back(EchoMap{EchoFamily::Strided, 1, 1, cls, false, key});
        maps.push_back(EchoMap{EchoFamily::Contiguous, 1, 1, 7, false, key});
        maps.push_back(EchoMap{EchoFamily::Strided, 1, 1, 3, true, key});
      }
      DeviceBuffer dev(base.size());
      for (const EchoMap& m : maps) {
        BufferTransform t;
        t.op = TransformOp::Echo;
        t.echo = m;
        std::vector<unsigned char> want = base, got(base.size());
        CU_CHECK(cuMemcpyHtoD(dev.ptr(), base.data(), base.size()));
        apply_echo(m, want.data(), uint64_t(n), size, 1);
        apply(b, dev.ptr(), t, nullptr);
        CU_CHECK(cuMemcpyDtoH(got.data(), dev.ptr(), got.size()));
        if (got != want)
          throw std::runtime_error(std::string("the device echo disagrees with the host on ") +
                                   generators::to_string(d) + " (family " +
                                   std::to_string(int(m.family)) + ", block " +
                                   std::to_string(m.block) + ", class " + std::to_string(m.cls) +
                                   (m.keep_ends ? ", ends kept" : "") + (m.key ? ", keyed" : "") +
                                   ", " + std::to_string(n) + " elements)");
      }
    }
  }
  checked_ =
      "f32, f64, f16, bf16 x 7 transforms, " + std::to_string(kProbe) +
      " and 7 elements; the timed perturbation (every law and structure, native and float64) on "
      "f32, f64, f16, bf16, i32, u64; the lint's echoes (every family, ends kept too, the second "
      "look's keyed classes) on 2-, 4- and 8-byte elements";
}

}  // namespace solver::gpu
