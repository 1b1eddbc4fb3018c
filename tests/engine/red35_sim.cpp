// Red team 35 (issue 28, P1, P4m): what main's include confinement and scratch-resolution step
// decide on red team 35's folders, by the engine's own functions (load_problem, check_includes,
// resolve_shapes, resolution_applies), and what NVRTC would open that the check never read.
// Prints; not a test. Built only when asked for:
//   ninja -C build red35_sim && build/tests/engine/red35_sim tests/cheats/redteam35_walk_cap_shadow
//     tests/cheats/redteam35_symlink_std_header tests/cheats/control_redteam35_*
// Per variant with a local source:
//  - "as loaded": check_includes with the variant's -I folders as the loader passes them (every
//    option kept, repeats too) plus its kernel-library folders: the refusals (0: it loads);
//  - "folders deduplicated": the same call with each folder once (a fix that deduplicates
//    folders): the refusals it would then find;
//  - the include-folder walk's listing replayed (the loop of check_includes: -I folders in
//    order, then the default include folders, 512 entries at most, repeats counted): entries
//    listed, distinct files, files never listed, and files listed but dropped because they
//    resolve outside the folder (a symlink out): what NVRTC may still open through a toolkit
//    header's <name> (CCCL's <version>);
//  - the scratch-resolution step (P4m, gate step 4a): whether main applies it to the variant
//    (`resolution_applies`, the worker's own predicate), and its scratch buffers' dtypes.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "engine/backend/gpu/scratch_resolution.h"
#include "generators/kernel_library.h"
#include "generators/problem_spec.h"
#include "generators/source_confinement.h"
#include "generators/variant_space.h"

namespace fs = std::filesystem;
using namespace solver::generators;

namespace {

bool within(const fs::path& p, const fs::path& root) {
  auto r = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
  return r.first == root.end();
}

void walk_listing(const std::string& dir, const std::vector<std::string>& include_dirs) {
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(dir, ec);
  std::vector<std::string> dirs = include_dirs;
  for (const auto& d : default_include_dirs(dir))
    if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
  const fs::path library = fs::weakly_canonical(kernel_library_dir(), ec);
  std::size_t listed = 0, seen_total = 0;
  std::set<fs::path> distinct, unlisted, outside;
  for (const auto& d : dirs) {
    const fs::path base = fs::weakly_canonical(d, ec);
    if (ec || within(base, library)) continue;
    fs::recursive_directory_iterator it(base, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code e2;
      if (!it->is_regular_file(e2)) continue;
      ++seen_total;
      const fs::path c = fs::weakly_canonical(it->path(), e2);
      if (listed < 512) {
        ++listed;
        if (!within(c, root))
          outside.insert(it->path());  // listed, then dropped: `!allowed(file)` -> continue
        else
          distinct.insert(c);
      } else if (!distinct.count(c)) {
        unlisted.insert(it->path());
      }
    }
  }
  for (const auto& p : unlisted) distinct.erase(p);
  std::printf(
      "    walk: %zu regular-file entries in the include folders (repeats counted), %zu "
      "listed (cap 512), %zu distinct listed inside the folder\n",
      seen_total, listed, distinct.size());
  for (const auto& p : unlisted)
    std::printf("    walk: NEVER LISTED (past the 512th entry): %s\n",
                p.lexically_relative(root).generic_string().c_str());
  for (const auto& p : outside)
    std::printf("    walk: DROPPED, resolves outside the folder: %s -> %s\n",
                p.lexically_relative(root).generic_string().c_str(),
                fs::weakly_canonical(p, ec).generic_string().c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: red35_sim PROBLEM_DIR...\n");
    return 2;
  }
  for (int a = 1; a < argc; ++a) {
    ProblemSpec spec;
    try {
      spec = load_problem(argv[a]);
    } catch (const std::exception& e) {
      std::printf("%s: refused at load: %s\n", argv[a], e.what());
      continue;
    }
    std::printf("%s: loads (main's loader)\n", spec.name.c_str());
    for (const VariantSpec& v : spec.variants) {
      {
        const ResolvedVariant rv = resolve_shapes(spec, v, {});
        std::string scratch;
        for (const auto& b : rv.buffers)
          if (b.role == BufferRole::Scratch)
            scratch += (scratch.empty() ? "" : ", ") + b.name + " " + to_string(b.dtype);
        std::printf(
            "  %s: precision %s, scratch [%s]: scratch resolution (P4m) %s\n", v.id.c_str(),
            rv.precision.c_str(), scratch.c_str(),
            solver::gpu::resolution_applies(rv) ? "APPLIES" : "does not apply (nothing measured)");
      }
      if (names_library_file(v.source)) continue;
      std::vector<std::string> dirs;
      // The loader keeps each option as confine_compile_option returned it: an -I folder
      // absolute and canonical, every repeat kept.
      for (const auto& o : v.compile_options)
        if (o.rfind("-I", 0) == 0) dirs.push_back(o.substr(2));
      std::vector<std::string> unique;
      for (const auto& d : dirs)
        if (std::find(unique.begin(), unique.end(), d) == unique.end()) unique.push_back(d);
      std::vector<std::string> as_loaded = dirs, deduped = unique;
      as_loaded.insert(as_loaded.end(), spec.library_dirs.begin(), spec.library_dirs.end());
      deduped.insert(deduped.end(), spec.library_dirs.begin(), spec.library_dirs.end());
      const auto r1 = check_includes(spec.dir, v.source, as_loaded);
      const auto r2 = check_includes(spec.dir, v.source, deduped);
      std::printf(
          "  %s (%s): -I options %zu (%zu distinct folders); refusals as loaded %zu, "
          "folders deduplicated %zu\n",
          v.id.c_str(), v.source.c_str(), dirs.size(), unique.size(), r1.size(), r2.size());
      for (const auto& m : r2) std::printf("    deduplicated: %s\n", m.c_str());
      walk_listing(spec.dir, as_loaded);
    }
  }
  return 0;
}
