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
  ok.cubin = std::string("\x7f" "ELF\0binary", 10);
  ok.log = "warning: something";
  ok.seconds = 1.5;
  REQUIRE(cache.store("abc", ok));
  auto hit = cache.load("abc");
  REQUIRE(hit.has_value());
  CHECK(hit->ok);
  CHECK(hit->cache_hit);
  CHECK(hit->cubin == ok.cubin);
  CHECK(hit->log == ok.log);
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
  CHECK(files == 2);
}

TEST_CASE("a log without its cubin is an incomplete entry, not a hit") {
  TempDir t;
  t.write("k.log", "log only");
  CompileCache cache(t.path().string());
  CHECK_FALSE(cache.load("k").has_value());
}
