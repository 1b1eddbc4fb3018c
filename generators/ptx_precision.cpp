#include "generators/ptx_precision.h"

#include "generators/ptx_compensated.h"
#include "generators/ptx_memo.h"
#include "generators/ptx_scan.h"

#include <cctype>
#include <string_view>
#include <vector>

namespace solver::generators {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

enum class Fmt { None, F16, BF16, TF32, FP8, Int, F64, F32, Other };

Fmt format_of(std::string_view t) {
  if (t == "f16" || t == "f16x2") return Fmt::F16;
  if (t == "bf16" || t == "bf16x2") return Fmt::BF16;
  if (t == "tf32") return Fmt::TF32;
  if (starts_with(t, "e4m3") || starts_with(t, "e5m2") || starts_with(t, "e2m1") ||
      starts_with(t, "e2m3") || starts_with(t, "e3m2") || starts_with(t, "ue8m0"))
    return Fmt::FP8;
  if (t == "s8" || t == "u8" || t == "s4" || t == "u4" || t == "b1") return Fmt::Int;
  if (t == "f64") return Fmt::F64;
  if (t == "f32") return Fmt::F32;
  if (t == "s32" || t == "u32" || t == "s64" || t == "u64" || t == "s16" || t == "u16")
    return Fmt::Other;
  return Fmt::None;
}

// tcgen05.mma names its operand kind in an operand-like suffix (".kind::f16").
Fmt tcgen05_kind(std::string_view stmt) {
  auto k = stmt.find("kind::");
  if (k == std::string_view::npos) return Fmt::F16;
  std::string_view kind = stmt.substr(k + 6);
  if (starts_with(kind, "tf32")) return Fmt::TF32;
  if (starts_with(kind, "f8") || starts_with(kind, "mxf8") || starts_with(kind, "mxf4"))
    return Fmt::FP8;
  if (starts_with(kind, "i8")) return Fmt::Int;
  return Fmt::F16;  // kind::f16 covers f16 and bf16 operands; both are half formats
}

void count_mma(PtxPrecision& p, Fmt f) {
  switch (f) {
    case Fmt::F16:
      ++p.mma_f16;
      break;
    case Fmt::BF16:
      ++p.mma_bf16;
      break;
    case Fmt::TF32:
      ++p.mma_tf32;
      break;
    case Fmt::FP8:
      ++p.mma_fp8;
      break;
    case Fmt::Int:
      ++p.mma_int;
      break;
    case Fmt::F64:
      ++p.mma_f64;
      break;
    default:
      break;
  }
}

void classify(PtxPrecision& p, std::string_view stmt) {
  std::string_view op = ptx_opcode(stmt);
  if (op.empty()) return;
  auto t = ptx_opcode_parts(op);
  const std::string_view head = t[0];
  bool mma = starts_with(op, "mma.sync") || starts_with(op, "mma.sp") ||
             starts_with(op, "wmma.mma") || starts_with(op, "wgmma.mma_async");
  if (mma || starts_with(op, "tcgen05.mma"))
    for (std::size_t i = 1; i < t.size(); ++i)
      if (t[i] == "sp" || starts_with(t[i], "sp::")) {
        ++p.mma_sparse;
        break;
      }
  if (starts_with(op, "tcgen05.mma")) {
    count_mma(p, tcgen05_kind(stmt));
    return;
  }
  if (mma) {
    // The lowest operand format named wins (f32 accumulators are no evidence either way).
    Fmt found = Fmt::None;
    for (const Fmt want : {Fmt::FP8, Fmt::Int, Fmt::F16, Fmt::BF16, Fmt::TF32, Fmt::F64})
      for (std::size_t i = 1; i < t.size() && found == Fmt::None; ++i)
        if (format_of(t[i]) == want) found = want;
    if (found == Fmt::None && starts_with(op, "wmma.mma")) found = Fmt::F16;
    count_mma(p, found);
    return;
  }
  if (head == "dp4a" || head == "dp2a") {
    ++p.int_dot;
    return;
  }
  if (head == "cvt") {
    // cvt{.rnd}{.ftz}{.sat}{.relu}{.satfinite}.dtype.atype: the first two type tokens.
    std::vector<Fmt> types;
    for (std::size_t i = 1; i < t.size(); ++i)
      if (Fmt f = format_of(t[i]); f != Fmt::None) types.push_back(f);
    if (types.size() < 2 || types[0] == types[1]) return;
    if (types[0] == Fmt::F32 && types[1] == Fmt::F64) ++p.cvt_f32_from_f64;
    switch (types[0]) {
      case Fmt::F16:
        ++p.cvt_f16;
        break;
      case Fmt::BF16:
        ++p.cvt_bf16;
        break;
      case Fmt::TF32:
        ++p.cvt_tf32;
        break;
      case Fmt::FP8:
        ++p.cvt_fp8;
        break;
      default:
        break;
    }
    return;
  }
  static constexpr std::string_view kArith[] = {"add", "sub",  "mul",   "fma", "mad", "div",
                                                "rcp", "sqrt", "rsqrt", "ex2", "tanh"};
  bool arith = false;
  for (auto a : kArith) arith = arith || head == a;
  // Red team 11 (redteam11_f16x2_red_scatter): an addition made by the memory system rounds in
  // its format as an `add` does. Reductions and atomics (red, atom, multimem.red and
  // multimem.ld_reduce, cp.reduce.async.bulk) whose operation is `add` on a half format are
  // half-precision arithmetic; min, max, exch, cas and the bitwise operations compute nothing.
  if (!arith && (head == "red" || head == "atom" || head == "multimem" || head == "cp")) {
    bool add = false;
    for (std::size_t i = 1; i < t.size(); ++i) add = add || t[i] == "add";
    if (!add) return;
    if (head == "cp" && !(t.size() > 1 && t[1] == "reduce")) return;
    arith = true;
    // A tensor bulk reduction (cp.reduce.async.bulk.tensor ... .add) names no type: its
    // tensor map holds it. Counted here, given a format by the overload that knows the maps.
    bool tensor = false, typed = false;
    for (std::size_t i = 1; i < t.size(); ++i) {
      tensor = tensor || t[i] == "tensor";
      typed = typed || format_of(t[i]) != Fmt::None;
    }
    if (head == "cp" && tensor && !typed) {
      ++p.reduce_tensor_add;
      return;
    }
  }
  if (!arith) return;
  const bool rounding = head == "add" || head == "sub" || head == "mul" || head == "fma" ||
                        head == "mad" || head == "div";
  if (rounding && t.size() > 1 && format_of(t.back()) == Fmt::F32) ++p.arith_f32;
  if (rounding && t.size() > 1 && format_of(t.back()) == Fmt::F64) ++p.arith_f64;
  for (std::size_t i = 1; i < t.size(); ++i) {
    Fmt f = format_of(t[i]);
    if (f == Fmt::F16) {
      ++p.arith_f16;
      return;
    }
    if (f == Fmt::BF16) {
      ++p.arith_bf16;
      return;
    }
  }
}

}  // namespace

std::set<std::string> PtxPrecision::formats() const {
  std::set<std::string> out;
  if (mma_f16 || cvt_f16 || arith_f16) out.insert("f16");
  if (mma_bf16 || cvt_bf16 || arith_bf16) out.insert("bf16");
  if (mma_tf32 || cvt_tf32) out.insert("tf32");
  if (mma_fp8 || cvt_fp8) out.insert("fp8");
  if (mma_int) out.insert("int8");
  if (const std::string f = bit_narrowing.format(); !f.empty() && f != "fp32") out.insert(f);
  return out;
}

namespace {
// The statement counts, without the data flows.
PtxPrecision count_statements(const std::string& ptx) {
  PtxPrecision p;
  std::string clean = strip_ptx_comments(ptx);
  std::string_view rest(clean);
  while (!rest.empty()) {
    auto semi = rest.find_first_of(";{}\n");
    classify(p, rest.substr(0, semi));
    rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
  }
  return p;
}

// hon20: double-single arithmetic (ptx_compensated.h), counted only where it can matter (FP32
// and FP64 arithmetic both) and only where that scan saw every rounding FP32 instruction.
int compensated_fp32(const std::string& ptx, const PtxPrecision& p) {
  if (p.arith_f32 == 0 || p.arith_f64 == 0) return 0;
  const Fp32Compensation c = scan_fp32_compensation(ptx);
  return c.fp32_ops == p.arith_f32 && c.fp32_decisions == 0 ? c.compensated : 0;
}
}  // namespace

PtxPrecision scan_ptx_precision(const std::string& ptx) {
  PtxPrecision p = count_statements(ptx);
  p.f32_compensated = compensated_fp32(ptx, p);
  if (p.cvt_bf16) p.bf16_computed = narrowed_values_computed(ptx, FloatParams{}, 1);
  if (p.cvt_f16) p.f16_computed = narrowed_values_computed(ptx, FloatParams{}, 2);
  if (p.cvt_fp8) p.fp8_computed = narrowed_values_computed(ptx, FloatParams{}, 3);
  p.bit_narrowing = scan_bit_narrowing(ptx, FloatParams{});
  return p;
}

namespace {
// fp32_arith_to_buffers of a large PTX, kept for the process and on disk (ptx_memo.h,
// ptx_facts_store.h): the scan reads the PTX alone and is most of the gate's code scans on a
// large module.
int fp32_arith_to_buffers_memo(const std::string& ptx, bool decided) {
  return ptx_memo_kept<int>(
      ptx, decided ? "/decided" : "/all", "fp32_arith_to_buffers",
      [&] { return fp32_arith_to_buffers(ptx, decided); }, [](int v) { return nlohmann::json(v); },
      [](const nlohmann::json& j) {
        return j.is_number_integer() ? std::optional<int>(j.get<int>()) : std::nullopt;
      });
}
}  // namespace

PtxPrecision scan_ptx_precision(const std::string& ptx, const FloatParams& params) {
  PtxPrecision p = count_statements(ptx);
  // With the launches' bindings the narrowed values are followed across launches too.
  if (p.cvt_bf16) p.bf16_computed = narrowed_values_computed(ptx, params, 1);
  if (p.cvt_f16) p.f16_computed = narrowed_values_computed(ptx, params, 2);
  if (p.cvt_fp8) p.fp8_computed = narrowed_values_computed(ptx, params, 3);
  if (p.mma_int > 0 || p.int_dot > 0) {
    const IntMmaProvenance prov = scan_int_mma_provenance(ptx, params);
    p.mma_int_honest = prov.honest;
    p.int_dot_honest = prov.honest_dot;
  }
  if (p.arith_f32 > 0) p.f32_to_buffers = fp32_arith_to_buffers_memo(ptx, false);
  if (p.arith_f32 > 0 && (p.arith_f64 > 0 || p.cvt_f32_from_f64 > 0))
    p.f32_decides_buffers = fp32_arith_to_buffers_memo(ptx, true);
  p.f32_compensated = compensated_fp32(ptx, p);
  p.bit_narrowing = scan_bit_narrowing(ptx, params);
  // Red team 11's residual: a tensor bulk reduction adds in its map's format. Which map an
  // instruction names is not followed; it counts in the narrowest half format any of the
  // variant's maps holds (none: FP32 or wider, no half arithmetic).
  if (p.reduce_tensor_add > 0) {
    if (params.map_dtypes.count(DType::F16))
      p.arith_f16 += p.reduce_tensor_add;
    else if (params.map_dtypes.count(DType::BF16))
      p.arith_bf16 += p.reduce_tensor_add;
  }
  return p;
}

std::string judged_class(const std::string& declared) {
  std::string k;
  for (char c : declared)
    if (std::isalnum(static_cast<unsigned char>(c)))
      k += char(std::tolower(static_cast<unsigned char>(c)));
  if (k == "fp64" || k == "f64" || k == "float64" || k == "double") return "fp64";
  if (k == "tf32" || k == "tensorfloat32") return "tf32";
  if (k == "bf16" || k == "bfloat16") return "bf16";
  if (k == "fp16" || k == "f16" || k == "float16" || k == "half") return "fp16";
  if (k == "int8" || k == "i8" || k == "s8" || k == "w8a8") return "int8";
  return "fp32";  // fp32 and every name the scan does not know: nothing below FP32 admitted
}

std::string precision_mismatch(const PtxPrecision& p, const std::string& declared,
                               const std::set<DType>& buffer_dtypes, bool fp64_measured) {
  // A class admits a lower format only by naming it (red team 5: a class the scan did not know,
  // "float32", "FP32" or "loose", was not judged at all, so an "fp32" GEMM done as BF16 MMAs
  // passed under a second spelling of fp32).
  const std::string judged = judged_class(declared);
  std::set<std::string> allowed;
  if (judged == "tf32")
    allowed = {"tf32"};
  else if (judged == "bf16")
    allowed = {"tf32", "bf16"};
  else if (judged == "fp16")
    allowed = {"tf32", "f16"};
  // hon19: the problem's author admits int8 computation (a tolerance class named int8): integer
  // dots and MMAs on operands the kernel quantised from floats (W8A8 with fused dynamic
  // activation quantisation), nothing in a half or FP8 format.
  else if (judged == "int8")
    allowed = {"int8"};
  // The problem's own storage formats may be converted to and multiplied on tensor cores.
  bool f16_data = buffer_dtypes.count(DType::F16) > 0,
       bf16_data = buffer_dtypes.count(DType::BF16) > 0;
  std::string out;
  auto found = [&](const char* fmt, int n, const char* what) {
    if (n == 0 || allowed.count(fmt)) return;
    out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  };
  found("f16", p.mma_f16, "FP16 tensor-core MMA(s)");
  found("bf16", p.mma_bf16, "BF16 tensor-core MMA(s)");
  found("tf32", p.mma_tf32, "TF32 tensor-core MMA(s)");
  found("fp8", p.mma_fp8, "FP8/FP6/FP4 tensor-core MMA(s)");
  // dp4a/dp2a multiply 8/16-bit integers: on a problem whose buffers are all floating point
  // the operands were quantised from its floats, below every float class (issue 28). They and
  // the integer MMAs are honest
  // on a problem with no float buffer at all, and on one with integer buffers when every
  // integer MMA multiplies values read from them, never values narrowed from floats in the
  // kernel, and accumulates in integers (ptx_int_provenance.h): an int8 W8A8 GEMM with float
  // per-channel scales is honest, the same IMMAs on float inputs quantised in the kernel
  // (Ozaki-style limbs, ~30x the FP32 rate) are not (red team 7 refused the former).
  bool integer_data = false, float_data = false;
  for (DType d : buffer_dtypes) {
    const bool i = d == DType::I32 || d == DType::U32 || d == DType::I64 || d == DType::U64;
    integer_data = integer_data || i;
    float_data = float_data || !i;
  }
  const bool integer_only = integer_data && !float_data;
  const bool int_mma_ok =
      integer_only || (integer_data && p.mma_int_honest >= p.mma_int) || allowed.count("int8") > 0;
  const bool int_dot_ok =
      integer_only || (integer_data && p.int_dot_honest >= p.int_dot) || allowed.count("int8") > 0;
  if (p.mma_int && !int_mma_ok)
    found("int8", p.mma_int,
          integer_data ? "integer tensor-core MMA(s) not shown to multiply the problem's integer "
                         "buffers (operands narrowed from float values in the kernel)"
                       : "integer tensor-core MMA(s) on a problem with no integer buffer");
  // A conversion to a buffer's own format is excused while its value is only stored (red team
  // 10's residual: a BF16 buffer used to excuse a round trip into FP32 arithmetic).
  // hon20: under int8 an FP16 round trip is admitted, computed on or not: it keeps 11
  // significant bits where the class's fixed-point round trips keep 8 (llama.cpp's q8_1 holds
  // each block's scale and sum as FP16). FP16 arithmetic and MMAs stay below the class.
  const bool f16_cvt_ok = (f16_data && !p.f16_computed) || judged == "int8";
  found("f16", f16_cvt_ok ? 0 : p.cvt_f16,
        p.f16_computed ? "conversion(s) to FP16 whose values are computed on"
                       : "conversion(s) to FP16");
  found("bf16", bf16_data && !p.bf16_computed ? 0 : p.cvt_bf16,
        p.bf16_computed ? "conversion(s) to BF16 whose values are computed on"
                        : "conversion(s) to BF16");
  found("tf32", p.cvt_tf32, "conversion(s) to TF32");
  // hon19: FP8 codes only stored into an integer buffer (the harness has no FP8 dtype) are a
  // quantiser's answer, compared exactly as a BF16 value stored into a BF16 buffer is; codes
  // computed on (widened back, a table lookup, a compare) are FP8 precision under any class.
  found("fp8", integer_data && !p.fp8_computed ? 0 : p.cvt_fp8,
        p.fp8_computed ? "conversion(s) to FP8 whose values are computed on"
                       : "conversion(s) to FP8");
  found("f16", p.arith_f16, "FP16 arithmetic instruction(s)");
  found("bf16", p.arith_bf16, "BF16 arithmetic instruction(s)");
  // Red team 14: a float's bits narrowed by integer code (no cvt, no half type) are below a
  // class as the format they make is; an FP64 kept to FP32's mantissa is below fp64 only.
  // hon19: under int8, floats quantised to integers of 8 bits or more and converted back after
  // integer arithmetic (fixed-point round trips only) are the class's own computation.
  const BitNarrowing& bn = p.bit_narrowing;
  const bool trips_only = bn.narrowed > 0 && bn.fixed_trips == bn.narrowed && bn.fixed_least >= 8;
  const bool int8_trips = judged == "int8" && trips_only;
  if (const std::string bits = p.bit_narrowing.format();
      !bits.empty() && !int8_trips && (bits == "fp32" ? judged == "fp64" : !allowed.count(bits)))
    out += (out.empty() ? "" : ", ") + p.bit_narrowing.describe();
  // Red team 10: an integer buffer of the problem (an index, a count) excused every dp4a,
  // quantised float operands included (redteam10_dp4a_beside_index); held to the IMMA rule.
  if (p.int_dot && !int_dot_ok)
    out += (out.empty() ? "" : ", ") + std::to_string(p.int_dot) +
           (integer_data ? " integer dot product(s) (dp4a/dp2a) not shown to multiply the "
                           "problem's integer buffers (operands narrowed from float values in "
                           "the kernel)"
                         : " integer dot product(s) (dp4a/dp2a) on a problem with no integer "
                           "buffer");
  // fp64: FP64 values narrowed to FP32 and then computed on in rounding FP32 arithmetic (an
  // FP32 seed of an FP64 Newton step, rsqrt.approx.f32 alone, is not that). Where no buffer
  // holds FP32 or narrower floats, rounding FP32 arithmetic has no values of its own to work
  // on: its operands were narrowed, by cvt or in integer code (red team 7:
  // redteam7_f64_bitcast_fp32 rebuilds each float from the double's bit fields, no cvt).
  bool narrow_float_data = false;
  for (DType d : buffer_dtypes)
    narrow_float_data = narrow_float_data || d == DType::F32 || d == DType::F16 || d == DType::BF16;
  // Red team 8: FP32 buffers excuse FP32 arithmetic only as a minority of the work. Where it
  // outnumbers the FP64 arithmetic (static counts in the PTX), the declared FP64 work is done
  // in FP32 whatever the operands came from (redteam8_f32in_fp64_tiles: FP32 inputs, an FP64
  // result, every product in FP32 tiles, no double ever narrowed).
  // Red team 9: static counts can be padded (dead DFMAs behind a test no launch passes,
  // redteam9_dead_f64_majority), so the flow decides too: under fp64 no buffer may receive a
  // value computed by rounding FP32 arithmetic.
  // Under a measured class the static `narrowed` rule gives way to the flow with implicit flows
  // (h28k: an FP32 prefilter whose region is re-tested in FP64 decides nothing an output holds
  // that the FP64 code would not; any other branch on FP32 results counts as its data flow).
  // hon20: double-single pairs (every rounding FP32 instruction compensated, no decision on an
  // FP32 value anywhere) are left to the measured bound: their results reach the buffers by
  // design, and with no FP32 compare what f32_decides_buffers counts is that data flow.
  const bool double_single =
      fp64_measured && p.f32_compensated > 0 && p.f32_compensated == p.arith_f32;
  const bool narrowed =
      fp64_measured ? p.f32_decides_buffers > 0 : p.cvt_f32_from_f64 || !narrow_float_data;
  if (judged == "fp64" && p.arith_f32 && !double_single &&
      (narrowed || p.arith_f32 > p.arith_f64 || p.f32_to_buffers > 0))
    out += (out.empty() ? "" : ", ") +
           (fp64_measured && p.f32_decides_buffers > 0 && p.f32_to_buffers == 0 &&
                    p.arith_f32 <= p.arith_f64
                ? std::to_string(p.f32_decides_buffers) +
                      " kernel(s) storing what branches on results of "
            : p.cvt_f32_from_f64
                ? std::to_string(p.cvt_f32_from_f64) + " conversion(s) from FP64 to FP32 and "
            : !narrow_float_data ? std::string("no FP32 buffer and ")
            : p.arith_f32 > p.arith_f64
                ? std::to_string(p.arith_f64) + " FP64 arithmetic instruction(s) against "
                : std::to_string(p.f32_to_buffers) + " kernel(s) storing results of ") +
           std::to_string(p.arith_f32) + " FP32 arithmetic instruction(s)";
  if (out.empty()) return "";
  // The class the code would pass under, if one does (FP8 has none; integer dots and MMAs on
  // operands quantised in the kernel pass only under int8, which admits no other format).
  auto f = p.formats();
  if (int_mma_ok) f.erase("int8");  // the problem's own integer arithmetic
  if (p.int_dot && !int_dot_ok) f.insert("int8");
  if (trips_only) {  // integer quantisation of 8 bits or more: int8's, not a float format's
    PtxPrecision typed = p;
    typed.bit_narrowing = BitNarrowing{};
    if (!typed.formats().count(bn.format())) f.erase(bn.format());
    f.insert("int8");
  }
  std::string hint;
  if (f == std::set<std::string>{"int8"}) {
    hint = "int8";
  } else if (!f.count("fp8") && !f.count("int8")) {
    if (f.empty())
      hint = "fp32";  // only FP64 narrowed to FP32 was found
    else if (!f.count("f16") && !f.count("bf16"))
      hint = "tf32";
    else if (!f.count("f16"))
      hint = "bf16";
    else if (!f.count("bf16"))
      hint = "fp16";
  }
  const std::string as = judged == declared ? "" : " (a class name judged as '" + judged + "')";
  return "declares precision '" + declared + "'" + as + " but its PTX has " + out +
         (hint.empty() || hint == judged
              ? ""
              : " (the code computes in " + hint + ": declare precision '" + hint +
                    "' with a tolerance class of that name)");
}

}  // namespace solver::generators
