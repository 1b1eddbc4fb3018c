// Issue 28 (1): the include confinement decides on what the preprocessor reads, not on the
// spelling. Each way of writing a directive that NVRTC follows (digraph, comment between '#'
// and the name, line splice, trigraph, a raw string or digit separator that hides a comment
// start) is seen; every __has_include probe is seen with its argument and may only ask about
// the problem's own files. The NVRTC part proves each spelling really reaches a file outside
// the folder (so the test is about real bypasses) and skips without the toolkit.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "generators/nvrtc_compiler.h"
#include "generators/preprocessor_view.h"
#include "generators/problem_spec.h"
#include "generators/source_confinement.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "test_support.h"

using namespace solver::generators;
using solver::generators::test::TempDir;

namespace {

bool names(const PreprocessorView& v, const std::string& construct, const std::string& file) {
  return std::any_of(v.references.begin(), v.references.end(), [&](const FileReference& r) {
    return r.construct == construct && r.name == file && r.delimiter != 0;
  });
}

bool refused(const PreprocessorView& v, const std::string& needle) {
  return std::any_of(v.refusals.begin(), v.refusals.end(),
                     [&](const auto& r) { return r.second.find(needle) != std::string::npos; });
}

// The spellings of issue 28 and their relatives; each includes `target` under some reading.
std::vector<std::pair<std::string, std::string>> bypasses(const std::string& target) {
  const std::string q = "\"" + target + "\"";
  return {
      {"digraph", "%:include " + q + "\n"},
      {"comment between # and include", "#/* x */include " + q + "\n"},
      {"line splice in the name", "#inc\\\nlude " + q + "\n"},
      {"line splice after #", "# \\\n include " + q + "\n"},
      {"trigraph (--std=c++11)", "?\?=include " + q + "\n"},
      {"multi-line comment before #", "int a; /* one\n two */ #include " + q + "\n"},
      {"raw string hides a comment start",
       "const char* s = R\"x(\" /* )x\";\n#include " + q + "\n// */\n"},
      {"digit separator hides a comment start", "int a = 1'0; /* '\n#include " + q + "\n// */\n"},
  };
}

// Readings another preprocessor may take (NVRTC 13 does not end a line at a lone CR; GCC
// does): the view takes them too, so they are refused as well.
std::vector<std::pair<std::string, std::string>> every_reading(const std::string& target) {
  auto all = bypasses(target);
  all.push_back({"CR line end", "int a;\r#include \"" + target + "\"\n"});
  all.push_back({"blank after the splice", "#inc\\ \nlude \"" + target + "\"\n"});
  return all;
}

}  // namespace

TEST_CASE("every spelling of #include that a preprocessor follows is seen") {
  for (const auto& [what, text] : every_reading("/etc/passwd")) {
    INFO(what << ": " << text);
    auto v = preprocessor_view(text);
    CHECK(names(v, "include", "/etc/passwd"));
  }
  // A splice keeps the original line numbers for what follows it.
  auto v = preprocessor_view("int a;\n#inc\\\nlude \"x.h\"\n#include \"y.h\"\n");
  REQUIRE(v.references.size() == 2);
  CHECK(v.references[0].line == 2);
  CHECK(v.references[1].line == 4);
}

TEST_CASE("__has_include is seen with its argument; a pasted or macro-named probe is refused") {
  auto direct = preprocessor_view("#if __has_include(\"/etc/passwd\")\n#error y\n#endif\n");
  CHECK(names(direct, "__has_include", "/etc/passwd"));
  auto in_macro = preprocessor_view("#define P __has_include(</etc/passwd>)\n#if P\n#endif\n");
  CHECK(names(in_macro, "__has_include", "/etc/passwd"));
  auto digraph = preprocessor_view("%:if __has_include_next ( \"a/b.h\" )\n%:endif\n");
  CHECK(names(digraph, "__has_include_next", "a/b.h"));
  auto pasted = preprocessor_view("#define C(a,b) a##b\n#if C(__has_,include)(\"/x\")\n#endif\n");
  CHECK(refused(pasted, "'__has_' could be pasted"));
  auto one_char = preprocessor_view("#define C(a,b) a##b\n#if C(_,_has_include)(\"/x\")\n#endif\n");
  CHECK(refused(one_char, "'_' could be pasted"));
  auto macro_arg = preprocessor_view("#define F \"/x\"\n#if __has_include(F)\n#endif\n");
  REQUIRE(macro_arg.references.size() == 1);
  CHECK(macro_arg.references[0].delimiter == 0);
  CHECK(refused(preprocessor_view("int __has_include__;\n"), "spelled like a file probe"));
}

TEST_CASE("honest sources: what is in comments and strings is not a directive") {
  const std::string honest =
      "#include <cuda_fp16.h>\n"
      "#include \"common.h\"\n"
      "/*\n#include \"/etc/passwd\"\n*/\n"
      "// #include \"/etc/shadow\"\n"
      "const char* s = \"#include \\\"/etc/group\\\"\";\n"
      "#if __has_include(<cuda_bf16.h>)\n#endif\n"
      "int n = 1'000'000; float f = 1.5e-3f; int has = 0, next = 1, inc = 2;\n"
      "extern \"C\" __global__ void k(float* __restrict__ y) { y[0] = 'a' + 1; }\n";
  auto v = preprocessor_view(honest);
  INFO(v.references.size());
  CHECK(v.refusals.empty());
  REQUIRE(v.references.size() == 3);
  CHECK(names(v, "include", "cuda_fp16.h"));
  CHECK(names(v, "include", "common.h"));
  CHECK(names(v, "__has_include", "cuda_bf16.h"));
}

TEST_CASE("check_includes refuses the bypasses and answers probes only inside the folder") {
  TempDir t;
  t.write("p/local.h", "// fine\n");
  const std::string dir = (t.path() / "p").string();
  auto errors = [&](const std::string& kernel) {
    t.write("p/k.cu", kernel);
    return check_includes(dir, "k.cu", {});
  };
  for (const auto& [what, text] : every_reading("/etc/passwd")) {
    INFO(what);
    auto e = errors(text);
    CHECK(std::any_of(e.begin(), e.end(), [](const std::string& m) {
      return m.find("leaves the problem folder") != std::string::npos;
    }));
  }
  auto has = [&](const std::vector<std::string>& e, const std::string& needle) {
    return std::any_of(e.begin(), e.end(),
                       [&](const std::string& m) { return m.find(needle) != std::string::npos; });
  };
  CHECK(has(errors("#if __has_include(\"/etc/passwd\")\n#endif\n"), "leaves the problem folder"));
  CHECK(has(errors("#if __has_include(\"secret.txt\")\n#endif\n"), "probes a name that is not"));
  CHECK(has(errors("#if __has_include(<../../etc/passwd>)\n#endif\n"), "leaves the problem"));
  CHECK(errors("#if __has_include(\"local.h\") && __has_include(<cuda_fp16.h>)\n#endif\n"
               "%:include \"local.h\"\n")
            .empty());
}

TEST_CASE("NVRTC follows each refused spelling out of the folder (skips without NVRTC)") {
  if (!nvrtc_available()) return;
  TempDir t;
  const std::string outside = (t.path() / "outside.h").string();
  std::ofstream(outside) << "#error OUTSIDE_SENTINEL\n";
  int reached = 0;
  for (const auto& [what, text] : bypasses(outside)) {
    INFO(what);
    bool hit = false;
    for (const char* std : {"--std=c++17", "--std=c++11"}) {
      auto r = nvrtc_compile(text, "k.cu", {"--gpu-architecture=compute_90", std});
      hit = hit || r.log.find("OUTSIDE_SENTINEL") != std::string::npos;
    }
    INFO(what);
    CHECK(hit);
    reached += hit;
  }
  // Every spelling in the list is a real bypass under some --std a problem may give...
  CHECK(reached == int(bypasses(outside).size()));
  // ...and a probe answers about any path.
  auto probe = nvrtc_compile("#if __has_include(\"" + outside + "\")\n#error PROBED\n#endif\n",
                             "k.cu", {"--gpu-architecture=compute_90"});
  CHECK(probe.log.find("PROBED") != std::string::npos);
}

TEST_CASE("a -D option cannot smuggle a file probe past the include check (red team round 2)") {
  for (const char* bad : {"-DP=__has_include(\"/etc/passwd\")", "-DP=__has_include(</etc/passwd>)",
                          "-DH=__has_include", "--define-macro=H=__has_include_next",
                          "-DE=__has_embed", "-D_=1", "-DQ=__has_"}) {
    CAPTURE(bad);
    CHECK(!confine_compile_option(bad, ".").ok());
  }
  for (const char* good : {"-DN=4", "-DUSE_FAST", "--define-macro=TILE=(32*2)", "-DS=\"x\""}) {
    CAPTURE(good);
    CHECK(confine_compile_option(good, ".").ok());
  }
  // And they are real: NVRTC answers the probe from the option alone (skips without NVRTC).
  if (!nvrtc_available()) return;
  TempDir t;
  const std::string outside = (t.path() / "outside.h").string();
  std::ofstream(outside) << "int x;\n";
  auto direct =
      nvrtc_compile("#if P\n#error PROBED\n#endif\n", "k.cu",
                    {"--gpu-architecture=compute_90", "-DP=__has_include(\"" + outside + "\")"});
  CHECK(direct.log.find("PROBED") != std::string::npos);
  auto alias = nvrtc_compile("#if H(\"" + outside + "\")\n#error PROBED\n#endif\n", "k.cu",
                             {"--gpu-architecture=compute_90", "-DH=__has_include"});
  INFO(alias.log);
  CHECK(alias.log.find("PROBED") != std::string::npos);
}

TEST_CASE("every file NVRTC could open through an include folder is read or refused (red team 35)") {
  namespace fs = std::filesystem;
  TempDir t;
  t.write("outside/secret.h", "#define SECRET 1\n");
  t.write("p/k.cu", "#include <cuda/std/cstdint>\n__global__ void k() {}\n");
  t.write("p/include/ok.h", "// fine\n");
  const std::string dir = (t.path() / "p").string();
  auto has = [](const std::vector<std::string>& e, const std::string& needle) {
    return std::any_of(e.begin(), e.end(),
                       [&](const std::string& m) { return m.find(needle) != std::string::npos; });
  };
  CHECK(check_includes(dir, "k.cu", {}).empty());
  // A link inside the folder to a file inside it is read like any file.
  fs::create_symlink("ok.h", t.path() / "p/include/alias.h");
  CHECK(check_includes(dir, "k.cu", {}).empty());
  // A link to a file outside: a toolkit header's `#include <version>` would open it. Refused,
  // though the source never names it.
  fs::create_symlink(t.path() / "outside/secret.h", t.path() / "p/include/version");
  CHECK(has(check_includes(dir, "k.cu", {}), "resolves outside the problem folder"));
  fs::remove(t.path() / "p/include/version");
  // One folder named many times is walked once, so a later folder is still read; and a folder
  // of more files than the walk reads is refused, not cut short.
  for (int i = 0; i < 16; ++i) t.write("p/pad/f" + std::to_string(i) + ".h", "// pad\n");
  t.write("p/shadow/version", "#include \"../../outside/secret.h\"\n");
  std::vector<std::string> dirs(40, (t.path() / "p/pad").string());
  dirs.push_back((t.path() / "p/shadow").string());
  CHECK(has(check_includes(dir, "k.cu", dirs), "leaves the problem folder"));
  fs::remove(t.path() / "p/shadow/version");
  for (std::size_t i = 0; i <= kMaxIncludeFolderFiles; ++i)
    t.write("p/many/m" + std::to_string(i) + ".h", "// many\n");
  CHECK(has(check_includes(dir, "k.cu", {(t.path() / "p/many").string()}), "files: past what"));
}

namespace {

const solver::rules::ChipProfile& h200_chip() {
  static solver::rules::ChipTable t = solver::rules::load_chip_table("rules/chips.yaml");
  return *t.find("h200");
}

// A problem whose child includes a toolkit header and uses RED37_SCALE, which only a file NVRTC
// opens on its own (a std-spelled name in include/, or an #include_next target) defines.
void write_problem(const TempDir& t, const std::string& sub, const std::string& source,
                   const std::string& options) {
  t.write(sub + "/problem.yaml",
          "version: 1\nname: fallback\ndescription: \"red team 37\"\ntimeout_ms: 2000\n"
          "scalars:\n  n: 1024\nbuffers:\n"
          "  x: {dtype: f32, shape: [n], role: in, init: {dist: uniform, low: 0, high: 1}}\n"
          "  y: {dtype: f32, shape: [n], role: out}\nflops: n\nbytes: 8*n\n"
          "tolerance:\n  fp32: {rtol: 1.0e-5, atol: 0}\n"
          "reference:\n  source: ref.cu\n  entry: r\n  args: [x, y, n]\n"
          "  grid: [\"ceil_div(n, 256)\"]\n  block: [256]\nseed: child\nvariants:\n"
          "  - id: child\n    source: k.cu\n    entry: k\n    args: [x, y, n]\n"
          "    grid: [\"ceil_div(n, 256)\"]\n    block: [256]\n" +
              options);
  t.write(sub + "/ref.cu",
          "extern \"C\" __global__ void r(const float* x, double* y, int n) {\n"
          "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = x[i];\n}\n");
  t.write(sub + "/k.cu", source +
                             "extern \"C\" __global__ void k(const float* x, float* y, int n) {\n"
                             "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                             "  if (i < n) y[i] = RED37_SCALE * x[i];\n}\n");
}

std::string child_hash(const TempDir& t, const std::string& sub) {
  const ProblemSpec spec = load_problem((t.path() / sub).string());
  return resolve(spec, *spec.find_variant("child"), {}, h200_chip()).source_hash;
}

}  // namespace

TEST_CASE("an edit of a file NVRTC opens on its own moves the compile key (red team 37)") {
  TempDir t;
  // A std-spelled name in include/ (NVRTC 13.0 opens include/version for CCCL's <version>).
  write_problem(t, "a/fallback", "#include <cuda/std/cstdint>\n", "");
  t.write("a/fallback/include/version", "#define RED37_SCALE 1.0f\n");
  const std::string v1 = child_hash(t, "a/fallback");
  t.write("a/fallback/include/version", "#define RED37_SCALE 0.5f\n");
  CHECK(child_hash(t, "a/fallback") != v1);
  // An #include_next target: include/wrap.h goes on to inc2/wrap.h.
  write_problem(t, "b/fallback", "#include <wrap.h>\n", "    compile_options: [\"-Iinc2\"]\n");
  t.write("b/fallback/include/wrap.h", "#pragma once\n#include_next <wrap.h>\n");
  t.write("b/fallback/inc2/wrap.h", "#define RED37_SCALE 1.0f\n");
  const std::string w1 = child_hash(t, "b/fallback");
  t.write("b/fallback/inc2/wrap.h", "#define RED37_SCALE 0.5f\n");
  CHECK(child_hash(t, "b/fallback") != w1);
  // A file with an extension that nothing includes is checked, not a dependency: no key moves.
  t.write("a/fallback/include/unused.cuh", "// 1\n");
  const std::string u1 = child_hash(t, "a/fallback");
  t.write("a/fallback/include/unused.cuh", "// 2\n");
  CHECK(child_hash(t, "a/fallback") == u1);
}

TEST_CASE("an include folder entry that is not a regular file is refused, never opened (red team 37)") {
  namespace fs = std::filesystem;
  TempDir t;
  t.write("p/k.cu", "#include <cuda/std/cstdint>\n__global__ void k() {}\n");
  t.write("p/include/ok.h", "// fine\n");
  t.write("outside/real/x.h", "// outside\n");
  const std::string dir = (t.path() / "p").string();
  auto refusal = [&](const std::string& entry) {
    for (const std::string& m : check_includes(dir, "k.cu", {}))
      if (m.find(entry) != std::string::npos) return m;
    return std::string();
  };
  REQUIRE(check_includes(dir, "k.cu", {}).empty());
  // A FIFO: NVRTC's open of it blocks. The walk decides on its type and opens nothing (the test's
  // ctest TIMEOUT catches a hang).
  REQUIRE(::mkfifo((t.path() / "p/include/version").c_str(), 0644) == 0);
  CHECK(refusal("include/version").find("a FIFO") != std::string::npos);
  fs::remove(t.path() / "p/include/version");
  // A link to a FIFO outside the folder.
  REQUIRE(::mkfifo((t.path() / "outside/pipe").c_str(), 0644) == 0);
  fs::create_symlink(t.path() / "outside/pipe", t.path() / "p/include/cstdint");
  CHECK(refusal("include/cstdint").find("a link to a FIFO") != std::string::npos);
  fs::remove(t.path() / "p/include/cstdint");
  // A link to a device, a dangling link, a link to a folder (not walked, yet NVRTC opens files
  // through it).
  fs::create_symlink("/dev/zero", t.path() / "p/include/zero.h");
  CHECK(refusal("include/zero.h").find("a link to a character device") != std::string::npos);
  fs::remove(t.path() / "p/include/zero.h");
  fs::create_symlink(t.path() / "nowhere", t.path() / "p/include/gone.h");
  CHECK(refusal("include/gone.h").find("dangling") != std::string::npos);
  fs::remove(t.path() / "p/include/gone.h");
  fs::create_directory_symlink(t.path() / "outside/real", t.path() / "p/include/sub");
  CHECK(refusal("include/sub").find("a link to a folder") != std::string::npos);
  fs::remove(t.path() / "p/include/sub");
  // A real subfolder is walked, as before.
  t.write("p/include/sub/y.h", "// inside\n");
  CHECK(check_includes(dir, "k.cu", {}).empty());
}
