#include "engine/eval/rekey.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include <unistd.h>
#include "engine/eval/pc_line_remap.h"
#include "generators/cubin_code.h"
#include "generators/external_process.h"
#include "generators/kernel_library.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/source_confinement.h"
#include "generators/variant_space.h"
#include "profiling/pc_lines.h"
#include "profiling/sass_inline.h"
#include "rules/outcome.h"
#include "rules/text_file.h"

namespace solver::engine {
namespace fs = std::filesystem;
namespace {

// One tree's view of a problem: its spec loaded with that tree's kernel library.
struct TreeProblem {
  const RekeyTree* tree = nullptr;
  std::optional<generators::ProblemSpec> spec;
  std::string error;
};

TreeProblem load(const RekeyTree& tree, const std::string& problem) {
  TreeProblem t;
  t.tree = &tree;
  generators::set_kernel_library_dir(tree.kernels);
  try {
    t.spec = generators::load_problem((fs::path(tree.problems) / problem).string());
  } catch (const std::exception& e) {
    t.error = e.what();
  }
  return t;
}

std::optional<generators::ResolvedVariant> resolve(const TreeProblem& t, const std::string& id,
                                                   const generators::KnobValues& knobs,
                                                   const rules::ChipProfile& chip) {
  if (!t.spec) return std::nullopt;
  const generators::VariantSpec* v = t.spec->find_variant(id);
  if (!v) return std::nullopt;
  generators::set_kernel_library_dir(t.tree->kernels);
  return generators::resolve(*t.spec, *v, knobs, chip);
}

// File name -> text of every local file a resolved variant's compile reads (its source and the
// headers it reaches); a name met twice with other text maps to nullopt (ambiguous).
std::map<std::string, std::optional<std::string>> local_files(
    const TreeProblem& t, const generators::ResolvedVariant& rv) {
  std::map<std::string, std::optional<std::string>> out;
  const generators::ProblemSpec& spec = *t.spec;
  generators::set_kernel_library_dir(t.tree->kernels);  // check_includes reads within it
  std::vector<std::string> dirs = generators::default_include_dirs(spec.dir);
  dirs.insert(dirs.end(), spec.library_dirs.begin(), spec.library_dirs.end());
  std::vector<std::string> headers;
  generators::check_includes(spec.dir, rv.source_path, dirs, &headers);
  headers.push_back(rv.source_path);
  for (const auto& h : headers) {
    std::optional<std::string> text = rules::try_read_text_file(h, 64u << 20);
    std::string name = fs::path(h).filename().string();
    auto [it, fresh] = out.emplace(name, text);
    if (!fresh && it->second != text) it->second = std::nullopt;
  }
  return out;
}

// "kernel.cu:41" -> "kernel.cu"; "" when there is no place.
std::string file_of(const std::string& where) {
  auto colon = where.rfind(':');
  return colon == std::string::npos ? where : where.substr(0, colon);
}

// The files whose text differs between the trees among those `pc` names ("" for none): a file
// of neither tree (a toolkit header such as mma.h) is the same file in both.
std::vector<std::string> moved_files(
    const profiling::PcSampling& pc,
    const std::map<std::string, std::optional<std::string>>& before,
    const std::map<std::string, std::optional<std::string>>& after) {
  std::set<std::string> named;
  for (const auto& l : pc.lines) {
    if (!l.file.empty()) named.insert(l.file);
    if (!l.via.empty()) named.insert(file_of(l.via));
  }
  for (const auto& c : pc.causes)
    if (!c.producer_where.empty()) named.insert(file_of(c.producer_where));
  std::vector<std::string> moved;
  for (const auto& f : named) {
    auto b = before.find(f);
    auto a = after.find(f);
    if (b == before.end() && a == after.end()) continue;
    if (b == before.end() || a == after.end() || !b->second || !a->second ||
        *b->second != *a->second)
      moved.push_back(f);
  }
  return moved;
}

// The toolkit's nvdisasm: $SOLVER_NVDISASM, $CUDA_HOME/bin, /usr/local/cuda/bin, else PATH.
std::string nvdisasm() {
  if (const char* e = std::getenv("SOLVER_NVDISASM"); e && *e) return e;
  std::error_code ec;
  for (const char* home : {static_cast<const char*>(std::getenv("CUDA_HOME")), "/usr/local/cuda"})
    if (home && *home && fs::is_regular_file(fs::path(home) / "bin" / "nvdisasm", ec))
      return (fs::path(home) / "bin" / "nvdisasm").string();
  return "nvdisasm";
}

// The line table of `rv` compiled with -lineinfo (every PC's frames), or why not.
rules::Outcome<profiling::InlineChains> line_table(const generators::ResolvedVariant& rv,
                                                   generators::CompileCache* cache) {
  generators::ResolvedVariant lined = rv;
  lined.nvrtc_options.push_back("-lineinfo");
  generators::CompileResult c = generators::compile_variant(lined, cache);
  if (!c.ok) return rules::Failure{"the line-info compile failed: " + c.error};
  std::error_code ec;
  static int serial = 0;
  fs::path file = fs::temp_directory_path(ec) / ("solver-rekey-" + std::to_string(::getpid()) +
                                                 "-" + std::to_string(++serial) + ".cubin");
  std::ofstream(file, std::ios::binary).write(c.cubin.data(), std::streamsize(c.cubin.size()));
  generators::ProcessLimits limits;
  limits.max_stdout = size_t{256} << 20;
  generators::ProcessResult p =
      generators::run_process({nvdisasm(), "-gi", "-c", file.string()}, "", limits);
  fs::remove(file, ec);
  if (!p.clean_exit())
    return rules::Failure{"nvdisasm (" + nvdisasm() +
                          ", or $SOLVER_NVDISASM) did not give the line table: " +
                          (p.started ? p.describe() : p.start_error)};
  return profiling::parse_pc_frames(p.out);
}

}  // namespace

std::vector<std::string> RekeyReport::problems_to_rerecord() const {
  std::set<std::string> out;
  for (const auto& c : changed) out.insert(c.substr(0, c.find(' ')));
  return {out.begin(), out.end()};
}

RekeyReport rekey_recording(Recording& rec, const RekeyTree& old_tree, const RekeyTree& new_tree,
                            const rules::ChipProfile& chip, generators::CompileCache* cache) {
  const std::string library_before = generators::kernel_library_dir();
  RekeyReport report;
  for (auto& [problem, rp] : rec.problems) {
    TreeProblem before = load(old_tree, problem);
    TreeProblem after = load(new_tree, problem);
    for (auto& [key, rv] : rp.variants) {
      const std::string where = problem + " " + key;
      if (!rv.gate || rv.gate->source_hash.empty()) {
        report.skipped.push_back(where + ": no recorded source hash");
        continue;
      }
      if (!after.spec) {
        report.skipped.push_back(where + ": the new tree's problem does not load: " + after.error);
        continue;
      }
      auto [id, knobs] = generators::parse_variant_key(key);
      auto now = resolve(after, id, knobs, chip);
      if (!now || !now->ok()) {
        report.skipped.push_back(where + ": not a resolvable point of the new tree's pool");
        continue;
      }
      if (now->source_hash == rv.gate->source_hash) {
        ++report.unchanged;
        continue;
      }
      auto was = resolve(before, id, knobs, chip);
      if (!was || !was->ok() || was->source_hash != rv.gate->source_hash) {
        report.skipped.push_back(where +
                                 ": the old tree does not hold the recorded source either "
                                 "(the recording was already stale there)");
        continue;
      }
      generators::CompileResult a = generators::compile_variant(*was, cache);
      generators::CompileResult b = generators::compile_variant(*now, cache);
      if (!a.ok || !b.ok) {
        report.skipped.push_back(where + ": the " + (a.ok ? "new" : "old") +
                                 " tree's compile failed: " + (a.ok ? b.error : a.error));
        continue;
      }
      std::string diff = generators::cubin_code_difference(a.cubin, b.cubin);
      if (!diff.empty()) {
        report.changed.push_back(where + ": " + diff);
        continue;
      }
      rv.gate->source_hash = now->source_hash;
      report.rekeyed.push_back(where);
      if (!rv.profile || !rv.profile->pc_sampling) continue;
      profiling::PcSampling& pc = *rv.profile->pc_sampling;
      std::vector<std::string> moved =
          moved_files(pc, local_files(before, *was), local_files(after, *now));
      if (moved.empty()) continue;
      std::string names;
      for (const auto& f : moved) names += (names.empty() ? "" : ", ") + f;
      // The moved text's lines, found again at the same instruction offsets in the new table.
      std::string why;
      auto table = line_table(*now, cache);
      if (table.ok()) {
        auto files = local_files(after, *now);
        why = remap_pc_lines(pc, table.value(), fs::path(now->source_path).filename().string(),
                             [&](const std::string& f, int line) {
                               auto it = files.find(f);
                               return it == files.end() || !it->second
                                          ? std::string()
                                          : profiling::line_text(*it->second, line);
                             });
        if (why.empty()) {
          report.lines_remapped.push_back(where + ": " + names);
          continue;
        }
      } else {
        why = table.error().why;
      }
      pc.lines.clear();
      pc.causes.clear();
      pc.detail += std::string(pc.detail.empty() ? "" : "; ") +
                   "source lines dropped when the recording was re-keyed (same code, but the "
                   "text of " +
                   names + " changed and the new line table could not place them: " + why +
                   "): re-record the point for its lines";
      report.lines_dropped.push_back(where + ": " + names);
    }
  }
  generators::set_kernel_library_dir(library_before);
  return report;
}

}  // namespace solver::engine
