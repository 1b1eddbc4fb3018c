#include "engine/backend/gpu/scratch_resolution.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <thread>
#include <vector>

#include "generators/ptx_precision.h"

namespace solver::gpu {

using generators::BufferRole;
using generators::DType;

namespace {

uint64_t splitmix(uint64_t& s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

template <typename T>
T moved(T x, double factor, const generators::InitDist& law, bool uniform) {
  T y = T(double(x) * factor);
  if (uniform) {
    const T lo = T(law.a), hi = T(law.b);
    if (y < lo) y = std::max(lo, x < lo ? x : lo);
    if (!(y < hi)) y = x < hi ? std::nextafter(hi, lo) : x;  // the largest value below b
  }
  return y;
}

std::string fixed(double v, int digits) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(digits);
  o << v;
  return o.str();
}

// A whole number of magnitude at most kMaxDiscreteWord, read as the float of the word's width.
bool discrete_word(uint32_t w) {
  float f;
  std::memcpy(&f, &w, 4);
  return std::fabs(f) <= kMaxDiscreteWord && f == std::nearbyint(f);
}
bool discrete_word(uint64_t w) {
  double f;
  std::memcpy(&f, &w, 8);
  return std::fabs(f) <= double(kMaxDiscreteWord) && f == std::nearbyint(f);
}
// The same for 16-bit words: BF16 is the top half of an FP32 word; FP16 (1 + 10 bits, bias 15)
// is whole within 256 where its exponent is at most 8 and the fraction bits below the point
// are zero.
bool discrete_half(uint16_t w) {
  const uint32_t mag = w & 0x7fffu, e = mag >> 10, frac = mag & 0x3ffu;
  if (mag == 0) return true;
  if (e < 15 || e > 23) return false;  // below 1 (or subnormal), or above 256 (and Inf, NaN)
  if (e == 23) return frac == 0;       // 256 itself
  return (frac & ((1u << (10 - (e - 15))) - 1)) == 0;
}
bool discrete_bf16(uint16_t w) { return discrete_word(uint32_t(w) << 16); }
int64_t steps(uint32_t a, uint32_t b) { return step_distance(a, b); }
int64_t steps(uint64_t a, uint64_t b) { return step_distance64(a, b); }
int64_t steps(uint16_t a, uint16_t b) { return step_distance16(a, b); }
// How far `to` lies from `from` on their format's line of steps (sign-magnitude: step_distance's
// line), signed, as a double. The difference is taken on the integers before any conversion: an
// FP64 word's place on the line is a 63-bit magnitude, which a double holds only to 512-1024 steps
// (an ordinary value's bits are near 2^62), so a difference of two converted places was off by up
// to a thousand steps, and an honest word the coarse move carried 512-2,000 steps was called out
// of proportion (review39). Exact wherever |difference| < 2^53.
template <typename W>
double moved(W from, W to) {
  constexpr int top = 8 * int(sizeof(W)) - 1;
  const W sign = W(W(1) << top);
  const W mf = W(from & ~sign), mt = W(to & ~sign);
  const bool nf = (from & sign) != 0, nt = (to & sign) != 0;
  if (nf == nt) {  // one side of zero: the magnitudes' difference, then the side's sign
    const double d = mt >= mf ? double(W(mt - mf)) : -double(W(mf - mt));
    return nt ? -d : d;
  }
  const double across = double(mf) + double(mt);  // through zero: both magnitudes
  return nt ? -across : across;
}

// count_resolution over words of type W (uint16_t: FP16 or BF16 by `discrete`, uint32_t: FP32,
// uint64_t: FP64), judged where the coarse move carried them `min_steps` steps.
template <typename W, typename Discrete>
ResolutionCounts count_words(const unsigned char* a_pre, const unsigned char* a,
                             const unsigned char* fine_pre, const unsigned char* fine,
                             const unsigned char* coarse_pre, const unsigned char* coarse,
                             size_t bytes, int64_t min_steps, double ratio, Discrete discrete) {
  ResolutionCounts c;
  auto word = [](const unsigned char* p, size_t o) {
    W w;
    std::memcpy(&w, p + o, sizeof(W));
    return w;
  };
  for (size_t o = 0; o + sizeof(W) <= bytes; o += sizeof(W)) {
    ++c.words;
    const W wa = word(a, o), wf = word(fine, o), wc = word(coarse, o);
    // unwritten by some run (its garbage left), or independent of the move
    if (wa == word(a_pre, o) || wf == word(fine_pre, o) || wc == word(coarse_pre, o) || wa == wc)
      continue;
    if (discrete(wa) && discrete(wc)) {
      ++c.discrete;
      c.discrete_unresolved += wa == wf;
      continue;
    }
    if (steps(wa, wc) < min_steps) {
      ++c.still;
      c.still_unresolved += wa == wf;
      continue;
    }
    ++c.judged;
    if (wa == wf) {
      ++c.unresolved;
      continue;
    }
    // The fine move is `ratio` times the coarse one at the same signs: a word that carries its
    // value moves by about `ratio` times the coarse move's steps (proportional), a word kept at a
    // coarser quantum moves by whole quanta whatever the move (red team 38: a jittered rounding
    // changes it under every move, by quanta, not in proportion).
    const double expect = ratio * moved(wa, wc);
    if (std::fabs(moved(wa, wf) - expect) >
        double(kProportionSteps) + kProportionSlack * std::fabs(expect)) {
      ++c.unresolved;
      ++c.disproportionate;
    }
  }
  return c;
}

}  // namespace

bool movable_input(const generators::ResolvedBuffer& b) {
  return (b.dtype == DType::F32 || b.dtype == DType::F64) && !b.dist_fixed && b.elements > 0 &&
         (b.role == BufferRole::In || b.role == BufferRole::InOut) &&
         (b.init.kind == "uniform" || b.init.kind == "normal");
}

int resolution_word_bytes(DType d) {
  switch (d) {
    case DType::F16:
    case DType::BF16:
      return 2;
    case DType::F32:
    case DType::I32:
    case DType::U32:
      return 4;
    case DType::F64:
    case DType::I64:
    case DType::U64:
      return 8;
  }
  return 0;
}

const char* resolution_format(DType d) {
  if (d == DType::F16) return "FP16";
  if (d == DType::BF16) return "BF16";
  return resolution_word_bytes(d) == 8 ? "FP64" : "FP32";
}

DType stored_format(DType dtype, int stored_bytes) {
  if (resolution_word_bytes(dtype) == 2) return dtype;
  if (stored_bytes == 4) return DType::F32;
  if (stored_bytes == 8) return DType::F64;
  return resolution_word_bytes(dtype) == 8 ? DType::F64 : DType::F32;
}

std::string write_only_left_out(const std::vector<std::string>& names) {
  if (names.empty()) return {};
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  return "written only (no load, returning atomic or escaped address reads it in any entry, so "
         "nothing it holds reaches an output): " +
         list;
}

ResolutionMoves resolution_moves(DType d, const std::string& judged_class) {
  if (d == DType::F16 || d == DType::BF16) {
    const bool bf16 = d == DType::BF16 || judged_class == "bf16";
    const int fine = bf16 ? kFineBitsBF16 : kFineBitsFP16;
    return ResolutionMoves{fine, fine - kCoarseGap16, kMinCoarseSteps16, bf16 ? 8 : 11,
                           bf16 ? "BF16" : "FP16"};
  }
  ResolutionMoves m;
  m.format = resolution_format(d);
  if (resolution_word_bytes(d) == 8 && judged_class == "fp64") {  // helper fix40s
    m.fine_bits = kFineBitsFP64;
    m.min_coarse_steps = int64_t(1) << (1 + kFineBitsFP64 - m.coarse_bits);
    m.significand_bits = 53;
  }
  return m;
}

ResolutionScope resolution_scope(const generators::ResolvedVariant& v, size_t module_arrays) {
  ResolutionScope s;
  const std::string cls = generators::judged_class(v.precision);
  const bool wide = cls == "fp32" || cls == "fp64";
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    const auto& b = v.buffers[i];
    s.movable |= movable_input(b);
    // every dtype has a format (resolution_format): 16-bit ones under their own moves, and under
    // a 16-bit class only they (scr38)
    if (b.role == BufferRole::Scratch && b.elements > 0 &&
        (wide || resolution_word_bytes(b.dtype) == 2))
      s.measured.push_back(i);
  }
  s.claims = ((wide || cls == "fp16" || cls == "bf16") && !s.measured.empty()) ||
             (wide && module_arrays > 0);
  if (!s.claims) return s;
  if (!s.movable)
    s.left_out =
        "no scratch word measured, no input the moves change (f32 or f64, role in or inout, not "
        "dist_fixed, drawn uniform or normal)";
  return s;
}

bool resolution_applies(const generators::ResolvedVariant& v) {
  const ResolutionScope s = resolution_scope(v);
  return s.claims && s.movable && !s.measured.empty();
}

void relative_move(const generators::ResolvedBuffer& b, unsigned char* data, int bits,
                   uint64_t seed) {
  if (!movable_input(b) || !data) return;
  const double d = std::ldexp(1.0, -bits);
  const bool uniform = b.init.kind == "uniform";
  const uint64_t key = seed ^ 0x7265736f6c766521ULL;
  // Each element's sign from a hash of (key, index): the same bytes whatever the thread count.
  auto part = [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      uint64_t s = key ^ (uint64_t(i) * 0xd1b54a32d192ed03ULL);
      const double factor = 1 + d * ((splitmix(s) & 1) ? 1.5 : 0.5);
      if (b.dtype == DType::F32) {
        float x;
        std::memcpy(&x, data + 4 * i, 4);
        x = moved(x, factor, b.init, uniform);
        std::memcpy(data + 4 * i, &x, 4);
      } else {
        double x;
        std::memcpy(&x, data + 8 * i, 8);
        x = moved(x, factor, b.init, uniform);
        std::memcpy(data + 8 * i, &x, 8);
      }
    }
  };
  const int64_t n = b.elements;
  const int threads =
      n < (int64_t(1) << 20) ? 1 : int(std::clamp(std::thread::hardware_concurrency(), 1u, 16u));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(part, n * t / threads, n * (t + 1) / threads);
  part(0, n / threads);
  for (auto& th : pool) th.join();
}

ResolutionCounts count_resolution(const unsigned char* a_pre, const unsigned char* a,
                                  const unsigned char* fine_pre, const unsigned char* fine,
                                  const unsigned char* coarse_pre, const unsigned char* coarse,
                                  size_t bytes, int word_bytes) {
  return count_resolution(a_pre, a, fine_pre, fine, coarse_pre, coarse, bytes,
                          word_bytes == 8 ? DType::F64 : DType::F32);
}

ResolutionCounts count_resolution(const unsigned char* a_pre, const unsigned char* a,
                                  const unsigned char* fine_pre, const unsigned char* fine,
                                  const unsigned char* coarse_pre, const unsigned char* coarse,
                                  size_t bytes, DType as) {
  return count_resolution(a_pre, a, fine_pre, fine, coarse_pre, coarse, bytes, as,
                          resolution_moves(as));
}

ResolutionCounts count_resolution(const unsigned char* a_pre, const unsigned char* a,
                                  const unsigned char* fine_pre, const unsigned char* fine,
                                  const unsigned char* coarse_pre, const unsigned char* coarse,
                                  size_t bytes, DType as, const ResolutionMoves& m) {
  const double ratio = std::ldexp(1.0, m.coarse_bits - m.fine_bits);
  auto words = [&](auto word, auto discrete) {
    return count_words<decltype(word)>(a_pre, a, fine_pre, fine, coarse_pre, coarse, bytes,
                                       m.min_coarse_steps, ratio, discrete);
  };
  switch (resolution_word_bytes(as)) {
    case 2:
      return as == DType::BF16 ? words(uint16_t{}, discrete_bf16)
                               : words(uint16_t{}, discrete_half);
    case 8:
      return words(uint64_t{}, [](uint64_t w) { return discrete_word(w); });
    default:
      return words(uint32_t{}, [](uint32_t w) { return discrete_word(w); });
  }
}

int64_t step_distance(uint32_t a, uint32_t b) {
  auto line = [](uint32_t w) { return (w & 0x80000000u) ? -int64_t(w & 0x7fffffffu) : int64_t(w); };
  const int64_t d = line(a) - line(b);
  return d < 0 ? -d : d;
}

int64_t step_distance16(uint16_t a, uint16_t b) {
  return step_distance(uint32_t(a & 0x7fffu) | (uint32_t(a & 0x8000u) << 16),
                       uint32_t(b & 0x7fffu) | (uint32_t(b & 0x8000u) << 16));
}

int64_t step_distance64(uint64_t a, uint64_t b) {
  // sign-magnitude onto a line, the difference saturated at INT64_MAX (opposite signs far apart)
  const uint64_t ma = a & 0x7fffffffffffffffULL, mb = b & 0x7fffffffffffffffULL;
  const bool na = a >> 63, nb = b >> 63;
  uint64_t d;
  if (na == nb)
    d = ma > mb ? ma - mb : mb - ma;
  else if (__builtin_add_overflow(ma, mb, &d))
    d = UINT64_MAX;
  return d > uint64_t(INT64_MAX) ? INT64_MAX : int64_t(d);
}

double changed_share(const double* base, const double* moved, size_t n) {
  int64_t finite = 0, changed = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!std::isfinite(base[i]) || !std::isfinite(moved[i])) continue;
    ++finite;
    changed += base[i] != moved[i];
  }
  return finite ? double(changed) / double(finite) : 0.0;
}

OutputResponse most_responsive(const std::vector<OutputResponse>& outputs) {
  OutputResponse best;
  for (const auto& o : outputs)
    if (best.output.empty() || o.share > best.share) best = o;
  return best;
}

bool smooth_problem(const OutputResponse& r) {
  return !r.output.empty() && r.share >= kSmoothShare;
}

double resolved_bits(double u, int fine_bits, int significand_bits) {
  const double p = std::max(1.0 - u, 1e-9);
  return std::min(double(significand_bits), std::log2(p) + fine_bits);
}

std::string resolution_verdict(const ResolutionCounts& c, const std::string& buffers,
                               const std::string& declared, DType dtype) {
  return resolution_verdict(c, buffers, declared, dtype,
                            resolution_moves(dtype, generators::judged_class(declared)));
}

std::string resolution_verdict(const ResolutionCounts& c, const std::string& buffers,
                               const std::string& declared, DType dtype,
                               const ResolutionMoves& m) {
  if (c.judged < kMinJudgedWords) return {};
  const double u = double(c.unresolved) / double(c.judged);
  if (u <= kUnresolvedBar) return {};
  const std::string format = m.format;
  const bool own =
      dtype == DType::F32 || dtype == DType::F64 || dtype == DType::F16 || dtype == DType::BF16;
  const std::string word = resolution_format(dtype);
  const std::string as = std::string(generators::to_string(dtype)) +
                         (!own             ? ", its words read as " + word
                          : word != format ? ", judged at " + format + "'s resolution (the class)"
                                           : "");
  const char* ulps = format == "FP64"   ? (m.fine_bits == kFineBitsFP64
                                              ? "16-32 ulps of an FP64 value"
                                              : "about 2^34 ulps of an FP64 value")
                     : format == "FP32" ? "16-32 ulps of an FP32 value"
                     : format == "FP16" ? "1-6 ulps of an FP16 value"
                                        : "1-6 ulps of a BF16 value";
  return "scratch " + buffers + " (" + as +
         ") does not resolve its values at the declared class '" + declared +
         "': a relative move of 2^-" + std::to_string(m.fine_bits) + " of the inputs (" + ulps +
         ") left " + std::to_string(c.unresolved) + " of the " + std::to_string(c.judged) +
         " stored words (" + fixed(100 * u, 1) + "%) that a move of 2^-" +
         std::to_string(m.coarse_bits) + " changes as they were" +
         (c.disproportionate ? " or moved them out of proportion to it (" +
                                   std::to_string(c.disproportionate) + " words)"
                             : std::string()) +
         " (at most " + fixed(100 * kUnresolvedBar, 0) + "% for values stored as " + format +
         "): the words hold about " + fixed(resolved_bits(u, m.fine_bits, m.significand_bits), 1) +
         " bits of each value, a narrower format than " + format +
         " kept in memory (fixed point, a packed or rounded mantissa); declare the class the code "
         "keeps (and a problem tolerance that allows it), or keep the scratch at " +
         format +
         (own ? ""
              : " (integer indices that the move shifts by 512 or more look the same to this "
                "measurement: docs/reliability.md \"Red team 35's P4m holes closed\")");
}

bool scratch_holds_fp32(const ResolutionCounts& wide) {
  return wide.judged >= kMinJudgedWords && resolution_verdict(wide, "", "fp32").empty();
}

std::string module_array_unreadable(const std::string& name, const std::string& declared) {
  return "scratch module array " + name +
         " could not be read back from the loaded module (no symbol of that name), so whether it "
         "holds values at the declared class '" +
         declared +
         "' cannot be measured: module memory a run's launches can keep intermediates in is "
         "judged as scratch; declare it at module scope (a __device__ array) or as a scratch "
         "buffer of the problem";
}

}  // namespace solver::gpu
