#include "generators/param_types.h"

#include "generators/kernel_scaffold.h"

namespace solver::generators {

namespace {

int bytes_of(const std::string& dtype) {
  if (dtype == "f64" || dtype == "i64" || dtype == "u64") return 8;
  if (dtype == "f16" || dtype == "bf16") return 2;
  if (dtype == "u8" || dtype == "i8") return 1;
  return 4;
}
bool is_float(const std::string& dtype) { return dtype[0] == 'f' || dtype[0] == 'b'; }

const char* c_type_of(const std::string& dtype) {
  if (dtype == "f32") return "float";
  if (dtype == "f64") return "double";
  if (dtype == "i64") return "long long";
  if (dtype == "u64") return "unsigned long long";
  if (dtype == "u32") return "unsigned int";
  return "int";
}

}  // namespace

std::vector<std::string> param_type_mismatches(const ResolvedVariant& rv) {
  std::vector<std::string> out;
  if (rv.source_text.empty()) return out;
  KernelFileScan scan = scan_kernel_file(rv.source_text);
  const bool reference = rv.variant == "__reference__";
  const std::string who = reference ? "reference" : rv.key;
  for (const auto& launch : rv.launches) {
    const ScannedKernel* k = nullptr;
    for (const auto& s : scan.kernels)
      if (s.name == launch.entry && !s.is_template) k = &s;
    if (!k) continue;  // not found as written (templates, macros): the compile says more
    if (k->params.size() != launch.args.size()) {
      out.push_back(who + ": " + launch.entry + " takes " + std::to_string(k->params.size()) +
                    " parameter(s) but the launch passes " + std::to_string(launch.args.size()) +
                    " (args: in problem.yaml)");
      continue;
    }
    for (std::size_t i = 0; i < k->params.size(); ++i) {
      const KernelParam& p = k->params[i];
      const ResolvedArg& a = launch.args[i];
      std::string param = "parameter " + std::to_string(i + 1) + " '" + p.type + " " + p.name + "'";
      if (a.kind == ResolvedArg::Kind::Scalar) {
        std::string dt = to_string(rv.scalars.at(a.index).dtype);
        if (p.pointer)
          out.push_back(who + ": " + launch.entry + " " + param +
                        " is a pointer but takes scalar " + a.name + " (" + dt + ")");
        else if (!p.dtype.empty() && p.vector_width == 1 &&
                 (bytes_of(p.dtype) != bytes_of(dt) || is_float(p.dtype) != is_float(dt)))
          out.push_back(who + ": " + launch.entry + " " + param + " takes scalar " + a.name +
                        ", an " + dt + " passed as " + std::to_string(bytes_of(dt)) +
                        " bytes: declare it " + c_type_of(dt));
      } else if (a.kind == ResolvedArg::Kind::Buffer && !p.pointer && !p.dtype.empty()) {
        out.push_back(who + ": " + launch.entry + " " + param + " is no pointer but takes buffer " +
                      a.name);
      } else if (a.kind == ResolvedArg::Kind::Buffer && reference && p.pointer &&
                 !p.dtype.empty()) {
        // The reference writes its outputs in float64 (a 64-bit integer `out` in its own type:
        // resolve_reference). Declared in the buffer's own type, it writes floats where the
        // comparison reads doubles, and every check fails against garbage, however right the
        // reference's arithmetic (corpus_fresh10's first live run).
        const ResolvedBuffer& b = rv.buffers.at(std::size_t(a.index));
        if (b.role != BufferRole::Out && b.role != BufferRole::InOut) continue;
        const std::string want = to_string(b.dtype);
        const bool int64 = want == "i64" || want == "u64";
        const bool ok = int64 ? (p.dtype == "i64" || p.dtype == "u64") : p.dtype == want;
        if (!ok)
          out.push_back(who + ": " + launch.entry + " " + param + " takes output " + a.name +
                        ", which the reference writes as " +
                        (int64 ? std::string("64-bit integers") : std::string("float64")) +
                        ": declare it " +
                        (int64 ? std::string("long long* or unsigned long long*")
                               : std::string(c_type_of(want)) + "*") +
                        " (the reference runs in float64: docs/problem-format.md)");
      }
    }
  }
  return out;
}

}  // namespace solver::generators
