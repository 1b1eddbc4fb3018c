// Hostile problem folders (issue 13): knob spaces too large to walk, sizes that overflow,
// scalars that do not fit their dtype, duplicate keys, a second document, includes and
// compile options that reach outside the folder, special files in place of problem.yaml.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <chrono>
#include <filesystem>

#include "generators/problem_spec.h"
#include "generators/source_confinement.h"
#include "generators/validate.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver;
using namespace solver::generators;
using namespace solver::generators::test;

namespace {

std::string spec(const std::string& scalars, const std::string& variant_extra,
                 const std::string& shape = "[N]") {
  return "version: 1\n"
         "name: h\n"
         "scalars: {" +
         scalars +
         "}\n"
         "buffers:\n"
         "  x: {dtype: f32, shape: " +
         shape +
         "}\n"
         "  y: {dtype: f32, shape: [N], role: out}\n"
         "flops: N\n"
         "bytes: 8*N\n"
         "tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
         "reference: {source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n"
         "variants:\n"
         "  - id: v\n"
         "    source: k.cu\n"
         "    entry: k\n"
         "    args: [x, y, N]\n"
         "    grid: [1]\n"
         "    block: [256]\n" +
         variant_extra;
}

void write(
    const TempDir& t, const std::string& yaml,
    const std::string& kernel = "extern \"C\" __global__ void k(const float*, float*, int) {}\n") {
  t.write("h/problem.yaml", yaml);
  t.write("h/k.cu", kernel);
}

std::string values(int n) {
  std::string s = "[";
  for (int i = 1; i <= n; ++i) s += std::to_string(i) + (i < n ? "," : "]");
  return s;
}

bool any_message(const std::vector<rules::Diagnostic>& ds, const std::string& needle) {
  for (const auto& d : ds)
    if (d.message.find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("a knob space over the limit is refused on its counts, naming its size, at once") {
  TempDir t;
  std::string knobs = "    knobs:\n";
  for (const char* k : {"A", "B", "C", "D"})
    knobs += std::string("      ") + k + ": " + values(1000) + "\n";
  write(t, spec("N: 256", knobs));
  auto start = std::chrono::steady_clock::now();
  auto errors = load_errors((t.path() / "h").string());
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(dump(errors));
  CHECK(any_message(errors, "1000000000000 points (1000 x 1000 x 1000 x 1000)"));
  CHECK(any_message(errors, std::to_string(kMaxKnobPoints)));
  CHECK(s < 5);
}

TEST_CASE("for_each_knob_point walks the same points as enumerate_knobs, and stops early") {
  TempDir t;
  write(t,
        spec("N: 256",
             "    knobs:\n      A: [1, 2, 3]\n      B: [4, 5]\n    constraints: [\"A != 2\"]\n"));
  auto p = load_problem((t.path() / "h").string());
  const auto& v = p.variants.front();
  CHECK(knob_space_size(v) == 6);
  std::vector<KnobValues> walked;
  for_each_knob_point(p, v, [&](const KnobValues& k) {
    walked.push_back(k);
    return true;
  });
  CHECK(walked == enumerate_knobs(p, v));
  CHECK(walked.size() == 4);
  int seen = 0;
  for_each_knob_point(p, v, [&](const KnobValues&) { return ++seen < 2; });
  CHECK(seen == 2);
}

TEST_CASE("buffer sizes are overflow-checked: 1.8e19 elements is an issue, not a small number") {
  TempDir t;
  // 2^32 * 2^32 elements wraps a signed 64-bit product to 0.
  write(t, spec("N: 256, M: {value: 4294967296, dtype: i64}", "", "[M, M]"));
  auto p = load_problem((t.path() / "h").string());
  auto rv = resolve_shapes(p, p.variants.front(), {});
  CHECK_FALSE(rv.ok());
  CHECK(any_message(rv.issues, "larger than 1024 GiB"));
  CHECK(rv.find_buffer("x")->bytes == 0);
}

TEST_CASE("scalars must fit their dtype") {
  TempDir t;
  write(t, spec("N: 2147483648", ""));
  CHECK(any_message(load_errors((t.path() / "h").string()), "does not fit i32"));
  write(t, spec("N: 256, U: {value: 4294967296, dtype: u32}", ""));
  CHECK(any_message(load_errors((t.path() / "h").string()), "does not fit u32"));
  write(t, spec("N: 2147483647", ""));
  CHECK(load_errors((t.path() / "h").string()).empty());
}

TEST_CASE("duplicate keys in any map and a second document are refused, located") {
  TempDir t;
  write(t, spec("N: 256, N: 512", ""));
  auto errors = load_errors((t.path() / "h").string());
  INFO(dump(errors));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].where.line == 3);
  CHECK(errors[0].message.find("duplicate key 'N' (first given at line 3") != std::string::npos);
  std::string y = spec("N: 256", "");
  y.replace(y.find("tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}"), 42,
            "tolerance:\n  fp32: {rtol: 1.0e-5, atol: 0}\n  fp32: {rtol: 1.0, atol: 1}");
  write(t, y);
  errors = load_errors((t.path() / "h").string());
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].where.line == 11);
  CHECK(errors[0].message.find("line 10") != std::string::npos);
  write(t, spec("N: 256", "") + "---\nname: other\n");
  errors = load_errors((t.path() / "h").string());
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].message.find("second YAML document") != std::string::npos);
}

TEST_CASE("problem.yaml must be a regular file of bounded size: no /dev/zero, no FIFO hang") {
  TempDir t;
  write(t, spec("N: 256", ""));
  std::filesystem::remove(t.path() / "h/problem.yaml");
  REQUIRE(::mkfifo((t.path() / "h/problem.yaml").c_str(), 0600) == 0);
  auto start = std::chrono::steady_clock::now();
  CHECK(any_message(load_errors((t.path() / "h").string()), "not a regular file"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  std::filesystem::remove(t.path() / "h/problem.yaml");
  std::filesystem::create_symlink("/dev/zero", t.path() / "h/problem.yaml");
  CHECK(any_message(load_errors((t.path() / "h").string()), "not a regular file"));
  std::filesystem::remove(t.path() / "h/problem.yaml");
  t.write("h/problem.yaml", "# " + std::string((16 << 20) + 10, 'x') + "\n");
  CHECK(any_message(load_errors((t.path() / "h").string()), "larger than the 16 MiB"));
}

TEST_CASE("includes stay inside the problem folder; compile options come from an allowlist") {
  TempDir t;
  auto errors_for = [&](const std::string& kernel, const std::string& extra = "") {
    write(t, spec("N: 256", extra), kernel);
    return load_errors((t.path() / "h").string());
  };
  CHECK(any_message(errors_for("#include \"/etc/passwd\"\n"), "leaves the problem folder"));
  CHECK(any_message(errors_for("#include <../../../etc/passwd>\n"), "leaves the problem folder"));
  CHECK(any_message(errors_for("  #  include \"../secret.h\"\n"), "leaves the problem folder"));
  CHECK(any_message(errors_for("#define F \"/etc/passwd\"\n#include F\n"), "through a macro"));
  CHECK(any_message(errors_for("#include \"missing.h\"\n"), "is not a file in the problem folder"));
  // A local header is fine, but what it includes is checked too.
  t.write("h/inc/local.h", "#include \"/etc/hostname\"\n");
  auto nested = errors_for("#include \"inc/local.h\"\n");
  CHECK(any_message(nested, "inc/local.h:1"));
  t.write("h/inc/local.h", "// fine\n");
  CHECK(errors_for("#include \"inc/local.h\"\n#include <cuda_fp16.h>\n").empty());
  // Options.
  const std::string k = "extern \"C\" __global__ void k(const float*, float*, int) {}\n";
  for (const char* bad : {"--pre-include=/etc/passwd", "-include", "--include-path=/etc", "-I..",
                          "-I/usr/include", "--output-file=x", "-Iinc/../../.."}) {
    auto e = errors_for(k, std::string("    compile_options: [\"") + bad + "\"]\n");
    INFO(bad << "\n" << dump(e));
    CHECK_FALSE(e.empty());
  }
  CHECK(
      errors_for(k, "    compile_options: [\"--use_fast_math\", \"-DX=1\", \"-Iinc\"]\n").empty());
  auto p = load_problem((t.path() / "h").string());
  const auto& opts = p.variants.front().compile_options;
  REQUIRE(opts.size() == 3);
  CHECK(opts[2] == "-I" + std::filesystem::weakly_canonical(t.path() / "h/inc").string());
  // A header found through the declared folder.
  t.write("h/inc/found.h", "// ok\n");
  // (The reference shares k.cu but has no -Iinc: only its `source` line, 10, may complain.)
  auto found = errors_for("#include \"found.h\"\n", "    compile_options: [\"-Iinc\"]\n");
  INFO(dump(found));
  CHECK(has_error(found, 10, 0, "found.h"));
  CHECK_FALSE(has_error(found, 13, 0, "found.h"));
}
