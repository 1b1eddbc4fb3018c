#include "generators/module_state.h"

#include <algorithm>
#include <set>

#include "generators/cubin_module_data.h"
#include "generators/ptx_clock_work.h"
#include "generators/ptx_module_memory.h"

namespace solver::generators {

const std::vector<CarriedRun>& carried_state_runs() {
  // S S S F S F S: the first S from the load image; snapshots after the second and third S (a
  // repeat), then after each S that follows an F (the cycle of two inputs, twice).
  static const std::vector<CarriedRun> runs = {{0, false}, {0, true},  {0, true}, {1, false},
                                               {0, true},  {1, false}, {0, true}};
  return runs;
}

const std::vector<SettlePair>& settle_pairs() {
  static const std::vector<SettlePair> pairs = {
      {0, 1, "changed between two runs on the same input"},
      {2, 3, "changed between two runs on the same input, each after the same other input"}};
  return pairs;
}

std::vector<std::string> changed_variables(const ModuleSnapshot& a, const ModuleSnapshot& b) {
  std::vector<std::string> out;
  for (const auto& [name, digest] : a)
    if (auto it = b.find(name); it == b.end() || it->second != digest) out.push_back(name);
  for (const auto& [name, digest] : b)
    if (!a.count(name)) out.push_back(name);
  std::sort(out.begin(), out.end());
  return out;
}

CarriedStateVerdict judge_carried_state(std::string_view ptx,
                                        const std::map<std::string, std::string>& changed) {
  CarriedStateVerdict v;
  if (changed.empty()) return v;
  const std::set<std::string> fed = clock_fed_module_variables(ptx);
  const std::vector<std::string> vars = module_variables(std::string(ptx));
  std::set<std::string> carried;
  std::string listed, unknown;
  for (const auto& [symbol, what] : changed) {
    const std::string name = ptx_variable_name(symbol);
    if (fed.count(name)) continue;  // a relayed clock or %gridid: the clock scan's
    listed += (listed.empty() ? "" : "; ") + symbol + " " + what;
    if (std::find(vars.begin(), vars.end(), name) == vars.end())
      unknown += (unknown.empty() ? "" : ", ") + symbol;
    else
      carried.insert(name);
  }
  if (listed.empty()) return v;
  const char* property =
      " (P7k: the worker reloads the module before every run, so every run it times is the "
      "module's first launch; a caller's process keeps it loaded, and a value that still changes "
      "from run to run on one input is a launch count there)";
  if (!unknown.empty()) {
    v.refusal = "module state carried from launch to launch that the code scans cannot follow: " +
                listed + "; no module variable of the PTX is named " + unknown + property;
    return v;
  }
  const ClockWork w = scan_ptx_clock_work(ptx, carried);
  if (w.found) {
    v.refusal = "module state carried from launch to launch: " + listed + property + "; " +
                clock_work_refusal(w);
    return v;
  }
  v.note = "module state: " + listed + ", and decides no work (P7k)";
  return v;
}

}  // namespace solver::generators
