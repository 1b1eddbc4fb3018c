#include "generators/compile_cache.h"

#include <doctest/doctest.h>

#include <filesystem>

#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;
namespace fs = std::filesystem;

TEST_CASE("cache key: changes with every input, stable otherwise") {
  std::vector<std::string> opts{"--gpu-architecture=sm_90", "-DTILE=32"};
  std::string k = compile_cache_key("src", opts, "13.0", "sm_90");
  CHECK(k.size() == 64);
  CHECK(k == compile_cache_key("src", opts, "13.0", "sm_90"));
  CHECK(k != compile_cache_key("src ", opts, "13.0", "sm_90"));
  CHECK(k != compile_cache_key("src", {"--gpu-architecture=sm_90", "-DTILE=64"}, "13.0", "sm_90"));
  CHECK(k != compile_cache_key("src", {"-DTILE=32", "--gpu-architecture=sm_90"}, "13.0", "sm_90"));
  CHECK(k != compile_cache_key("src", opts, "13.1", "sm_90"));
  CHECK(k != compile_cache_key("src", opts, "13.0", "sm_80"));
  // No collision by moving characters between fields.
  CHECK(compile_cache_key("a", {"bc"}, "v", "s") != compile_cache_key("ab", {"c"}, "v", "s"));
  CHECK(compile_cache_key("a", {"b", "c"}, "v", "s") != compile_cache_key("a", {"bc"}, "v", "s"));
}

TEST_CASE("store then load returns the entry as a hit; failures are not stored") {
  TempDir t;
  CompileCache cache((t.path() / "nested" / "cache").string());
  CHECK_FALSE(cache.load("abc").has_value());
  CompileResult ok;
  ok.ok = true;
  ok.cubin = std::string(
      "\x7f"
      "ELF\0binary",
      10);
  ok.log = "warning: something";
  ok.ptx =
      ".version 9.0\n.target sm_90\n\twmma.mma.sync.aligned.row.row.m16n16k8.f32.tf32.tf32.f32 "
      "{...};\n";
  ok.seconds = 1.5;
  REQUIRE(cache.store("abc", ok));
  auto hit = cache.load("abc");
  REQUIRE(hit.has_value());
  CHECK(hit->ok);
  CHECK(hit->cache_hit);
  CHECK(hit->cubin == ok.cubin);
  CHECK(hit->log == ok.log);
  CHECK(hit->ptx == ok.ptx);
  REQUIRE(hit->tensor_ops);
  CHECK(hit->tensor_ops->mma == 1);
  CHECK(hit->seconds == 0);
  CompileResult bad;
  bad.log = "error: x";
  CHECK_FALSE(cache.store("def", bad));
  CHECK_FALSE(cache.load("def").has_value());
  // No temporary files left behind.
  int files = 0;
  for (const auto& e : fs::directory_iterator(cache.dir())) {
    CHECK(e.path().string().find(".tmp.") == std::string::npos);
    ++files;
  }
  CHECK(files == 4);  // .log, .ptx, .cubin and the .seal written last
}

TEST_CASE("a log without its cubin is an incomplete entry, not a hit") {
  TempDir t;
  t.write("k.log", "log only");
  CompileCache cache(t.path().string());
  CHECK_FALSE(cache.load("k").has_value());
}

TEST_CASE("an entry from before the PTX was kept is a miss (compiled again)") {
  TempDir t;
  t.write("k.log", "log");
  t.write("k.cubin", "cubin");
  CompileCache cache(t.path().string());
  CHECK_FALSE(cache.load("k").has_value());
}

TEST_CASE("the PTX scan counts tensor-core instructions, not look-alikes") {
  const std::string ptx = R"(
.version 9.0
.target sm_90
// wmma.mma.sync in a comment does not count
/* nor mma.sync.aligned here */
.visible .entry k(.param .u64 p)
{
  .reg .f32 %f<9>;
$L1:  wmma.mma.sync.aligned.row.row.m16n16k8.f32.tf32.tf32.f32 {%f1}, {%f2}, {%f3}, {%f4};
  @%p1 mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f1,%f2,%f3,%f4};
  @!%p2 mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f1}, {%r1}, {%r2}, {%f1}, %r9, 0x0;
  wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {%f1}, %rd1, %rd2, 1, 1, 1;
  wgmma.fence.sync.aligned;
  wgmma.commit_group.sync.aligned;
  tcgen05.mma.cta_group::1.kind::tf32 [%r1], %rd1, %rd2, %r3, 1;
  wmma.load.a.sync.aligned.row.m16n16k8.global.tf32 {%r1}, [%rd1];
  fma.rn.f32 %f5, %f6, %f7, %f8;
  ld.global.v4.f32 {%f1,%f2,%f3,%f4}, [%rd3];
}
)";
  TensorOps ops = scan_ptx_tensor_ops(ptx);
  CHECK(ops.mma == 3);    // wmma.mma, mma.sync, mma.sp (guarded ones count: they may run)
  CHECK(ops.wgmma == 1);  // fence and commit_group are not MMAs
  CHECK(ops.tcgen05 == 1);
  CHECK(ops.total() == 5);
  CHECK(scan_ptx_tensor_ops(".version 9.0\n fma.rn.f32 %f1, %f2, %f3, %f4;\n").total() == 0);
}
