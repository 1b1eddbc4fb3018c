// Red team 38 (issue 28): what the scratch-resolution step and tail37's clock scan are shown, on
// red team 38's folders, by the engine's own functions (docs/reliability.md "Red team, round 38").
// For each variant of each folder, at its default point: the step's scope (the worker's
// resolution_scope: the declared scratch buffers it reads, what it says it does not judge) beside
// the module memory the compiled PTX can keep between the launches of one run
// (generators::module_variables, the list the static scans follow values through), and, per
// .entry of the PTX (comments stripped, generators::ptx_entries), the special registers read that
// stay the same or move together across a round's runs: the clocks tail37's scan seeds
// (%globaltimer*, %clock*) and %gridid, which it does not; and whether an entry with no clock read
// loads module memory an entry with a clock read stores (a value relayed between launches); then
// this checkout's own scan_ptx_clock_work verdict (fix38t: the sources on the property).
//   ninja -C build red38_sim && build/tests/engine/red38_sim tests/cheats/redteam38_*
//     tests/cheats/control_redteam38_* tests/cheats/redteam36_clock_window_tail (one line)
// Needs NVRTC (compiles each variant as `problems check --compile-only` does); prints, no verdict.
// Each line ends with the PTX's sha256 (16 digits): with SOLVER_KERNELS_DIR naming another
// checkout's kernels/, whether a kernel-library edit moved a folder's code.
#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "engine/backend/gpu/scratch_resolution.h"
#include "generators/cubin_module_data.h"
#include "generators/kernel_library.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_clock_work.h"
#include "generators/ptx_entries.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_precision.h"
#include "generators/ptx_scan.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "rules/hash.h"

using namespace solver::generators;

namespace {

// `arrays`: the module-scope .global arrays the worker reads as scratch too (helper fix38s).
std::string scope_words(const ResolvedVariant& rv, const std::vector<std::string>& arrays) {
  const auto s = solver::gpu::resolution_scope(rv, arrays.size());
  if (!s.claims) return "claims nothing";
  std::string m;
  for (size_t i : s.measured) m += (m.empty() ? "" : ", ") + rv.buffers[i].name;
  const std::string cls = solver::generators::judged_class(rv.precision);
  if (cls == "fp32" || cls == "fp64")
    for (const auto& g : arrays) m += (m.empty() ? "module array " : ", module array ") + g;
  std::string w = s.movable && !m.empty() ? "reads [" + m + "]" : "reads nothing";
  if (!s.left_out.empty()) w += "; says \"not judged: " + s.left_out + "\"";
  return w;
}

// The module arrays the worker reads back, by their loaded names (helper wit39: a .global an asm
// block of a body declares is ptxas's $__<name>__<N>; Worker::prepare takes the same list).
std::vector<std::string> loaded_arrays(const CompileResult& c) {
  std::vector<std::string> out;
  for (const ModuleArray& a :
       module_arrays(scan_ptx_module_memory(c.ptx), cubin_global_symbols(c.cubin)))
    out.push_back(a.name);
  return out;
}

bool reads(std::string_view body, const char* reg) {
  for (std::size_t at = body.find(reg); at != std::string::npos; at = body.find(reg, at + 1)) {
    const char next = at + std::strlen(reg) < body.size() ? body[at + std::strlen(reg)] : ';';
    if (!std::isalnum(static_cast<unsigned char>(next)) && next != '_') return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (!nvrtc_available()) {
    std::printf("no NVRTC: %s\n", nvrtc_unavailable_reason().c_str());
    return 2;
  }
  const auto chips =
      solver::rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml");
  const auto& chip = *chips.find("h200");
  for (int a = 1; a < argc; ++a) {
    const ProblemSpec p = load_problem(argv[a]);
    for (const VariantSpec& v : p.variants) {
      auto rv = resolve(p, v, {}, chip);
      if (!rv.ok()) continue;
      const CompileResult c = compile_variant(rv, nullptr);
      if (!c.ok) {
        std::printf("%s %s: compile failed\n", p.name.c_str(), v.id.c_str());
        continue;
      }
      std::string mods;
      for (const auto& g : module_variables(c.ptx)) mods += (mods.empty() ? "" : ", ") + g;
      std::printf("%s %s: scratch step %s; module memory [%s]; PTX sha256 %.16s\n", p.name.c_str(),
                  v.id.c_str(), scope_words(rv, loaded_arrays(c)).c_str(), mods.c_str(),
                  solver::rules::sha256_hex(c.ptx).c_str());
      const std::string clean = strip_ptx_comments(c.ptx);
      bool clock_stores = false;
      for (const PtxEntry& e : ptx_entries(clean)) {
        const bool clock = reads(e.body, "%globaltimer") || reads(e.body, "%globaltimer_lo") ||
                           reads(e.body, "%globaltimer_hi") || reads(e.body, "%clock") ||
                           reads(e.body, "%clock64") || reads(e.body, "%clock_hi");
        const bool gridid = reads(e.body, "%gridid");
        bool loads_module = false, stores_module = false;
        for (const auto& g : module_variables(c.ptx)) {
          loads_module |= e.body.find("ld.") != std::string::npos && reads(e.body, g.c_str());
          stores_module |= e.body.find("st.") != std::string::npos && reads(e.body, g.c_str());
        }
        if (clock && stores_module) clock_stores = true;
        std::printf("  entry %s: reads a clock tail37 seeds: %s; reads %%gridid: %s; %s\n",
                    e.name.c_str(), clock ? "yes" : "no", gridid ? "yes" : "no",
                    !clock && loads_module && clock_stores
                        ? "loads module memory an earlier entry stored a clock value to"
                        : (clock && stores_module ? "stores a clock value to module memory" : ""));
      }
      // This checkout's clock scan (fix38t: on the property; tail37's on the list above).
      const ClockWork w = scan_ptx_clock_work(c.ptx);
      std::printf("  this checkout's clock scan: %s\n",
                  w.found
                      ? ("refuses: in " + w.entry + ", " + w.what + " from " + w.sources).c_str()
                      : "passes");
    }
  }
  return 0;
}
