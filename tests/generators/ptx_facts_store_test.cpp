// The PTX scans' facts on disk (generators/ptx_facts_store.h, issue 28's cost bar, helper gcost):
// a scan of a large PTX is written once and read by the next process; the key moves with the
// scan, its arguments and the text; an entry not whole, edited or under another key is ignored
// (said on stderr) and written again; SOLVER_PTX_FACTS=0 turns the store off; CodeFacts survive
// JSON bit for bit; the compiled-in hash of the scanners' sources is this tree's.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "generators/ptx_facts_store.h"
#include "generators/ptx_int_provenance.h"
#include "generators/ptx_precision.h"
#include "generators/ptx_scan.h"
#include "rules/hash.h"
#include "rules/text_file.h"

using namespace solver;
using namespace solver::generators;
namespace fs = std::filesystem;

namespace {

// An FP64 kernel storing a widened FP32 product (fp32_arith_to_buffers answers 1), padded past
// the memo's 64 KiB floor; `tag` makes each text its own (no process memo shared across cases).
std::string big_ptx(const std::string& tag) {
  std::string dead;
  for (int i = 0; i < 8; ++i) dead += "fma.rn.f64 %fd2, %fd2, %fd2, %fd3;\n";
  return ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .f32 %f<8>;\n\t.reg .f64 %fd<8>;\n\t.reg .b64 %rd<4>;\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
         "\tld.global.f32 %f1, [%rd2];\n\tld.global.f64 %fd3, [%rd2+8];\n"
         "fma.rn.f32 %f2, %f1, %f1, %f1;\ncvt.f64.f32 %fd1, %f2;\n" +
         dead + "\tst.global.f64 [%rd2], %fd1;\n\tret;\n}\n// " + tag + " " +
         std::string(70 << 10, 'x') + "\n";
}

struct TempDir {
  std::string path;
  TempDir() {
    path = (fs::temp_directory_path() /
            ("ptx_facts_test_" + std::to_string(::getpid()) + "_" + std::to_string(++count())))
               .string();
    fs::remove_all(path);
    set_ptx_facts_dir(path);
  }
  ~TempDir() {
    set_ptx_facts_dir("");
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  static int& count() {
    static int n = 0;
    return n;
  }
  int entries() const {
    int n = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(path, ec))
      n += e.path().string().size() > 11 &&
           e.path().string().compare(e.path().string().size() - 11, 11, ".facts.json") == 0;
    return n;
  }
};

std::string flow_key(const std::string& ptx, bool decided) {
  return ptx_facts_key("fp32_arith_to_buffers", rules::sha256_hex(ptx),
                       decided ? "/decided" : "/all");
}

}  // namespace

TEST_CASE("PTX facts: a large module's scans are written once and served to a later reader") {
  TempDir dir;
  const std::string ptx = big_ptx("written");
  const auto p = scan_ptx_precision(ptx, FloatParams{});
  CHECK(p.f32_to_buffers == 1);
  CHECK(p.f32_decides_buffers == fp32_arith_to_buffers(ptx, true));
  CHECK(dir.entries() == 2);  // the flow scan, all stores and decided ones
  const auto stored = load_ptx_facts(dir.path, flow_key(ptx, false));
  REQUIRE(stored);
  CHECK(*stored == nlohmann::json(1));
  // A new process reads before it scans: a stored answer under a text this process never
  // scanned is what it gets (the store is trusted by its key; the key holds the scanners' hash).
  const std::string other = big_ptx("served");
  REQUIRE(store_ptx_facts(dir.path, flow_key(other, false), "fp32_arith_to_buffers", 7));
  CHECK(scan_ptx_precision(other, FloatParams{}).f32_to_buffers == 7);
  // scan_launched_code's facts, the same way.
  const std::string code = big_ptx("code");
  const CodeFacts direct = scan_launched_code(code, {"k"});
  const CodeFacts kept = scan_launched_code_kept(code, {"k"});
  CHECK(code_facts_json(kept) == code_facts_json(direct));
  CHECK(load_ptx_facts(dir.path, ptx_facts_key("scan_launched_code", rules::sha256_hex(code),
                                               std::string(1, '\0') + "k")));
  // Under 64 KiB nothing is kept (the scans take milliseconds there).
  const int before = dir.entries();
  (void)scan_ptx_precision(ptx.substr(0, ptx.find("// written")), FloatParams{});
  CHECK(dir.entries() == before);
}

TEST_CASE("PTX facts: the key moves with the scan, its arguments and the text") {
  const std::string sha = rules::sha256_hex("a");
  const std::string k = ptx_facts_key("fp32_arith_to_buffers", sha, "/all");
  CHECK(k.size() == 64);
  CHECK(k != ptx_facts_key("fp32_arith_to_buffers", sha, "/decided"));
  CHECK(k != ptx_facts_key("scan_launched_code", sha, "/all"));
  CHECK(k != ptx_facts_key("fp32_arith_to_buffers", rules::sha256_hex("b"), "/all"));
  // Length-prefixed: moving a byte between two parts moves the key.
  CHECK(ptx_facts_key("ab", sha, "c") != ptx_facts_key("a", sha, "bc"));
}

TEST_CASE("PTX facts: an entry not whole, edited or under another key is ignored and rewritten") {
  TempDir dir;
  const std::string ptx = big_ptx("damaged");
  const std::string key = flow_key(ptx, false);
  const std::string path = dir.path + "/" + key + ".facts.json";
  REQUIRE(store_ptx_facts(dir.path, key, "fp32_arith_to_buffers", 1));
  const std::string whole = *rules::try_read_text_file(path);
  auto write = [&](const std::string& text) { std::ofstream(path, std::ios::binary) << text; };
  write(whole.substr(0, whole.size() / 2));  // cut short
  CHECK(!load_ptx_facts(dir.path, key));
  write("{\"version\": 1}");  // fields missing
  CHECK(!load_ptx_facts(dir.path, key));
  std::string edited = whole;  // the value changed, the digest kept
  edited.replace(edited.find("\"value\":1"), 9, "\"value\":0");
  write(edited);
  CHECK(!load_ptx_facts(dir.path, key));
  write(whole);
  CHECK(!load_ptx_facts(dir.path, flow_key(big_ptx("elsewhere"), false)));  // no such entry
  fs::copy_file(path, dir.path + "/" + flow_key(big_ptx("elsewhere"), false) + ".facts.json");
  CHECK(!load_ptx_facts(dir.path, flow_key(big_ptx("elsewhere"), false)));  // another key inside
  // A damaged entry is a miss: the scan runs and the entry is whole again.
  write("not json");
  CHECK(scan_ptx_precision(ptx, FloatParams{}).f32_to_buffers == 1);
  const auto again = load_ptx_facts(dir.path, key);
  REQUIRE(again);
  CHECK(*again == nlohmann::json(1));
}

TEST_CASE("PTX facts: SOLVER_PTX_FACTS=0 or no folder turns the store off") {
  TempDir dir;
  CHECK(ptx_facts_dir() == dir.path);
  ::setenv("SOLVER_PTX_FACTS", "0", 1);
  CHECK(ptx_facts_dir().empty());
  (void)scan_ptx_precision(big_ptx("off"), FloatParams{});
  ::unsetenv("SOLVER_PTX_FACTS");
  CHECK(dir.entries() == 0);
  set_ptx_facts_dir("");
  CHECK(ptx_facts_dir().empty());
}

TEST_CASE("PTX facts: CodeFacts survive JSON bit for bit") {
  CodeFacts f;
  f.tensor = TensorOps{1, 2, 3, 4, 5};
  f.gemm_loop = true;
  f.load_chain.reset();
  f.load_chain_note = "load_chain of k not scanned";
  f.lane_access.accesses = 9;
  f.lane_access.contiguous = 0.1;
  f.lane_access.strided = std::nextafter(1.0, 2.0);
  f.lane_access.unknown = std::numeric_limits<double>::quiet_NaN();
  f.lane_access.stores = -0.0;
  f.lane_access.store_fill = std::numeric_limits<double>::infinity();
  f.lane_access.index_loads = 5e-324;
  f.missing = {"a", "b"};
  const auto back = code_facts_from_json(nlohmann::json::parse(code_facts_json(f).dump()));
  REQUIRE(back);
  CHECK(code_facts_json(*back) == code_facts_json(f));
  CHECK(back->tensor.tma_copies == 5);
  CHECK(!back->load_chain);
  CHECK(std::isnan(back->lane_access.unknown));
  CHECK(std::signbit(back->lane_access.stores));
  CHECK(back->lane_access.strided == std::nextafter(1.0, 2.0));
  CHECK(back->missing.size() == 2);
  nlohmann::json bad = code_facts_json(f);
  bad["lane"][0] = 0.1;  // a number where bits belong
  CHECK(!code_facts_from_json(bad));
  bad = code_facts_json(f);
  bad.erase("missing");
  CHECK(!code_facts_from_json(bad));
}

TEST_CASE("PTX facts: the compiled-in scanners' hash is this tree's") {
  // Recomputed as cmake/lint_sources_hash.cmake does, from the list it covered: a stale hash
  // (the build did not rerun the script after a scanner changed) fails here.
  std::istringstream list(ptx_scan_sources_list());
  std::string all, line;
  int files = 0;
  bool has_scan = false, has_flow = false;
  while (std::getline(list, line)) {
    if (line.empty()) continue;
    const auto text = rules::try_read_text_file(line, std::size_t(64) << 20);
    REQUIRE_MESSAGE(text, line);
    all += line + "\n" + rules::sha256_hex(*text) + "\n";
    ++files;
    has_scan = has_scan || line == "generators/ptx_scan.cpp";
    has_flow = has_flow || line == "generators/ptx_int_provenance.cpp";
  }
  CHECK(files > 50);
  CHECK(has_scan);
  CHECK(has_flow);
  CHECK(rules::sha256_hex(all) == ptx_scan_sources_hash());
}
