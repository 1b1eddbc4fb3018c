// Red team 33 (issue 28, P1): a toolkit header's computed include (`#include MACRO`) reads
// whatever path the macro names, and the include check never reads toolkit headers. So the
// toolkit is scanned for the macros that reach such an include, and a problem may not define
// or undefine one (generators/toolkit_include_macros.h, source_confinement.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "generators/problem_spec.h"
#include "generators/source_confinement.h"
#include "generators/toolkit_dirs.h"
#include "generators/toolkit_include_macros.h"
#include "rules/diagnostics.h"
#include "test_support.h"

using namespace solver::generators;
using solver::generators::test::TempDir;
namespace fs = std::filesystem;

namespace {

bool in_set(const std::string& name) { return toolkit_include_macros().names.count(name) > 0; }

std::string load_error(const std::string& dir) {
  try {
    load_problem(dir);
  } catch (const solver::rules::InputError& e) {
    std::string all;
    for (const auto& d : e.diagnostics()) all += d.message + "\n";
    return all.empty() ? std::string(e.what()) : all;
  }
  return "";
}

}  // namespace

TEST_CASE("the closure: computed include names, then every name their #defines expand") {
  TempDir t;
  t.write("a/computed.h",
          "#pragma once\n#include ROOT_HEADER\n#inc\\\nlude_next SPLICED\n"
          "// #include IN_A_COMMENT\n/* #include IN_A_BLOCK */\n#include <literal.h>\n"
          "#include \"quoted.h\"\n#if __has_include(PROBED)\n#endif\n");
  t.write("a/defs",  // headers without an extension are headers too (<cuda/std/type_traits>)
          "#define ROOT_HEADER <MID/sub/x.h>\n#define MID pre/LEAF(1)\n"
          "#define LEAF(param, ...) param##suffix __VA_ARGS__\n"
          "#define UNRELATED <y.h>\n#define STRINGLY \"NOT_A_NAME\" 12ULL\n"
          "#define SPLICED \\\n  CONTINUED\n");
  const auto m = scan_toolkit_include_macros({(t.path() / "a").string()});
  std::set<std::string> got;
  for (const auto& [name, where] : m.names) got.insert(name);
  CHECK(got == std::set<std::string>{"CONTINUED", "LEAF", "MID", "PROBED", "ROOT_HEADER", "SPLICED",
                                     "h", "pre", "sub", "suffix", "x"});
  CHECK(m.files == 2);
  REQUIRE(m.pasting.size() == 1);  // LEAF pastes: the name it makes cannot be known here
  CHECK(m.pasting[0].find("defs:3:") == 0);
  CHECK(m.names.at("ROOT_HEADER").find("computed.h:2:") == 0);
  CHECK(m.names.at("suffix").find("defs:3: #define LEAF") == 0);
}

TEST_CASE("the toolkit's set, computed here (empty without a toolkit)") {
  const auto& m = toolkit_include_macros();
  MESSAGE("toolkit folders " << m.dirs.size() << ", files " << m.files << ", names "
                             << m.names.size() << ", scan " << m.seconds << " s");
  if (toolkit_include_dirs().empty()) {
    CHECK(m.names.empty());
    return;
  }
  // A pasted name in an include's expansion would escape the set: none on this toolkit.
  CHECK_MESSAGE(m.pasting.empty(), (m.pasting.empty() ? "" : m.pasting[0]));
  const fs::path mr = fs::path(toolkit_include_dirs().back()) / "thrust/mr/memory_resource.h";
  if (fs::exists(mr)) CHECK(in_set("THRUST_MR_STD_MR_HEADER"));
  // The control's configuration macros reach no include.
  for (const char* ok : {"CUB_IGNORE_DEPRECATED_CPP_DIALECT", "CCCL_IGNORE_DEPRECATED_CPP_DIALECT",
                         "CUB_IGNORE_DEPRECATED_API"})
    CHECK_MESSAGE(!in_set(ok), ok);
}

TEST_CASE("a source, a local header or an option that defines a set name is refused") {
  TempDir t;
  const std::string dir = t.path().string();
  // Spelled as a preprocessor reads it: a digraph, a splice, a comment.
  t.write("k.cu", "%:define detail 1\n#include \"h.cuh\"\n");
  t.write("h.cuh", "# /* c */ un\\\ndef system\n#define NOT_A_TOOLKIT_NAME_XYZ 1\n");
  const auto msgs = check_includes(dir, "k.cu", {});
  auto refused = [&](const std::string& at) {
    return std::any_of(msgs.begin(), msgs.end(),
                       [&](const std::string& m) { return m.rfind(at, 0) == 0; });
  };
  CHECK(refused("k.cu:1: #define 'detail'") == in_set("detail"));
  CHECK(refused("h.cuh:1: #undef 'system'") == in_set("system"));
  CHECK_FALSE(in_set("NOT_A_TOOLKIT_NAME_XYZ"));
  CHECK(msgs.size() == std::size_t(in_set("detail")) + std::size_t(in_set("system")));
  for (const char* o :
       {"-Ddetail=1", "--define-macro=detail", "-Udetail", "--undefine-macro=detail"})
    CHECK_MESSAGE(confine_compile_option(o, dir).ok() == !in_set("detail"), o);
  CHECK(confine_compile_option("-DNOT_A_TOOLKIT_NAME_XYZ=2", dir).ok());
}

TEST_CASE("a header in the include folder is checked though the source never names it") {
  // A toolkit header's `#include <cstddef>` finds include/cstddef (red team 33's stub): its
  // directives are NVRTC's too.
  TempDir t;
  t.write("k.cu", "extern \"C\" __global__ void k() {}\n");
  t.write("include/cstddef", "#include \"/etc/passwd\"\n");
  const auto msgs = check_includes(t.path().string(), "k.cu", {});
  REQUIRE(msgs.size() == 1);
  CHECK(msgs[0].find("include/cstddef:1:") == 0);
}

TEST_CASE("red team 33's folder is refused at load, its control loads") {
  const std::string root = test::source_dir() + "/tests";
  const std::string err =
      load_error(root + "/cheats_load_refused/redteam33_toolkit_computed_include");
  INFO(err);
  if (in_set("THRUST_MR_STD_MR_HEADER")) {
    CHECK(err.find("#define 'THRUST_MR_STD_MR_HEADER'") != std::string::npos);
    CHECK(err.find("cheat.cu:32:") != std::string::npos);
  }
  CHECK(load_error(root + "/cheats/control_redteam33_cub_config_macros").empty());
}

TEST_CASE("red team 34's 33-level include chain is refused at load, naming the chain") {
  const std::string err =
      load_error(test::source_dir() + "/tests/cheats_load_refused/redteam34_deep_include_chain");
  INFO(err);
  CHECK(err.find("more than 32 levels of local includes") != std::string::npos);
  CHECK(err.find("chain/h00.h -> chain/h01.h") != std::string::npos);
  CHECK(err.find("chain/h31.h -> h32.h") != std::string::npos);
  CHECK(err.find("chain/h31.h:3:") != std::string::npos);
}

TEST_CASE("an include chain at the depth bound is read and hashed; one past it is refused") {
  TempDir t;
  auto chain = [&](int links) {
    t.write("k.cu", "#include \"h0.h\"\nextern \"C\" __global__ void k() {}\n");
    for (int i = 0; i < links; ++i)
      t.write("h" + std::to_string(i) + ".h",
              i + 1 < links ? "#include \"h" + std::to_string(i + 1) + ".h\"\n" : "\n");
  };
  chain(kMaxIncludeDepth);  // h0 at depth 1 ... h31 at depth 32: every one read
  std::vector<std::string> headers;
  CHECK(check_includes(t.path().string(), "k.cu", {}, &headers).empty());
  CHECK(headers.size() == std::size_t(kMaxIncludeDepth));
  chain(kMaxIncludeDepth + 1);  // h31 names h32: past the bound
  const auto msgs = check_includes(t.path().string(), "k.cu", {});
  REQUIRE(msgs.size() == 1);
  CHECK(msgs[0].find("h31.h:1:") == 0);
  CHECK(msgs[0].find("k.cu -> h0.h -> h1.h") != std::string::npos);
}
