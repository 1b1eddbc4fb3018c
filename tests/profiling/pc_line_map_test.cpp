// PC -> source line on a real cubin, without a GPU (issue 31): NVRTC builds a gather kernel for
// sm_90 with and without -lineinfo, CUPTI's cuptiGetSassToSourceCorrelation reads the line table
// (no context needed), and the toolkit's cuobjdump gives the SASS whose loads must sit on the
// gather line. What the worker's PC sampling pass relies on, checked where the toolkit is.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "generators/nvrtc_compiler.h"
#include "profiling/cupti_pc_sampler.h"
#include "profiling/pc_module_cache.h"
#include "profiling/sass_deps.h"

using namespace solver;

namespace {

// Line 4 is the gather.
const char* kGather =
    "extern \"C\" __global__ void gather(const float* x, const int* idx, float* y, int n) {\n"
    "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i >= n) return;\n"
    "  y[i] = x[idx[i]];\n"
    "}\n";
constexpr int kGatherLine = 4;

generators::CompileResult compile(bool lineinfo) {
  std::vector<std::string> options = {"--gpu-architecture=sm_90"};
  if (lineinfo) options.push_back("-lineinfo");
  return generators::nvrtc_compile(kGather, "/src/gather.cu", options);
}

// $CUOBJDUMP (e.g. from the nvidia-cuda-cuobjdump wheel), else the toolkit's.
std::string cuobjdump() {
  if (const char* env = std::getenv("CUOBJDUMP"); env && std::filesystem::exists(env)) return env;
  for (const char* p : {"/usr/local/cuda/bin/cuobjdump", "/usr/local/cuda-13.0/bin/cuobjdump"})
    if (std::filesystem::exists(p)) return p;
  return "";
}

}  // namespace

TEST_CASE("a -lineinfo cubin maps its PCs to the source lines, one without line info does not") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  auto lined = compile(true);
  REQUIRE_MESSAGE(lined.ok, lined.log);
  std::set<int> lines;
  std::string file;
  for (uint64_t pc = 0; pc < 0x400; pc += 0x10) {
    profiling::LineRef r = profiling::sass_to_source(lined.cubin, "gather", pc);
    if (r.line > 0) lines.insert(r.line), file = r.file;
  }
  REQUIRE_MESSAGE(!lines.empty(), "CUPTI mapped no PC of a -lineinfo cubin");
  CHECK(lines.count(kGatherLine) == 1);
  CHECK(*lines.begin() >= 1);
  CHECK(*lines.rbegin() <= 5);
  CHECK(std::filesystem::path(file).filename() == "gather.cu");
  // Without line info there is no table to read: the sampling pass needs its own compile.
  auto plain = compile(false);
  REQUIRE(plain.ok);
  int mapped = 0;
  for (uint64_t pc = 0; pc < 0x400; pc += 0x10)
    mapped += profiling::sass_to_source(plain.cubin, "gather", pc).line > 0;
  CHECK(mapped == 0);
  // Through the worker's memo (profiling/pc_module_cache.h): the same answers, CUPTI asked once
  // per distinct PC of the cubin, and not again for the same cubin's bytes.
  profiling::PcModuleCache memo;
  auto m = memo.module(lined.cubin);
  profiling::Locate cupti = [&](const std::string& fn, uint64_t pc) {
    return profiling::sass_to_source(lined.cubin, fn, pc);
  };
  for (int pass = 0; pass < 2; ++pass) {
    profiling::Locate via = profiling::cached_locate(*memo.module(lined.cubin), cupti);
    for (uint64_t pc = 0; pc < 0x400; pc += 0x10) {
      profiling::LineRef a = via("gather", pc), b = cupti("gather", pc);
      CHECK(a.line == b.line);
      CHECK(a.file == b.file);
    }
  }
  CHECK(m->misses == 0x400 / 0x10);
  // A function the cubin does not have maps nowhere, and does not throw.
  CHECK(profiling::sass_to_source(lined.cubin, "nope", 0).line == 0);
}

TEST_CASE("the gather's global loads are on the gather line, and the store waits on the second") {
  std::string tool = cuobjdump();
  if (!generators::nvrtc_available() || tool.empty()) {
    MESSAGE("skipped: NVRTC or cuobjdump missing");
    return;
  }
  auto lined = compile(true);
  REQUIRE(lined.ok);
  auto file = std::filesystem::temp_directory_path() / "solver_pc_line_map_test.cubin";
  {
    std::ofstream out(file, std::ios::binary);
    out.write(lined.cubin.data(), std::streamsize(lined.cubin.size()));
  }
  std::string sass;
  if (FILE* p = popen(("'" + tool + "' -sass '" + file.string() + "'").c_str(), "r")) {
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) sass.append(buf, n);
    pclose(p);
  }
  std::filesystem::remove(file);
  auto instrs = profiling::parse_sass(sass, "gather");
  REQUIRE_MESSAGE(!instrs.empty(), sass);
  std::vector<size_t> loads, stores;
  for (size_t i = 0; i < instrs.size(); ++i) {
    if (instrs[i].opcode.rfind("LDG", 0) == 0) loads.push_back(i);
    if (instrs[i].opcode.rfind("STG", 0) == 0) stores.push_back(i);
  }
  REQUIRE(loads.size() == 2);  // idx[i], then x[idx[i]]
  REQUIRE(stores.size() == 1);
  for (size_t i : loads)
    CHECK(profiling::sass_to_source(lined.cubin, "gather", instrs[i].pc).line == kGatherLine);
  auto producer = profiling::find_producer(instrs, stores[0], "long_scoreboard");
  REQUIRE(producer);
  CHECK(*producer == loads[1]);
}
