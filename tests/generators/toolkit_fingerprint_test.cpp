// generators/toolkit_dirs.h's toolkit_fingerprint: the compile cache's key follows the toolkit as
// it is on disk, so a toolkit header edited or a toolkit updated in place under the same NVRTC
// major.minor serves no stale cubin (review38).
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "generators/toolkit_dirs.h"
#include "test_support.h"

using namespace solver::generators;
namespace fs = std::filesystem;

namespace {
void set_mtime(const fs::path& p, long sec) {
  fs::last_write_time(p, fs::file_time_type(std::chrono::seconds(sec)));
}
}  // namespace

TEST_CASE(
    "toolkit fingerprint: a header edited, added or touched, or the library replaced, changes it") {
  test::TempDir t;
  const fs::path inc = t.path() / "include";
  fs::create_directories(inc / "crt");
  const fs::path h = inc / "crt" / "host_defines.h";  // a header with an extension, nested
  const fs::path lib = t.path() / "libnvrtc.so.13.0.48";
  { std::ofstream(h) << "#define X 1\n"; }
  { std::ofstream(lib) << "library"; }
  set_mtime(h, 1000);
  set_mtime(lib, 1000);
  const std::vector<std::string> dirs{inc.string()};
  const std::vector<std::string> libs{lib.string()};
  const std::string before = toolkit_fingerprint(dirs, libs);
  CHECK(toolkit_fingerprint(dirs, libs) == before);  // nothing changed: the same key
  { std::ofstream(h) << "#define X 22\n"; }          // edited (another size)
  set_mtime(h, 1000);
  const std::string edited = toolkit_fingerprint(dirs, libs);
  CHECK(edited != before);
  set_mtime(h, 2000);  // the same size, a new time (an update in place)
  CHECK(toolkit_fingerprint(dirs, libs) != edited);
  const std::string touched = toolkit_fingerprint(dirs, libs);
  { std::ofstream(inc / "new.hpp") << "x"; }  // a header added
  CHECK(toolkit_fingerprint(dirs, libs) != touched);
  const std::string added = toolkit_fingerprint(dirs, libs);
  { std::ofstream(lib) << "another library"; }
  CHECK(toolkit_fingerprint(dirs, libs) != added);
  CHECK(toolkit_fingerprint({}, {}) != toolkit_fingerprint(dirs, {}));
}
