// Whom the caches on disk believe (generators/cache_trust.h, red team 37): an entry sealed under
// another user's key, copied in or edited is a miss in the compile cache and the PTX facts store;
// a folder writable by group or others, or owned by another user, is not used at all; a key file
// others may read is not used; an absent folder is made 0700.
#include "generators/cache_trust.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include "generators/compile_cache.h"
#include "generators/ptx_facts_store.h"
#include "rules/text_file.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;
namespace fs = std::filesystem;

namespace {

// Each case names its own key file (the key is remembered by path, so a new path is a new key).
void use_key(const TempDir& t, const std::string& name) {
  ::setenv("SOLVER_CACHE_KEY", (t.path() / "keys" / name).string().c_str(), 1);
}

CompileResult result(const std::string& ptx) {
  CompileResult r;
  r.ok = true;
  r.cubin = std::string(
      "\x7f"
      "ELF\0cubin",
      10);
  r.log = "ptxas info: 0 bytes";
  r.ptx = ptx;
  return r;
}

void overwrite(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace

TEST_CASE("cache trust: an absent folder is made 0700 and used; the key file is made 0600") {
  TempDir t;
  use_key(t, "mine.key");
  const std::string dir = (t.path() / "made" / "cache").string();
  CHECK(trusted_cache_dir(dir) == dir);
  struct stat st {};
  REQUIRE(::stat(dir.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0700);
  REQUIRE(cache_seal("x"));
  REQUIRE(::stat(cache_key_path().c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  CHECK(cache_seal_matches("x", *cache_seal("x")));
  CHECK_FALSE(cache_seal_matches("y", *cache_seal("x")));
}

TEST_CASE("cache trust: a compile entry planted, copied in or edited is a miss") {
  TempDir t;
  const std::string mine = (t.path() / "mine").string();
  const std::string theirs = (t.path() / "theirs").string();
  // Another user's entries: the same key, a PTX that says something else, sealed under their key.
  use_key(t, "theirs.key");
  REQUIRE(CompileCache(theirs).store("k", result("// theirs\n")));
  use_key(t, "mine.key");
  CompileCache cache(mine);
  REQUIRE(cache.store("k", result("// mine\n")));
  REQUIRE(cache.load("k"));
  CHECK(cache.load("k")->ptx == "// mine\n");
  // Copied in whole (all four files): the seal is not this user's key's.
  for (const char* ext : {".log", ".ptx", ".cubin", ".seal"})
    fs::copy_file(fs::path(theirs) / (std::string("k") + ext),
                  fs::path(mine) / (std::string("k") + ext), fs::copy_options::overwrite_existing);
  CHECK_FALSE(cache.load("k"));
  // Edited in place: this user's entry with its PTX (or its cubin alone) changed.
  REQUIRE(cache.store("k", result("// mine\n")));
  overwrite(fs::path(mine) / "k.ptx", "// mine, edited\n");
  CHECK_FALSE(cache.load("k"));
  REQUIRE(cache.store("k", result("// mine\n")));
  overwrite(fs::path(mine) / "k.cubin", "another image");
  CHECK_FALSE(cache.load("k"));
  // Without its seal (an entry from before it, or three files planted): a miss.
  REQUIRE(cache.store("k", result("// mine\n")));
  fs::remove(fs::path(mine) / "k.seal");
  CHECK_FALSE(cache.load("k"));
}

TEST_CASE("cache trust: a PTX facts entry sealed under another key or edited is a miss") {
  TempDir t;
  const std::string dir = (t.path() / "facts").string();
  const std::string key = ptx_facts_key("fp32_arith_to_buffers", std::string(64, 'a'), "/all");
  use_key(t, "mine.key");
  REQUIRE(store_ptx_facts(dir, key, "fp32_arith_to_buffers", 1));
  REQUIRE(load_ptx_facts(dir, key));
  CHECK(*load_ptx_facts(dir, key) == 1);
  // Red team 37's plant: the engine's own writer, run by someone without this user's key.
  use_key(t, "attacker.key");
  REQUIRE(store_ptx_facts(dir, key, "fp32_arith_to_buffers", 0));
  use_key(t, "mine.key");
  CHECK_FALSE(load_ptx_facts(dir, key));
  // Edited: this user's entry with its value changed.
  REQUIRE(store_ptx_facts(dir, key, "fp32_arith_to_buffers", 1));
  const fs::path file = fs::path(dir) / (key + ".facts.json");
  std::string text = solver::rules::read_text_file(file.string());
  const auto at = text.find("\"value\":1");
  REQUIRE(at != std::string::npos);
  overwrite(file, text.replace(at, 9, "\"value\":0"));
  CHECK_FALSE(load_ptx_facts(dir, key));
}

TEST_CASE("cache trust: a folder writable by group or others is not used") {
  TempDir t;
  use_key(t, "mine.key");
  for (const mode_t mode : {mode_t(0775), mode_t(0757), mode_t(01777)}) {
    CAPTURE(mode);
    const fs::path dir = t.path() / ("shared" + std::to_string(mode));
    fs::create_directories(dir);
    REQUIRE(::chmod(dir.c_str(), mode) == 0);
    CHECK(trusted_cache_dir(dir.string()).empty());
    CHECK(cache_dir_refusal(dir.string()).find("writable by group or others") != std::string::npos);
    CompileCache cache(dir.string());
    CHECK_FALSE(cache.store("k", result("// x\n")));
    CHECK_FALSE(cache.load("k"));
    CHECK_FALSE(store_ptx_facts(dir.string(), std::string(64, 'b'), "s", 1));
    CHECK(fs::is_empty(dir));  // nothing written into it
  }
}

TEST_CASE("cache trust: a folder owned by another user is not used") {
  TempDir t;
  use_key(t, "mine.key");
  std::string dir = "/";  // root's: another user's unless this is root
  if (::geteuid() == 0) {
    dir = (t.path() / "foreign").string();
    fs::create_directories(dir);
    REQUIRE(::chmod(dir.c_str(), 0755) == 0);
    REQUIRE(::chown(dir.c_str(), 65534, 65534) == 0);
  }
  CHECK(trusted_cache_dir(dir).empty());
  CHECK(cache_dir_refusal(dir).find("owned by uid") != std::string::npos);
  CHECK_FALSE(CompileCache(dir).load("k"));
}

TEST_CASE("cache trust: a key file others may read is not used (the caches are off)") {
  TempDir t;
  use_key(t, "loose.key");
  const std::string path = cache_key_path();
  fs::create_directories(fs::path(path).parent_path());
  overwrite(path, std::string(64, 'a') + "\n");
  REQUIRE(::chmod(path.c_str(), 0644) == 0);
  CHECK_FALSE(cache_seal("x"));
  CHECK_FALSE(CompileCache((t.path() / "c").string()).store("k", result("// x\n")));
}

TEST_CASE("cache trust: a folder path retargeted after its check redirects no entry") {
  // A link at the folder's name (a fixed name in /tmp another user made first, pointing at a
  // folder of this user's so it passes) retargeted after the check: entries still go to the
  // folder that was judged, never to the new target.
  TempDir t;
  use_key(t, "mine.key");
  const fs::path judged = t.path() / "judged";
  const fs::path theirs = t.path() / "theirs";
  fs::create_directories(judged);
  fs::create_directories(theirs);
  ::chmod(judged.c_str(), 0700);
  const fs::path link = t.path() / "cache";
  fs::create_directory_symlink(judged, link);
  const std::string dir = link.string();
  REQUIRE(trusted_cache_dir(dir) == dir);
  fs::remove(link);
  fs::create_directory_symlink(theirs, link);
  { std::ofstream(theirs / "planted.json") << "planted\n"; }
  CHECK(CompileCache(dir).store("k", result("// mine\n")));
  CHECK(fs::exists(judged / "k.cubin"));
  CHECK_FALSE(fs::exists(theirs / "k.cubin"));
  CHECK(write_cache_entry(dir, "e.json", "mine\n"));
  CHECK(fs::exists(judged / "e.json"));
  CHECK_FALSE(fs::exists(theirs / "e.json"));
  CHECK_FALSE(read_cache_entry(dir, "planted.json", 100));
  CHECK(read_cache_entry(dir, "e.json", 100) == std::optional<std::string>("mine\n"));
}

TEST_CASE("cache trust: entries are made 0600; a link or a path of more than one name is none") {
  TempDir t;
  use_key(t, "mine.key");
  const std::string dir = (t.path() / "c").string();
  REQUIRE(write_cache_entry(dir, "k.lint.json", "x"));
  struct stat st {};
  REQUIRE(::stat((fs::path(dir) / "k.lint.json").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  { std::ofstream(t.path() / "outside.json") << "outside\n"; }
  fs::create_symlink(t.path() / "outside.json", fs::path(dir) / "l.json");
  CHECK_FALSE(read_cache_entry(dir, "l.json", 100));
  CHECK_FALSE(read_cache_entry(dir, "../outside.json", 100));
  CHECK_FALSE(write_cache_entry(dir, "../outside.json", "y"));
  CHECK(solver::rules::read_text_file((t.path() / "outside.json").string()) == "outside\n");
}

TEST_CASE("cache trust: a key file that cannot be made says why, once, and the caches are off") {
  // An unwritable HOME: the key's folder cannot be made (here its parent is a file). The warning
  // names that, not only that the file cannot be opened afterwards.
  TempDir t;
  { std::ofstream(t.path() / "home") << "a file, not a folder\n"; }
  ::setenv("SOLVER_CACHE_KEY", (t.path() / "home" / "solver" / "cache.key").string().c_str(), 1);
  std::optional<std::string> seal;
  const std::string said = stderr_of(t, [&] { seal = cache_seal("x"); });
  CHECK_FALSE(seal);
  CHECK(said.find("it cannot be made") != std::string::npos);
  CHECK(said.find("running without the caches on disk") != std::string::npos);
  CHECK(std::count(said.begin(), said.end(), '\n') == 1);
  CHECK(stderr_of(t, [&] { seal = cache_seal("y"); }).empty());  // said once
  CHECK_FALSE(CompileCache((t.path() / "c").string()).store("k", result("// x\n")));
}
