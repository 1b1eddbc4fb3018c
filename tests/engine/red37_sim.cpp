// Red team 37 (issue 28): the PTX scans' facts on disk (generators/ptx_facts_store.h) and the
// include walk's hash (generators/source_confinement.cpp, variant_space.cpp header_digest), by
// the engine's own functions. Prints; not a test. Built only when asked for:
//   ninja -C build red37_sim
// Subcommands (run from the repository root):
//  - `facts CACHE`: every compiled PTX of 64 KiB or more in the NVRTC cache folder CACHE (the
//    compile cache's <key>.ptx, the text the scans read): the fp32_arith_to_buffers facts the
//    store holds for it (load_ptx_facts under ptx_facts_key, "/all" and "/decided"), and what a
//    fresh scan (fp32_arith_to_buffers) says; "DIFFERS" where they disagree. The worker and
//    `problems check` read the stored fact first and never scan again (ptx_memo.h).
//  - `plant CACHE VALUE`: for the same PTX texts, writes VALUE as both facts with the engine's
//    own writer (store_ptx_facts), as another user would: under a cache key of its own
//    (SOLVER_CACHE_KEY set to a fresh file in a temporary folder, unless `--own-key` is given
//    after VALUE). On main 6c04f217 the digest was unkeyed and load_ptx_facts accepted it; since
//    fix37 (generators/cache_trust.h) the entry's seal is the other key's, so it is a miss. The
//    fact it replaces is the one that refuses FP32 arithmetic stored under fp64
//    (ptx_precision.cpp precision_mismatch).
//  - `hash`: a problem made in a temporary folder whose kernel includes <cuda/std/cstdint> and
//    whose include/version (a regular file inside the folder: NVRTC opens it through CCCL's
//    `#include <version>`, red team 35) sets a constant the kernel uses; and a second whose
//    include/wrap.h reaches inc2/wrap.h by `#include_next`. check_includes reads both files and
//    refuses nothing, but neither is in the variant's header list, so neither is in its
//    source_hash (the compile cache's key, the ledger's identity): the hash printed before and
//    after each file is edited. And include/version made a FIFO: the walk skips what is not a
//    regular file, so it loads (NVRTC's open of it blocks: docs/reliability.md round 37).
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_facts_store.h"
#include "generators/ptx_int_provenance.h"
#include "generators/ptx_memo.h"
#include "generators/source_confinement.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "rules/hash.h"
#include "rules/text_file.h"

namespace fs = std::filesystem;
using namespace solver::generators;

namespace {

constexpr const char* kSite = "fp32_arith_to_buffers";

std::vector<std::pair<fs::path, std::string>> large_ptx(const std::string& cache) {
  std::vector<std::pair<fs::path, std::string>> out;
  for (const auto& e : fs::directory_iterator(cache)) {
    if (e.path().extension() != ".ptx") continue;
    auto text = solver::rules::try_read_text_file(e.path().string(), std::size_t(64) << 20);
    if (text && text->size() >= kPtxMemoFromBytes) out.emplace_back(e.path(), std::move(*text));
  }
  return out;
}

int facts(const std::string& cache) {
  int differ = 0;
  for (const auto& [path, ptx] : large_ptx(cache)) {
    const std::string sha = solver::rules::sha256_hex(ptx);
    std::printf("%s (%zu bytes of PTX)\n", path.filename().c_str(), ptx.size());
    for (bool decided : {false, true}) {
      const std::string key = ptx_facts_key(kSite, sha, decided ? "/decided" : "/all");
      const auto stored = load_ptx_facts(cache, key);
      const int fresh = fp32_arith_to_buffers(ptx, decided);
      const bool same = stored && stored->is_number_integer() && stored->get<int>() == fresh;
      differ += stored && !same;
      std::printf("  %s%-8s stored %-6s fresh scan %d%s\n", kSite, decided ? "/decided" : "/all",
                  stored ? stored->dump().c_str() : "(none)", fresh,
                  stored && !same ? "  DIFFERS: the worker reads the stored one" : "");
    }
  }
  std::printf("%d stored fact(s) differ from a fresh scan\n", differ);
  return 0;
}

int plant(const std::string& cache, int value, bool own_key) {
  if (!own_key) {
    const fs::path keys = fs::temp_directory_path() / ("red37_attacker_" + std::to_string(::getpid()));
    fs::create_directories(keys);
    ::setenv("SOLVER_CACHE_KEY", (keys / "cache.key").c_str(), 1);
    std::printf("planting under another user's key: %s\n", (keys / "cache.key").c_str());
  }
  int n = 0;
  for (const auto& [path, ptx] : large_ptx(cache)) {
    const std::string sha = solver::rules::sha256_hex(ptx);
    for (const char* suffix : {"/all", "/decided"}) {
      const std::string key = ptx_facts_key(kSite, sha, suffix);
      if (store_ptx_facts(cache, key, kSite, nlohmann::json(value))) ++n;
    }
    std::printf("planted %s = %d for %s\n", kSite, value, path.filename().c_str());
  }
  std::printf("%d entries written (the engine's store_ptx_facts: sealed under %s key)\n", n,
              own_key ? "this user's" : "the other");
  return 0;
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

const solver::rules::ChipProfile& h200() {
  static solver::rules::ChipTable t = solver::rules::load_chip_table("rules/chips.yaml");
  return *t.find("h200");
}

// The variant "child"'s source_hash, its header list and check_includes' refusals.
std::string report(const fs::path& dir, const char* label, bool compile = true) {
  const ProblemSpec spec = load_problem(dir.string());
  const VariantSpec* v = spec.find_variant("child");
  const ResolvedVariant rv = resolve(spec, *v, {}, h200());
  std::vector<std::string> headers;
  std::vector<std::string> dirs = default_include_dirs(dir.string());
  for (const auto& o : rv.nvrtc_options)
    if (o.rfind("-I" + dir.string(), 0) == 0) dirs.push_back(o.substr(2));
  const auto refusals = check_includes(dir.string(), "k.cu", dirs, &headers);
  std::string ptx_sha = "(no NVRTC)";
  if (!compile) {
    ptx_sha = "(not compiled: NVRTC's open would block)";
  } else if (nvrtc_available()) {
    const CompileResult c = compile_variant(rv, nullptr);
    ptx_sha = c.ok ? solver::rules::sha256_hex(c.ptx).substr(0, 16) : "compile error";
  }
  std::printf("  %-30s source_hash %.16s  NVRTC's PTX %s  headers hashed: %zu", label,
              rv.source_hash.c_str(), ptx_sha.c_str(), headers.size());
  for (const auto& h : headers) std::printf(" %s", fs::path(h).filename().c_str());
  std::printf("  refusals: %zu\n", refusals.size());
  for (const auto& r : refusals) std::printf("    %s\n", r.c_str());
  return rv.source_hash;
}

const char* kProblem = R"Y(version: 1
name: red37_hash
description: "red team 37: a walk-only header"
timeout_ms: 2000
scalars:
  n: 1024
buffers:
  x: {dtype: f32, shape: [n], role: in, init: {dist: uniform, low: 0, high: 1}}
  y: {dtype: f32, shape: [n], role: out}
flops: n
bytes: 8*n
tolerance:
  fp32: {rtol: 1.0e-5, atol: 0}
reference:
  source: ref.cu
  entry: r
  args: [x, y, n]
  grid: ["ceil_div(n, 256)"]
  block: [256]
seed: child
variants:
  - id: child
    source: k.cu
    entry: k
    args: [x, y, n]
    grid: ["ceil_div(n, 256)"]
    block: [256]
)Y";

const char* kReference =
    "extern \"C\" __global__ void r(const float* x, double* y, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) y[i] = x[i];\n}\n";

int hash() {
  const fs::path base = fs::temp_directory_path() / "red37_hash";
  fs::remove_all(base);
  // 1. include/version, opened by NVRTC through CCCL's #include <version>.
  const fs::path a = base / "version" / "red37_hash";
  write(a / "problem.yaml", kProblem);
  write(a / "ref.cu", kReference);
  write(a / "k.cu",
        "#include <cuda/std/cstdint>\n"
        "extern \"C\" __global__ void k(const float* x, float* y, int n) {\n"
        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (i < n) y[i] = RED37_SCALE * x[i];\n}\n");
  write(a / "include/version", "#define RED37_SCALE 1.0f\n");
  std::printf("include/version (a regular file in the problem's include folder):\n");
  const std::string h1 = report(a, "RED37_SCALE 1.0f");
  write(a / "include/version", "#define RED37_SCALE 0.5f\n");
  const std::string h2 = report(a, "edited: RED37_SCALE 0.5f");
  std::printf("  => %s\n", h1 == h2 ? "SAME source_hash: the edit is not in the compile key"
                                    : "the hash moved");
  // 2. #include_next: include/wrap.h reaches the next folder's wrap.h.
  const fs::path b = base / "include_next" / "red37_hash";
  // The child is the file's last block: its compile options follow.
  const std::string yaml = std::string(kProblem) + "    compile_options: [\"-Iinc2\"]\n";
  write(b / "problem.yaml", yaml);
  write(b / "ref.cu", kReference);
  write(b / "k.cu",
        "#include <wrap.h>\n"
        "extern \"C\" __global__ void k(const float* x, float* y, int n) {\n"
        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (i < n) y[i] = RED37_SCALE * x[i];\n}\n");
  write(b / "include/wrap.h", "#pragma once\n#include_next <wrap.h>\n");
  write(b / "inc2/wrap.h", "#define RED37_SCALE 1.0f\n");
  std::printf("include/wrap.h with #include_next <wrap.h> (inc2/wrap.h, an -I folder):\n");
  const std::string h3 = report(b, "inc2/wrap.h: RED37_SCALE 1.0f");
  write(b / "inc2/wrap.h", "#define RED37_SCALE 0.5f\n");
  const std::string h4 = report(b, "edited: RED37_SCALE 0.5f");
  std::printf("  => %s\n", h3 == h4 ? "SAME source_hash: the edit is not in the compile key"
                                    : "the hash moved");
  // 3. include/version a FIFO: not a regular file, so the walk lists nothing for it.
  fs::remove(a / "include/version");
  if (mkfifo((a / "include/version").c_str(), 0644) == 0) {
    std::printf("include/version a FIFO (NVRTC's open blocks until a writer comes):\n");
    try {
      report(a, "FIFO", /*compile=*/false);
    } catch (const solver::rules::InputError& e) {  // since fix37: refused at load
      for (const auto& d : e.diagnostics()) std::printf("  refused at load: %s\n", d.message.c_str());
    }
  }
  std::printf("(the folders are left in %s)\n", base.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  const std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "facts" && argc == 3) return facts(argv[2]);
  if (cmd == "plant" && (argc == 4 || (argc == 5 && std::string(argv[4]) == "--own-key")))
    return plant(argv[2], std::atoi(argv[3]), argc == 5);
  if (cmd == "hash" && argc == 2) return hash();
  std::fprintf(stderr, "usage: red37_sim facts CACHE | plant CACHE VALUE [--own-key] | hash\n");
  return 2;
}
