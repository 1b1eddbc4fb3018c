// Needs the CUDA toolkit (NVRTC), not a GPU: registered only when SOLVER_HAVE_CUDA.
#include "generators/nvrtc_compiler.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <initializer_list>

#include "generators/validate.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;
namespace fs = std::filesystem;

namespace {

bool is_elf(const std::string& bytes) {
  return bytes.size() > 4 && bytes.compare(0, 4,
                                           "\x7f"
                                           "ELF") == 0;
}

// Compiles every variant at every knob point valid on an sm_90 chip. Returns the number compiled.
int compile_all(const ProblemSpec& p, CompileCache* cache) {
  auto chip = test_chip(227, 9, 0);
  int n = 0;
  auto ref = resolve_reference(p, chip);
  auto rr = compile_variant(ref, cache);
  INFO(p.name << " reference: " << rr.error << "\n" << rr.log);
  CHECK(rr.ok);
  for (const auto& v : p.variants)
    for (const auto& k : enumerate_knobs(p, v)) {
      if (!validate(p, v, k, chip).empty()) continue;  // the check command reports these
      ResolvedVariant r = resolve(p, v, k, chip);
      CompileResult c = compile_variant(r, cache);
      INFO(p.name << " " << r.key << ": " << c.error << "\n" << c.log);
      CHECK(c.ok);
      CHECK(is_elf(c.cubin));
      ++n;
    }
  return n;
}

}  // namespace

TEST_CASE("NVRTC is built in and reports a version") {
  CHECK(nvrtc_available());
  CHECK(nvrtc_version().find('.') != std::string::npos);
}

TEST_CASE("a tiny kernel compiles to an sm_90 CUBIN without a GPU") {
  auto r = nvrtc_compile("extern \"C\" __global__ void k(float* x) { x[threadIdx.x] *= 2.f; }",
                         "tiny.cu", {"--gpu-architecture=sm_90"});
  INFO(r.error << "\n" << r.log);
  CHECK(r.ok);
  CHECK(is_elf(r.cubin));
  CHECK_FALSE(r.cache_hit);
  CHECK(r.seconds > 0);
}

TEST_CASE("compile_variant reports each kernel's registers, static smem and spills") {
  TempDir t;
  t.write("res/problem.yaml",
          "version: 1\nname: res\nscalars: {N: 256}\n"
          "buffers: {x: {dtype: f32, shape: [N], role: inout}}\n"
          "flops: N\nbytes: 4*N\ntolerance: {fp32: {rtol: 0, atol: 0}}\n"
          "reference: {source: k.cu, entry: tiled, args: [x, N], grid: [1], block: [256]}\n"
          "variants:\n"
          "  - {id: v, source: k.cu, entry: tiled, args: [x, N], grid: [1], block: [256]}\n");
  t.write("res/k.cu",
          "extern \"C\" __global__ void __launch_bounds__(256) tiled(float* x, int n) {\n"
          "  __shared__ float s[256];\n"
          "  s[threadIdx.x] = x[threadIdx.x];\n"
          "  __syncthreads();\n"
          "  float acc = 0;\n"
          "  for (int i = 0; i < n; ++i) acc += s[(threadIdx.x + i) % 256] * x[i];\n"
          "  x[threadIdx.x] = acc;\n"
          "}\n"
          "extern \"C\" __global__ void local(float* x, int n) {\n"
          "  float a[512];\n"
          "  for (int i = 0; i < 512; ++i) a[i] = x[i * n];\n"
          "  x[threadIdx.x] = a[(threadIdx.x * n) % 512];\n"
          "}\n");
  ProblemSpec p = load_problem((t.path() / "res").string());
  ResolvedVariant rv = resolve(p, p.variants[0], {}, test_chip());
  auto r = compile_variant(rv, nullptr);
  INFO(r.log);
  REQUIRE(r.ok);
  REQUIRE(r.kernels.size() == 2);
  const auto& tiled = r.kernels[0].entry == "tiled" ? r.kernels[0] : r.kernels[1];
  const auto& local = r.kernels[0].entry == "local" ? r.kernels[0] : r.kernels[1];
  CHECK(tiled.static_smem_bytes == 256 * 4);
  CHECK(tiled.registers >= 8);
  CHECK(tiled.registers <= 255);
  CHECK(local.stack_bytes >= 512 * 4);  // a dynamically indexed array too big for registers
  // The report does not enter the variant's options or its source hash.
  CHECK(std::find(rv.nvrtc_options.begin(), rv.nvrtc_options.end(), "--ptxas-options=-v") ==
        rv.nvrtc_options.end());
}

TEST_CASE("a broken kernel comes back as an outcome with the compiler log") {
  auto r = nvrtc_compile("extern \"C\" __global__ void k(float* x) { x[0] = undefined_name; }",
                         "broken.cu", {"--gpu-architecture=sm_90"});
  CHECK_FALSE(r.ok);
  CHECK(r.cubin.empty());
  CHECK(r.error.find("compile error") != std::string::npos);
  CHECK(r.log.find("undefined_name") != std::string::npos);
  CHECK(r.log.find("broken.cu") != std::string::npos);
}

TEST_CASE("a bad option is an outcome too") {
  auto r = nvrtc_compile("extern \"C\" __global__ void k() {}", "k.cu", {"--no-such-option"});
  CHECK_FALSE(r.ok);
  CHECK_FALSE(r.error.empty());
}

TEST_CASE("compile_variant goes through the cache: the second compile is a hit") {
  TempDir t;
  CompileCache cache(t.path().string());
  ProblemSpec p = load_problem(good_dir() + "/axpy");
  ResolvedVariant r = resolve(p, *p.find_variant("naive"), {{"BLOCK", 256}}, test_chip());
  auto first = compile_variant(r, &cache);
  REQUIRE(first.ok);
  CHECK_FALSE(first.cache_hit);
  CHECK(first.cache_key.size() == 64);
  auto second = compile_variant(r, &cache);
  CHECK(second.ok);
  CHECK(second.cache_hit);
  CHECK(second.cubin == first.cubin);
  CHECK(second.cache_key == first.cache_key);
  CHECK(second.kernels.size() == first.kernels.size());  // usage survives the cache
  CHECK(first.kernels.size() == 1);
  // Another knob value is another entry.
  ResolvedVariant r2 = resolve(p, *p.find_variant("naive"), {{"BLOCK", 512}}, test_chip());
  auto third = compile_variant(r2, &cache);
  CHECK_FALSE(third.cache_hit);
  CHECK(third.cache_key != first.cache_key);
}

TEST_CASE(
    "compile_variant_image: compile_variant's cache entry, with -lineinfo its own, no scans") {
  TempDir t;
  CompileCache cache(t.path().string());
  ProblemSpec p = load_problem(good_dir() + "/axpy");
  ResolvedVariant r = resolve(p, *p.find_variant("naive"), {{"BLOCK", 256}}, test_chip());
  auto scanned = compile_variant(r, &cache);
  REQUIRE(scanned.ok);
  REQUIRE(scanned.gemm_loop.has_value());
  // The same key: the gate's compile is the image's cache hit, and the other way round.
  auto image = compile_variant_image(r, &cache);
  CHECK(image.ok);
  CHECK(image.cache_hit);
  CHECK(image.cache_key == scanned.cache_key);
  CHECK(image.cubin == scanned.cubin);
  CHECK_FALSE(image.gemm_loop.has_value());  // the code scans were not run
  // The PC sampling pass's line-info compile: its own entry, a hit the second time (in any
  // process: the entry is on disk).
  ResolvedVariant lined = r;
  lined.nvrtc_options.push_back("-lineinfo");
  auto first = compile_variant_image(lined, &cache);
  REQUIRE(first.ok);
  CHECK_FALSE(first.cache_hit);
  CHECK(first.cache_key != scanned.cache_key);
  CompileCache reopened(t.path().string());
  auto second = compile_variant_image(lined, &reopened);
  CHECK(second.ok);
  CHECK(second.cache_hit);
  CHECK(second.cache_key == first.cache_key);
  CHECK(second.cubin == first.cubin);
}

TEST_CASE("every variant of the good fixture compiles for sm_90 (incl. <cuda_pipeline.h>)") {
  ProblemSpec p = load_problem(good_dir() + "/axpy");
  CHECK(compile_all(p, nullptr) == 16);
}

// The CI guard that built-in kernels compile. Skips until problems/ holds problems.
TEST_CASE("every built-in problem's variants compile for sm_90") {
  std::string root = source_dir() + "/problems";
  bool any = false;
  for (const auto& e : fs::directory_iterator(root))
    any = any || fs::exists(e.path() / "problem.yaml");
  if (!any) {
    MESSAGE("skipped: no problem folders under " << root << " yet");
    return;
  }
  // The ctest run's shared cache where set (the tests ordered after this one read these
  // kernels back from it: test_support.h); it is emptied at the run's start, so each point is
  // compiled here.
  TempDir t;
  const std::string shared = shared_nvrtc_cache_dir();
  CompileCache cache(shared.empty() ? t.path().string() : shared);
  for (const auto& p : load_problems(root)) {
    std::size_t points = 0;
    for (const auto& v : p.variants) points += enumerate_knobs(p, v).size();
    if (points >= 1000) {  // issue 30's large pools: large_pools_test compiles a sample of each
      MESSAGE(p.name << ": " << points << " points, left to large_pools_test");
      continue;
    }
    int n = compile_all(p, &cache);
    MESSAGE(p.name << ": " << n << " variant points compiled");
    CHECK(n > 0);
  }
}

TEST_CASE("the PTX of the built-in kernels: tensor-core MMAs exactly where the source uses them") {
  // The H200's tensor-pipe counters credit softmax's online kernel with ~3 % tensor activity
  // (the compiler's HFMA2.MMA constant moves); its PTX has no MMA. The WMMA variants do.
  TempDir t;
  CompileCache cache(t.path().string());
  auto chip = test_chip();
  auto ops_of = [&](const std::string& problem, const std::string& variant) {
    ProblemSpec p = load_problem(source_dir() + "/problems/" + problem);
    const VariantSpec& v = *p.find_variant(variant);
    auto knobs = enumerate_knobs(p, v).front();
    auto r = compile_variant(resolve(p, v, knobs, chip), &cache);
    REQUIRE_MESSAGE(r.ok, problem << " " << variant << ": " << r.log);
    REQUIRE(r.tensor_ops);
    return *r.tensor_ops;
  };
  CHECK(ops_of("matmul", "wmma_tf32").mma > 0);
  CHECK(ops_of("matmul", "wmma_tf32").wgmma == 0);
  CHECK(ops_of("matmul", "wmma_tf32_async").mma > 0);
  CHECK(ops_of("matmul", "regtile").total() == 0);
  CHECK(ops_of("softmax", "online_vec4").total() == 0);
  CHECK(ops_of("sigmoid", "vec4").total() == 0);
  // Through the cache the same facts come back.
  ProblemSpec m = load_problem(source_dir() + "/problems/matmul");
  auto again = compile_variant(resolve(m, *m.find_variant("wmma_tf32"), {}, chip), &cache);
  CHECK(again.cache_hit);
  REQUIRE(again.tensor_ops);
  CHECK(again.tensor_ops->mma > 0);
}

// Every knob point of `ids` in `problem` compiled for an H200-like chip (compile_all's chip has
// no wgmma/tma capability, so it leaves these out; this one takes them, sm_90a): TF32 wgmma and no
// other MMA, no spill (spills would mean a register split, setmaxnreg, that no longer fits).
// Returns the number of points compiled.
namespace {

int hopper_tf32_points(const std::string& problem, std::initializer_list<const char*> ids) {
  auto chip = test_chip();
  chip.capabilities = {"wgmma", "tma", "tf32", "cp_async"};
  TempDir t;
  CompileCache cache(t.path().string());
  ProblemSpec p = load_problem(source_dir() + "/problems/" + problem);
  int points = 0;
  for (const char* id : ids) {
    const VariantSpec& v = *p.find_variant(id);
    for (const auto& k : enumerate_knobs(p, v)) {
      if (!validate(p, v, k, chip).empty()) continue;
      auto r = compile_variant(resolve(p, v, k, chip), &cache);
      INFO(variant_key(id, k) << ": " << r.log);
      REQUIRE(r.ok);
      REQUIRE(r.tensor_ops);
      CHECK(r.tensor_ops->wgmma > 0);
      CHECK(r.tensor_ops->mma == 0);
      for (const auto& kern : r.kernels) CHECK(kern.spill_store_bytes == 0);
      ++points;
    }
  }
  return points;
}

}  // namespace

TEST_CASE("conv2d's Hopper variants compile for sm_90a at every knob point: TF32 wgmma, no spill") {
  // wgmma_tma 6, wgmma_halo 5 (ROWS=7 with 6 stages is over the smem cap)
  CHECK(hopper_tf32_points("conv2d", {"wgmma_tma", "wgmma_halo"}) == 11);
}

TEST_CASE("the persistent TF32 wgmma kernel compiles for sm_90a at every point, no spill") {
  // Issue 33: the 9 points of wgmma_persistent (both epilogues, both tile heights), and the same
  // kernel batched (rank-3 maps), 6 points.
  CHECK(hopper_tf32_points("matmul", {"wgmma_persistent"}) == 9);
  CHECK(hopper_tf32_points("batched_gemm", {"wgmma_persistent"}) == 6);
}
