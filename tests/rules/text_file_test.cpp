// rules/text_file.h: the one whole-file read (refusing what is not a regular file, or is too
// large, without hanging or reading without bound) and the one atomic write.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "rules/diagnostics.h"
#include "rules/temp_name.h"
#include "rules/text_file.h"
#include "rules/text_file_at.h"

using namespace solver::rules;
namespace fs = std::filesystem;

namespace {
fs::path scratch(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("solver_text_file_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d / name;
}
std::string error_of(const std::string& path, std::size_t cap = kMaxInputFileBytes) {
  try {
    read_text_file(path, "rule table", cap);
  } catch (const InputError& e) {
    return e.format();
  }
  return "";
}
}  // namespace

TEST_CASE("read_text_file reads a file whole and refuses what is not one, located") {
  fs::path f = scratch("a.yaml");
  std::ofstream(f) << "version: 1\n" << std::string(100000, 'x');
  CHECK(read_text_file(f.string()).size() == 11 + 100000);
  CHECK(try_read_text_file(f.string()).has_value());

  std::string missing = error_of(scratch("missing.yaml").string());
  CHECK(missing.find("missing.yaml") != std::string::npos);
  CHECK(missing.find("cannot read the rule table") != std::string::npos);
  CHECK(error_of(scratch("").string()).find("is a folder, not a file") != std::string::npos);
  CHECK(error_of("/dev/zero").find("not a regular file") != std::string::npos);
  CHECK(error_of(f.string(), 1000).find("larger than the 1000 bytes an input file may be") !=
        std::string::npos);
  CHECK_FALSE(try_read_text_file("/dev/zero").has_value());

  // A FIFO with no writer: refused at once, never a hang.
  fs::path fifo = scratch("fifo.yaml");
  fs::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(error_of(fifo.string()).find("not a regular file") != std::string::npos);
  fs::remove(fifo);
}

TEST_CASE("write_file_atomically replaces the file whole and leaves no temporary behind") {
  fs::path f = scratch("out.json");
  write_file_atomically(f.string(), "first");
  write_file_atomically(f.string(), "second, longer");
  CHECK(read_text_file(f.string()) == "second, longer");
  int files = 0;
  for (const auto& e : fs::directory_iterator(f.parent_path()))
    files += e.path().filename().string().rfind("out.json", 0) == 0;
  CHECK(files == 1);
  // An unwritable place is the environment's refusal: a runtime error naming the path.
  CHECK_THROWS_WITH_AS(write_file_atomically("/proc/solver-no-such-dir/x.json", "x"),
                       doctest::Contains("/proc/solver-no-such-dir/x.json"), std::runtime_error);
  fs::remove_all(f.parent_path());
}

TEST_CASE("write_file_atomically never follows a link planted at its temporary name") {
  // The temporary name is predictable (temp_name_for: path, pid, counter): a link planted there
  // must not be followed (O_TRUNC through it would overwrite the file it points at).
  const fs::path victim = scratch("victim.txt");
  const fs::path target = scratch("planted_target.json");
  { std::ofstream(victim) << "the user's own file\n"; }
  const std::string probe = temp_name_for(target.string());  // ".tmp.<pid>.<k>"
  const std::string next = probe.substr(0, probe.rfind('.') + 1) +
                           std::to_string(std::stoul(probe.substr(probe.rfind('.') + 1)) + 1);
  fs::remove(next);
  fs::create_symlink(victim, next);
  write_file_atomically(target.string(), "new\n");
  CHECK(read_text_file(victim.string()) == "the user's own file\n");
  CHECK(read_text_file(target.string()) == "new\n");
  CHECK_FALSE(fs::exists(fs::symlink_status(next)));
  fs::remove(victim);
  fs::remove(target);
}

TEST_CASE("the _at forms read and write one name inside an open folder, never through a link") {
  const fs::path dir = scratch("at_dir");
  fs::create_directories(dir);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  REQUIRE(fd >= 0);
  write_file_atomically_at(fd, "entry", "sealed\n", 0600);
  struct stat st {};
  REQUIRE(::stat((dir / "entry").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  CHECK(try_read_text_file_at(fd, "entry", 100) == std::optional<std::string>("sealed\n"));
  CHECK_FALSE(try_read_text_file_at(fd, "entry", 3));  // over the cap
  fs::create_symlink(dir / "entry", dir / "link");
  CHECK_FALSE(try_read_text_file_at(fd, "link", 100));             // a link is refused
  CHECK_FALSE(try_read_text_file_at(fd, "../at_dir/entry", 100));  // one component only
  CHECK_THROWS(write_file_atomically_at(fd, "a/b", "x", 0600));
  ::close(fd);
  fs::remove_all(dir);
}
