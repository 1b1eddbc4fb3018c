// P7k, "launch k is launch 1" (generators/module_state.h): the gate's carried-state check. Only
// a module with module data pays (Prepared::module_memory: a `__device__` variable, a writable
// `__constant__` bank, an asm-scoped `.global`); the rest of the worker still reloads such a module
// before every run it times, so this check is what ties those first launches to a caller's later
// ones. Cost, where it runs: one module load, the seven runs of carried_state_runs() each with its
// output check (set 0's reference, and set 1's, both made before the candidate ran), and four
// readings of the module's variables (the device digest of `.nv.global*` variables: one pass over
// their bytes each; `__constant__` banks, and everything without the digest, read back).
#include <random>
#include <set>

#include "engine/backend/gpu/keyed_digest.h"
#include "engine/backend/gpu/pinned_bytes.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"
#include "generators/module_state.h"

namespace solver::gpu {

using engine::GateResult;
using engine::GateStatus;

generators::ModuleSnapshot Worker::module_snapshot(const Prepared& p,
                                                   std::vector<std::string>& unread) {
  PhaseScope scope("module_snapshot");
  generators::ModuleSnapshot out;
  static const uint64_t host_key = std::random_device{}() * 0x9e3779b97f4a7c15ULL + 1;
  const DeviceDigest* digest = device_digest();
  for (const auto& sym : p.module_symbols) {
    CUdeviceptr ptr = 0;
    size_t bytes = 0;
    if (!p.module->global(sym.name, &ptr, &bytes)) {
      unread.push_back(sym.name);
      continue;
    }
    // The device digest reads `.nv.global*` memory; a `__constant__` bank (64 KiB at most) is
    // read back, as the driver copies it, rather than loaded by a kernel from its address.
    if (digest && sym.section.rfind(".nv.global", 0) == 0) {
      out[sym.name] = (*digest)(ptr, bytes, ctx_->stream());
    } else {
      PinnedBytes host;
      host.resize(bytes);
      if (bytes) CU_CHECK(cuMemcpyDtoH(host.data(), ptr, bytes));
      out[sym.name] = keyed_digest(host.data(), bytes, host_key);
    }
  }
  return out;
}

bool Worker::carried_state_check(Prepared& p, GateResult& g, std::string& note) {
  note.clear();
  if (!p.module_memory || p.buffers->sets() < 2) return true;
  reload(p);
  std::vector<generators::ModuleSnapshot> snaps;
  std::vector<std::string> unread;
  const auto& runs = generators::carried_state_runs();
  for (size_t r = 0; r < runs.size(); ++r) {
    const int set = runs[r].set;
    if (set != 0) p.buffers->copy_inputs(set, 0, ctx_->stream());
    run_variant(p, 0, "carried-state run");
    const std::string when = "P7k: run " + std::to_string(r + 1) + " of " +
                             std::to_string(runs.size()) +
                             " after one module load, on the state the earlier runs left";
    const bool ok = check_outputs(p, 0, g, when, set);
    if (set != 0) p.buffers->restore_inputs(0);
    if (!ok) return false;
    if (runs[r].snapshot) {
      std::vector<std::string> missed;
      snaps.push_back(module_snapshot(p, missed));
      if (unread.empty()) unread = missed;
    }
  }
  std::map<std::string, std::string> changed;
  for (const auto& pair : generators::settle_pairs())
    for (const auto& name : generators::changed_variables(snaps.at(size_t(pair.a)),
                                                          snaps.at(size_t(pair.b))))
      changed.emplace(name, pair.what);
  const generators::CarriedStateVerdict v = generators::judge_carried_state(p.module_ptx, changed);
  if (!v.refusal.empty()) {
    g.status = GateStatus::InvalidSpec;
    g.detail = v.refusal;
    return false;
  }
  note = v.note;
  if (!unread.empty()) {
    std::string names;
    for (const auto& n : unread) names += (names.empty() ? "" : ", ") + n;
    note += (note.empty() ? "" : "; ") + std::string("module state not read (P7k): ") + names +
            " (the loaded module gives no variable of that name)";
  }
  return true;
}

}  // namespace solver::gpu
