// What the PC sampling pass (issue 31, docs/pc_sampling.md) derives from a line-info cubin and can
// reuse: the source line of each PC asked for (one cuptiGetSassToSourceCorrelation call per
// distinct PC per cubin, ever) and the cubin's disassembly, parsed per function. Keyed by the
// sha256 of the cubin, so a kernel profiled again (the next round's incumbent, the same variant
// in another request of the worker) costs lookups only. Host code: the CUPTI call and the
// disassembler are handed in, so the memo and the per-line summary are tested without a GPU.
#pragma once
#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "profiling/pc_lines.h"
#include "profiling/sass_deps.h"
#include "profiling/sass_inline.h"

namespace solver::profiling {

// One cubin's memo. Not thread-safe by itself: PcModuleCache hands it to one user at a time
// (the worker's background preparation, then the pass, one after the other), except that a
// preparation the pass stopped waiting for runs on in the background while a later one of the
// same cubin may start: each preparation holds `prep_mutex` while it fills the disassembly.
struct PcModule {
  std::mutex prep_mutex;
  std::string key;  // sha256 of the cubin
  // (function, PC offset) -> its line ("" / 0: the table has none; remembered all the same).
  std::map<std::pair<std::string, uint64_t>, LineRef> lines;
  uint64_t lookups = 0, misses = 0;  // misses: PCs handed to the line-table reader
  // The disassembly of the whole cubin, or why there is none; `disassembled`: tried (a cubin
  // the disassembler failed on is not tried again).
  bool disassembled = false;
  std::optional<std::string> sass;
  std::string sass_note;
  std::map<std::string, std::vector<SassInstr>> instrs;  // parsed from `sass` per function
  // Inlined code's call sites (nvdisasm -gi, read with the disassembly; empty: none or no tool).
  InlineChains inline_chains;
  std::string inline_note;
  const std::vector<SassInstr>& function_sass(const std::string& function);
};

// A Locate through `m`'s memo: `read` is asked only for a (function, PC) `m` has not seen.
Locate cached_locate(PcModule& m, Locate read);

// At most `max_modules` cubins, least recently used out first.
class PcModuleCache {
 public:
  explicit PcModuleCache(size_t max_modules = 64) : max_(max_modules) {}
  // The memo of `cubin`, made empty on first use.
  std::shared_ptr<PcModule> module(const std::string& cubin);
  size_t size() const;

 private:
  mutable std::mutex mutex_;
  size_t max_;
  std::list<std::shared_ptr<PcModule>> lru_;  // most recent first
};

// One record per (function, PC offset), samples added: successive GetData rounds of one range
// may report a PC again. Order: function, then offset.
// Records CUPTI named with a stale function name (a function of a module loaded where an
// unloaded one was, measured live): where no record of `pcs` with samples is named `function`,
// the records whose cubin CRC is `crc` (the sampled cubin's), all of one function index, are
// renamed `function`. Returns the names they had, "" where nothing was renamed.
std::string adopt_by_crc(std::vector<PcRecord>& pcs, const std::string& function, uint64_t crc);
std::vector<PcRecord> merge_pcs(std::vector<PcRecord> pcs);

// The per-kernel summary of a sampled range: `function`'s PCs of `pcs` (merged), their totals per
// stall reason, and the lines (aggregate_lines through `locate`). Fills out.kernel,
// total_samples, stall_totals and lines; returns `function`'s merged records (for the
// root-cause step).
std::vector<PcRecord> summarize_samples(const std::vector<PcRecord>& pcs,
                                        const std::string& function, const Locate& locate,
                                        const LineText& text, PcSampling& out);

}  // namespace solver::profiling
