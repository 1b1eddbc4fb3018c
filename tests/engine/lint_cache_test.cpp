// The tolerance lint's verdict cache (engine/backend/gpu/lint_cache.h, issue 28, h29c): every
// input of the verdict moves the key; an entry cut short, edited or under another key is a miss,
// never trusted, and written again; a hit is said in the gate's words and the ledger's narrowed
// checks; the compiled-in hash of the lint's sources is the hash of the sources in this tree.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "engine/backend/gpu/lint_cache.h"
#include "engine/backend/narrowed_checks.h"
#include "rules/hash.h"
#include "rules/text_file.h"

using namespace solver;
using namespace solver::gpu;
namespace fs = std::filesystem;

namespace {

LintKeyInputs inputs() {
  LintKeyInputs in;
  in.problem = "attention_bf16";
  in.spec_bytes = "name: attention_bf16\nbuffers: []\n";
  in.reference_hash = "ab12";
  in.set0_key = "6692275616939034656";
  in.set0_digests = {11, 0, 13};
  in.buffers = "q:in:bf16:normal:4096;o:out:bf16::4096;";
  in.precision = "bf16";
  in.tolerances = {generators::Tolerance{1e-2, 1e-3, 0}, generators::Tolerance{1e-2, 1e-3, 0}};
  in.device = "NVIDIA H100 80GB HBM3|h100-sxm|sm_90|13.0|13000";
  in.env = "";
  return in;
}

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("lint_cache_test_" + std::to_string(::getpid()) + "_" + std::to_string(std::rand()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

LintCacheEntry entry() {
  LintCacheEntry e;
  e.verdict.note = "skip left open: o 3.2 x tol";
  e.verdict.law_checks = true;
  e.verdict.law_note = "";
  e.verdict.law_said = "the tolerance is held on the law's data (law_exit, h29l)";
  e.made = "2026-12-06 15:30 UTC";
  return e;
}

}  // namespace

TEST_CASE("lint cache: every input of the verdict moves the key") {
  const std::string base = lint_cache_key(inputs());
  CHECK(base.size() == 64);
  CHECK(lint_cache_key(inputs()) == base);  // a function of its inputs
  const std::vector<std::pair<const char*, std::function<void(LintKeyInputs&)>>> changes = {
      {"problem", [](LintKeyInputs& i) { i.problem = "layernorm"; }},
      {"spec bytes (a tolerance edited)", [](LintKeyInputs& i) { i.spec_bytes += "# edit\n"; }},
      {"reference source", [](LintKeyInputs& i) { i.reference_hash = "ab13"; }},
      {"set 0's key", [](LintKeyInputs& i) { i.set0_key = "1"; }},
      {"set 0's data", [](LintKeyInputs& i) { i.set0_digests[2] = 14; }},
      {"set 0's buffers", [](LintKeyInputs& i) { i.set0_digests.push_back(0); }},
      {"a buffer's shape", [](LintKeyInputs& i) { i.buffers = "q:in:bf16:normal:8192;"; }},
      {"the precision class", [](LintKeyInputs& i) { i.precision = "fp32"; }},
      {"an output's rtol", [](LintKeyInputs& i) { i.tolerances[1].rtol = 2e-2; }},
      {"an output's atol", [](LintKeyInputs& i) { i.tolerances[1].atol = 2e-3; }},
      {"the class rtol", [](LintKeyInputs& i) { i.tolerances[0].class_rtol = 1e-7; }},
      {"homogeneity", [](LintKeyInputs& i) { i.homogeneous = true; }},
      {"the law redraw", [](LintKeyInputs& i) { i.law_checks = true; }},
      {"the chip", [](LintKeyInputs& i) { i.device = "NVIDIA H200|h200|sm_90|13.0|13000"; }},
      {"a SOLVER_* knob", [](LintKeyInputs& i) { i.env = "SOLVER_HOST_SHARES=1"; }},
  };
  std::set<std::string> keys{base};
  for (const auto& [what, change] : changes) {
    LintKeyInputs in = inputs();
    change(in);
    CAPTURE(what);
    CHECK(keys.insert(lint_cache_key(in)).second);  // a key of its own
  }
}

TEST_CASE("lint cache: the worker's in-memory key tells precision classes and tolerances apart") {
  const std::vector<generators::Tolerance> fp32{{1e-5, 1e-6, 0}, {1e-5, 1e-6, 0}};
  std::vector<generators::Tolerance> tf32 = fp32;
  tf32[1].rtol = 1e-3;  // one output's tolerance looser
  const std::string base = lint_memo_key("matmul|abc", "fp32", fp32);
  CHECK(base == lint_memo_key("matmul|abc", "fp32", fp32));
  CHECK(base != lint_memo_key("matmul|abc", "tf32", fp32));
  CHECK(base != lint_memo_key("matmul|abc", "fp32", tf32));
  std::vector<generators::Tolerance> cls = fp32;
  cls[0].class_rtol = 1e-7;
  CHECK(base != lint_memo_key("matmul|abc", "fp32", cls));
  CHECK(base != lint_memo_key("matmul|abd", "fp32", fp32));
}

TEST_CASE("lint cache: a stored verdict loads back whole, refusals included") {
  TempDir dir;
  const std::string key = lint_cache_key(inputs());
  CHECK_FALSE(load_lint_verdict(dir.path.string(), key));  // nothing yet
  REQUIRE(store_lint_verdict(dir.path.string(), key, entry()));
  auto got = load_lint_verdict(dir.path.string(), key);
  REQUIRE(got);
  CHECK(got->made == "2026-12-06 15:30 UTC");
  CHECK(got->verdict.note == entry().verdict.note);
  CHECK(got->verdict.law_checks);
  CHECK(got->verdict.law_said == entry().verdict.law_said);  // law mode's narrowed words (h29l)
  CHECK(got->verdict.refusal.empty());
  CHECK(got->verdict.cached.empty());  // the gate sets it, from the entry's key and date
  LintCacheEntry refused = entry();
  refused.verdict.refusal = "the tolerance admits a 1-in-2 sample of q";
  refused.verdict.law_checks = false;
  const std::string other = std::string(64, 'b');
  REQUIRE(store_lint_verdict(dir.path.string(), other, refused));
  auto back = load_lint_verdict(dir.path.string(), other);
  REQUIRE(back);
  CHECK(back->verdict.refusal == refused.verdict.refusal);
  CHECK_FALSE(back->verdict.law_checks);
}

TEST_CASE("lint cache: a corrupt or partial entry is ignored, and written again") {
  TempDir dir;
  const std::string key = lint_cache_key(inputs());
  const fs::path file = dir.path / (key + ".lint.json");
  REQUIRE(store_lint_verdict(dir.path.string(), key, entry()));
  const std::string whole = rules::read_text_file(file.string());
  auto write = [&](const std::string& text) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
  };
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = whole;
    const auto at = t.find(from);
    REQUIRE(at != std::string::npos);
    return t.replace(at, from.size(), to);
  };
  const std::vector<std::pair<const char*, std::string>> bad = {
      {"empty", ""},
      {"cut short", whole.substr(0, whole.size() / 2)},
      {"not JSON", "not json at all"},
      {"a field missing", replaced("\"law_note\"", "\"law_notes\"")},
      {"a field of another type", replaced("\"law_checks\": true", "\"law_checks\": \"yes\"")},
      {"the verdict edited (its seal no longer matches)",
       replaced("skip left open", "skip left shut")},
      {"a pass turned into a law redraw off",
       replaced("\"law_checks\": true", "\"law_checks\": false")},
      {"another key's entry", replaced(key, std::string(64, 'c'))},
      {"another format", replaced("solver-lint-verdict-v2", "solver-lint-verdict-v1")},
  };
  for (const auto& [what, text] : bad) {
    CAPTURE(what);
    write(text);
    CHECK_FALSE(load_lint_verdict(dir.path.string(), key));
    // The worker's miss path: the lint runs and its verdict is stored over the bad entry.
    REQUIRE(store_lint_verdict(dir.path.string(), key, entry()));
    CHECK(load_lint_verdict(dir.path.string(), key));
  }
  // A folder that cannot be written is a miss next time, never an error.
  const fs::path blocker = dir.path / "blocker";
  std::ofstream(blocker) << "a file where the folder would be";
  CHECK_FALSE(store_lint_verdict((blocker / "sub").string(), key, entry()));
}

TEST_CASE("lint cache: a verdict sealed under another user's key is a miss (red team 37)") {
  TempDir dir;
  const std::string key = lint_cache_key(inputs());
  LintCacheEntry refused = entry();
  refused.verdict.refusal = "the tolerance admits a 1-in-2 sample of q";
  const std::string keys = (dir.path / "keys").string();
  ::setenv("SOLVER_CACHE_KEY", (keys + "/mine.key").c_str(), 1);
  REQUIRE(store_lint_verdict(dir.path.string(), key, refused));
  REQUIRE(load_lint_verdict(dir.path.string(), key));
  // The plant: an empty refusal written by the engine's own writer under the attacker's key.
  ::setenv("SOLVER_CACHE_KEY", (keys + "/attacker.key").c_str(), 1);
  REQUIRE(store_lint_verdict(dir.path.string(), key, entry()));
  ::setenv("SOLVER_CACHE_KEY", (keys + "/mine.key").c_str(), 1);
  CHECK_FALSE(load_lint_verdict(dir.path.string(), key));
  ::unsetenv("SOLVER_CACHE_KEY");
}

TEST_CASE("lint cache: a hit is said in the gate's detail and the ledger's narrowed checks") {
  const std::string key = lint_cache_key(inputs());
  const std::string note = lint_cache_note(key, "2026-12-06 15:30 UTC");
  CHECK(note.find(kLintCacheMarker) == 0);
  CHECK(note.find(key.substr(0, 12)) != std::string::npos);
  CHECK(note.find("2026-12-06 15:30 UTC") != std::string::npos);
  // The gate's detail as gate_op.cpp writes it on a passed gate with a cached verdict.
  engine::GateResult g;
  g.status = engine::GateStatus::Passed;
  g.detail = "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2); " +
             note + "; timed sample 3 audited";
  generators::ProblemSpec spec;
  bool said = false;
  for (const std::string& n : engine::narrowed_checks(spec, g)) said = said || n == note;
  CHECK(said);
  CHECK(lint_cache_now().size() == std::string("2026-12-06 15:30 UTC").size());
}

TEST_CASE("lint cache: the compiled-in sources hash is this tree's") {
  // Recomputed as cmake/lint_sources_hash.cmake does, from the list it covered: a stale hash
  // (the build did not rerun the script after a source changed) fails here.
  std::istringstream list(lint_sources_list());
  std::string all, line;
  int files = 0;
  bool has_lint = false, has_generators = false;
  while (std::getline(list, line)) {
    if (line.empty()) continue;
    const auto text = rules::try_read_text_file(line, std::size_t(64) << 20);
    REQUIRE_MESSAGE(text, line);
    all += line + "\n" + rules::sha256_hex(*text) + "\n";
    ++files;
    has_lint = has_lint || line == "engine/backend/gpu/sample_lint_op.cpp";
    has_generators = has_generators || line.rfind("generators/", 0) == 0;
  }
  CHECK(files > 50);
  CHECK(has_lint);
  CHECK(has_generators);
  CHECK(rules::sha256_hex(all) == lint_sources_hash());
}
