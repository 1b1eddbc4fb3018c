// Issue 33: a kernel source is kept once. The cheat suite and the labelled suite name the seeds,
// references and children they share from the kernel library (`source: kernels:...`,
// `kernels: [...]` and an #include, kernels/README.md) instead of carrying copies: before h33c,
// 27 folders of tests/cheats carried a seed or reference another folder (or the library) had
// byte for byte, comments aside (the blur seed in ten folders, the Boys seed and reference in
// eight). This test reads the sources as text (no compile, well under a second) and fails on
// any two files of kernels/, problems/, tests/cheats and tests/labelled whose code is the same
// once comments, blank lines and trailing blanks are set aside; the message names both and the
// fix.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace fs = std::filesystem;
using solver::generators::test::source_dir;

namespace {

bool kernel_source(const fs::path& p) {
  const std::string e = p.extension().string();
  return e == ".cu" || e == ".cuh" || e == ".h";
}

// The lines of code of `path`: each line without trailing blanks, with no blank line and no line
// that is only a // comment. Block comments and trailing comments stay (they are rare here, and a
// copy keeps them too).
std::string code_of(const fs::path& path, int& lines) {
  std::ifstream in(path);
  std::ostringstream out;
  lines = 0;
  for (std::string line; std::getline(in, line);) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
      line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line.compare(first, 2, "//") == 0) continue;
    out << line << '\n';
    ++lines;
  }
  return out.str();
}

// Same code -> the files (relative to the source tree) that hold it, over `roots`.
std::map<std::string, std::vector<std::string>> by_code(const std::vector<std::string>& roots) {
  std::map<std::string, std::vector<std::string>> out;
  const fs::path src(source_dir());
  for (const auto& r : roots) {
    if (!fs::exists(src / r)) continue;
    for (const auto& e : fs::recursive_directory_iterator(src / r)) {
      if (!e.is_regular_file() || !kernel_source(e.path())) continue;
      int lines = 0;
      std::string code = code_of(e.path(), lines);
      if (lines < 6) continue;  // `duplicates` pairs runs of 6 lines or more
      out[code].push_back(fs::relative(e.path(), src).generic_string());
    }
  }
  return out;
}

}  // namespace

TEST_CASE("no kernel source of the library, problems, cheat or labelled suites is a copy") {
  const auto groups = by_code({"kernels", "problems", "tests/cheats", "tests/labelled"});
  REQUIRE(groups.size() > 300);  // the roots were read (about 430 files of 6 lines or more)
  for (const auto& [code, files] : groups) {
    if (files.size() < 2) continue;
    std::string list;
    for (const auto& f : files) list += "\n  " + f;
    FAIL_CHECK("the same kernel code in " << files.size() << " files:" << list
                                          << "\nkeep one in kernels/ and name it from each folder "
                                             "(`source: kernels:<dir>/<file>`, or `kernels: "
                                             "[<dir>]` and an #include; kernels/README.md)");
  }
}

TEST_CASE("the copy check sees a copy that differs in comments and blanks only") {
  // The normalisation the check above relies on: two files that differ only in their comments,
  // blank lines and trailing blanks have the same code; a changed statement does not.
  const fs::path dir = fs::temp_directory_path() / "kernel_copies_test";
  fs::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return dir / name;
  };
  const std::string body =
      "extern \"C\" __global__ void k(float* y, int n) {\n"
      "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i >= n) return;\n"
      "  float s = 0.f;\n"
      "  for (int k = 0; k < 8; ++k) s += k;\n"
      "  y[i] = s;\n"
      "}\n";
  int la = 0, lb = 0, lc = 0;
  const auto a = code_of(write("a.cu", "// folder a's seed\n" + body), la);
  const auto b =
      code_of(write("b.cu", "// folder b's seed, another comment\n\n" + body + "  \n"), lb);
  std::string changed = body;
  changed.replace(changed.find("s += k"), 6, "s -= k");
  const auto c = code_of(write("c.cu", changed), lc);
  CHECK(la == 7);
  CHECK(a == b);
  CHECK(a != c);
  fs::remove_all(dir);
}
