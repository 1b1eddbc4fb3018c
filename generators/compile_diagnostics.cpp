#include "generators/compile_diagnostics.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

#include "generators/ptx_scan.h"
#include "rules/diagnostics.h"

namespace solver::generators {

namespace {

// The advice for each libc name a kernel from a host-compiled collection tends to use. Checked
// against NVRTC 13: cuda/std headers exist (under include/cccl), <cmath> and friends do not.
struct LibcHint {
  const char* name;
  const char* advice;
};
constexpr LibcHint kNames[] = {
    {"INFINITY",
     "#include <cuda/std/cmath> (defines INFINITY and NAN), or CUDART_INF_F from "
     "<math_constants.h>"},
    {"NAN", "#include <cuda/std/cmath> (defines NAN), or CUDART_NAN_F from <math_constants.h>"},
    {"HUGE_VALF",
     "use INFINITY with #include <cuda/std/cmath>, or CUDART_INF_F from <math_constants.h>"},
    {"HUGE_VAL", "use CUDART_INF from <math_constants.h>"},
    {"M_PI",
     "use CUDART_PI (double) or CUDART_PI_F (float) from <math_constants.h>, or #define M_PI "
     "3.14159265358979323846"},
    {"M_PI_2", "use CUDART_PIO2 / CUDART_PIO2_F from <math_constants.h>"},
    {"M_E", "#define M_E 2.71828182845904523536 (NVRTC has no <math.h>)"},
    {"M_SQRT2", "use CUDART_SQRT_2 / CUDART_SQRT_2_F from <math_constants.h>"},
    {"M_SQRT1_2", "use CUDART_SQRT_HALF / CUDART_SQRT_HALF_F from <math_constants.h>"},
    {"M_2_SQRTPI", "use CUDART_2_OVER_SQRT_PI from <math_constants.h>"},
    {"M_LN2", "use CUDART_LN2 / CUDART_LN2_F from <math_constants.h>"},
    {"M_LOG2E", "use CUDART_L2E / CUDART_L2E_F from <math_constants.h>"},
    {"FLT_MAX",
     "use __FLT_MAX__ (a compiler macro) or cuda::std::numeric_limits<float>::max() from "
     "<cuda/std/limits>"},
    {"FLT_MIN",
     "use __FLT_MIN__ or cuda::std::numeric_limits<float>::min() from <cuda/std/limits>"},
    {"FLT_EPSILON",
     "use __FLT_EPSILON__ or cuda::std::numeric_limits<float>::epsilon() from <cuda/std/limits>"},
    {"DBL_MAX",
     "use __DBL_MAX__ or cuda::std::numeric_limits<double>::max() from <cuda/std/limits>"},
    {"DBL_EPSILON",
     "use __DBL_EPSILON__ or cuda::std::numeric_limits<double>::epsilon() from <cuda/std/limits>"},
    {"INT_MAX", "#include <cuda/std/climits>"},
    {"INT_MIN", "#include <cuda/std/climits>"},
    {"UINT_MAX", "#include <cuda/std/climits>"},
    {"LLONG_MAX", "#include <cuda/std/climits>"},
    {"assert", "#include <cuda/std/cassert>"},
    {"uint8_t", "#include <cuda/std/cstdint>"},
    {"uint16_t", "#include <cuda/std/cstdint>"},
    {"uint32_t", "#include <cuda/std/cstdint>"},
    {"uint64_t", "#include <cuda/std/cstdint>"},
    {"int8_t", "#include <cuda/std/cstdint>"},
    {"int16_t", "#include <cuda/std/cstdint>"},
    {"int32_t", "#include <cuda/std/cstdint>"},
    {"int64_t", "#include <cuda/std/cstdint>"},
    {"uintptr_t", "#include <cuda/std/cstdint>"},
};
// Host headers a kernel file includes, and what NVRTC offers instead.
constexpr LibcHint kHeaders[] = {
    {"cmath", "<cuda/std/cmath> (device math such as expf, fmaxf, isinf needs no header)"},
    {"math.h", "<cuda/std/cmath> (device math such as expf, fmaxf, isinf needs no header)"},
    {"cfloat", "<cuda/std/limits> (numeric_limits), or the compiler's __FLT_MAX__ family"},
    {"float.h", "<cuda/std/limits> (numeric_limits), or the compiler's __FLT_MAX__ family"},
    {"climits", "<cuda/std/climits>"},
    {"limits.h", "<cuda/std/climits>"},
    {"limits", "<cuda/std/limits>"},
    {"cassert", "<cuda/std/cassert> (assert itself is built in)"},
    {"assert.h", "<cuda/std/cassert> (assert itself is built in)"},
    {"cstdint", "<cuda/std/cstdint>"},
    {"stdint.h", "<cuda/std/cstdint>"},
    {"cstddef", "<cuda/std/cstddef>"},
    {"type_traits", "<cuda/std/type_traits>"},
    {"utility", "<cuda/std/utility>"},
    {"array", "<cuda/std/array>"},
    {"cstdio", "nothing: printf is built in; keep host code out of the kernel source"},
    {"stdio.h", "nothing: printf is built in; keep host code out of the kernel source"},
    {"cstdlib", "nothing for device code; keep host code out of the kernel source"},
    {"stdlib.h", "nothing for device code; keep host code out of the kernel source"},
    {"cuda_runtime.h", "nothing: NVRTC compiles device code only (the runtime API is host code)"},
    {"iostream",
     "nothing: host code stays out of the kernel source (solver problems new --from drops it)"},
    {"vector",
     "nothing: host code stays out of the kernel source (solver problems new --from drops it)"},
};

// The quoted word after `prefix` on each line of `log` that has it.
std::vector<std::string> quoted_after(const std::string& log, const std::string& prefix,
                                      const std::string& suffix) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while ((at = log.find(prefix, at)) != std::string::npos) {
    std::size_t open = at + prefix.size();
    std::size_t close = log.find('"', open);
    at = open;
    if (close == std::string::npos) break;
    if (log.compare(close + 1, suffix.size(), suffix) != 0) continue;
    out.push_back(log.substr(open, close - open));
  }
  return out;
}

}  // namespace

std::vector<std::string> ptx_entry_names(const std::string& ptx) {
  std::vector<std::string> out;
  std::string clean = strip_ptx_comments(ptx);
  std::size_t from = 0;
  while ((from = clean.find(".entry", from)) != std::string::npos) {
    std::size_t name = clean.find_first_not_of(" \t\r\n", from + 6);
    from += 6;
    if (name == std::string::npos) break;
    std::size_t end = clean.find_first_of(" \t\r\n(", name);
    out.push_back(clean.substr(name, end - name));
  }
  return out;
}

std::string demangled_base(const std::string& s) {
  if (s.rfind("_Z", 0) != 0) return s;
  std::size_t i = 2;
  bool nested = i < s.size() && s[i] == 'N';
  if (nested) ++i;
  std::vector<std::string> parts;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    std::size_t n = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
      n = n * 10 + std::size_t(s[i++] - '0');
    if (n == 0 || i + n > s.size()) return s;
    parts.push_back(s.substr(i, n));
    i += n;
    if (!nested) break;
  }
  if (parts.empty()) return s;
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "::") + p;
  return out;
}

std::string missing_entry_message(const std::string& entry,
                                  const std::vector<std::string>& entries) {
  std::string msg = "entry '" + entry + "' is not a kernel of the compiled module";
  std::vector<std::string> mangled;
  for (const auto& e : entries) {
    std::string base = demangled_base(e);
    std::string last = base.substr(base.rfind(':') == std::string::npos ? 0 : base.rfind(':') + 1);
    if (e != base && (base == entry || last == entry)) mangled.push_back(e);
  }
  if (!mangled.empty()) {
    msg += ": '" + entry + "' has C++ linkage, so the module names it ";
    for (std::size_t i = 0; i < mangled.size(); ++i)
      msg += (i ? ", " : "") + std::string("'") + mangled[i] + "'";
    msg +=
        "; declare it extern \"C\" __global__ (a template: give its mangled instantiation as "
        "entry), "
        "or set entry: " +
        mangled.front();
    return msg;
  }
  std::string best;
  std::size_t best_d = 3;
  for (const auto& e : entries)
    if (std::size_t d = rules::edit_distance(entry, demangled_base(e)); d < best_d)
      best_d = d, best = e;
  if (!best.empty()) msg += "; did you mean '" + best + "'?";
  if (entries.empty()) return msg + " (the module defines no __global__ function)";
  std::string list;
  for (const auto& e : entries)
    list += (list.empty() ? "" : ", ") + e +
            (demangled_base(e) != e ? " (" + demangled_base(e) + ")" : "");
  return msg + "; its kernels: " + list;
}

std::string check_launched_entries(const std::vector<std::string>& launched,
                                   const std::string& ptx) {
  std::vector<std::string> have = ptx_entry_names(ptx);
  std::string out;
  std::set<std::string> said;
  for (const auto& e : launched)
    if (std::find(have.begin(), have.end(), e) == have.end() && said.insert(e).second)
      out += (out.empty() ? "" : "\n") + missing_entry_message(e, have);
  return out;
}

std::string libc_hints(const std::string& log) {
  std::string out;
  std::set<std::string> said;
  for (const auto& name : quoted_after(log, "identifier \"", " is undefined")) {
    if (!said.insert(name).second) continue;
    for (const auto& h : kNames)
      if (name == h.name)
        out += "hint: '" + name + "' is a libc name NVRTC does not define: " + h.advice + "\n";
  }
  for (const auto& header : quoted_after(log, "cannot open source file \"", "")) {
    if (!said.insert("<" + header + ">").second) continue;
    for (const auto& h : kHeaders)
      if (header == h.name) out += "hint: NVRTC has no <" + header + ">: use " + h.advice + "\n";
  }
  return out;
}

}  // namespace solver::generators
