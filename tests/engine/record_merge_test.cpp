// `solver record --merge` (engine/eval/record_merge.h): a pool whose problem.yaml only gained
// variants keeps its recorded points (only the new variants' points are measured), any other
// change voids them; the points measured now are re-derived against the merged file's
// ceilings, so the merged file needs no `solver recording rederive --write`.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/backend/recording.h"
#include "engine/eval/record_merge.h"
#include "engine/eval/rederive.h"
#include "generators/compile_cache.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_hash.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "tests/generators/test_support.h"

namespace fs = std::filesystem;
using namespace solver;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A copy of problems/sgemm_2048 whose problem.yaml is `edit` applied to the real one.
generators::ProblemSpec edited_pool(const generators::test::TempDir& t, const std::string& name,
                                    std::string (*edit)(std::string)) {
  const fs::path dir = t.path() / name / "sgemm_2048";  // the folder is named as the problem
  fs::create_directories(dir);
  fs::copy(kSrc + "/problems/sgemm_2048", dir, fs::copy_options::recursive);
  const std::string text = edit(read(dir / "problem.yaml"));  // before the stream truncates it
  std::ofstream(dir / "problem.yaml") << text;
  const auto errors = generators::test::load_errors(dir.string());
  INFO(generators::test::dump(errors));
  REQUIRE(errors.empty());
  return generators::load_problem(dir.string());
}

std::string replace_once(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("record --merge: a pool that only gained a variant keeps its recorded points") {
  // The large pools' recording, as committed: sgemm_2048's 1,085 tiled and naive points were
  // recorded before warptile was added; the merge keeps them and measures warptile's alone
  // (after the re-record the file's hash is the whole file's, and nothing is new).
  const engine::Recording large =
      engine::load_recording(kSrc + "/tests/data/recordings/h200-large.json");
  const engine::RecordedProblem& was = large.problems.at("sgemm_2048");
  const generators::ProblemSpec spec = generators::load_problem(kSrc + "/problems/sgemm_2048");
  const engine::PoolMerge plan = engine::plan_pool_merge(was, spec);
  CHECK(plan.keep);
  // The new variants are those the recording has no point of (warptile before its merge, any
  // variant added to the pool until it is recorded).
  std::vector<std::string> unrecorded;
  for (const auto& v : spec.variants) {
    bool any = false;
    for (const auto& [key, rv] : was.variants) any |= key == v.id || key.rfind(v.id + "[", 0) == 0;
    if (!any) unrecorded.push_back(v.id);
  }
  CHECK(plan.new_variants == unrecorded);
  CHECK(was.variants.size() >= 1085);
  // And each kept point is still the kernel it was: its source hash (the text of its file and
  // every header it reaches) is the recorded one, so the per-point check keeps it too.
  const rules::ChipTable chips = rules::load_chip_table(kSrc + "/rules/chips.yaml");
  const rules::ChipProfile* chip = chips.find(large.chip);
  REQUIRE(chip);
  std::size_t checked = 0, i = 0;
  for (const auto& [key, v] : was.variants) {
    if (i++ % 25 != 0 || !v.gate || key.rfind("warptile[", 0) == 0) continue;
    auto [id, knobs] = generators::parse_variant_key(key);
    const generators::VariantSpec* variant = spec.find_variant(id);
    REQUIRE_MESSAGE(variant, key);
    CHECK_MESSAGE(
        generators::resolve(spec, *variant, knobs, *chip).source_hash == v.gate->source_hash, key);
    ++checked;
  }
  CHECK(checked >= 40);

  // The hash without the added variant is the file's before it: same shapes and launches.
  generators::test::TempDir t;
  const std::string full = generators::problem_measurement_hash(spec.file);
  // (warptile, regtile_db and regtile_ring were all added after the pool's first recording.)
  const std::string without = generators::problem_measurement_hash(
      spec.file, {"warptile", "regtile_db", "regtile_ring"});
  CHECK(full != without);
  CHECK(generators::problem_measurement_hash(spec.file, {"no_such_variant"}) == full);
  engine::RecordedProblem old;
  old.spec_hash = without;
  old.variants["naive"] = engine::RecordedVariant{};
  old.variants["tiled[BK=8,BM=64,BN=64,DB=0,PAD=0,TM=2,TN=2,VEC=1]"] = engine::RecordedVariant{};
  CHECK(engine::plan_pool_merge(old, spec).keep);
  // Recorded under this very file: kept, nothing new beyond the variant it has no point of.
  old.spec_hash = full;
  CHECK(engine::plan_pool_merge(old, spec).keep);

  // A shape changed as well as the variant added: every point is measured again.
  auto smaller = edited_pool(
      t, "smaller", [](std::string y) { return replace_once(y, "  K: 2048\n", "  K: 1024\n"); });
  old.spec_hash = without;
  CHECK_FALSE(engine::plan_pool_merge(old, smaller).keep);
  // An old variant's launch changed: the same.
  auto launch = edited_pool(t, "launch", [](std::string y) {
    return replace_once(y, "    block: [32, 8]\n", "    block: [32, 4]\n");
  });
  CHECK_FALSE(engine::plan_pool_merge(old, launch).keep);
  // A variant the recording has no point of, but which the recorded file had (a merge cut
  // short before it): the file without it is not the recorded one, so nothing is kept.
  old.variants.erase("naive");
  CHECK_FALSE(engine::plan_pool_merge(old, spec).keep);
  // Annotations (comments, descriptions, applies) change no hash: kept.
  old.variants["naive"] = engine::RecordedVariant{};
  auto notes = edited_pool(t, "notes", [](std::string y) {
    return replace_once(y, "    applies: [register_tiling, async_copy_pipeline]\n",
                        "    applies: [register_tiling]\n# a note\n");
  });
  CHECK(engine::plan_pool_merge(old, notes).keep);
}

TEST_CASE("record --merge: the measured points are re-derived against the merged ceilings") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: built without NVRTC, so the PTX scan behind mma_in_code cannot run");
    return;
  }
  const engine::Recording full = engine::load_recording(kSrc + "/tests/data/recordings/h200.json");
  const rules::ChipTable chips = rules::load_chip_table(kSrc + "/rules/chips.yaml");
  const rules::ChipProfile* chip = chips.find(full.chip);
  REQUIRE(chip);
  generators::test::TempDir t;
  generators::CompileCache cache((t.path() / "cache").string());
  const std::string root = kSrc + "/problems";
  // The file merged into: sigmoid's points (one problem keeps the compiles few), under the
  // recording's ceilings.
  engine::Recording into = full;
  into.problems.clear();
  into.problems["sigmoid"] = full.problems.at("sigmoid");
  // This run's points: softmax, derived live against other ceilings (a run measures its own).
  engine::Recording fresh;
  fresh.chip = full.chip;
  fresh.problems["softmax"] = full.problems.at("softmax");
  for (auto& [k, v] : full.ceilings) fresh.ceilings[k] = v * 0.8;
  const engine::RederiveReport live = engine::rederive_recording(fresh, root, *chip, &cache);
  REQUIRE(live.variants == int(full.problems.at("softmax").variants.size()));
  REQUIRE_FALSE(live.changes.empty());  // the ceilings reach the signals (dram_frac, ...)

  // Merged as record did before: the file's ceilings, the run's signals: out of step.
  engine::Recording stale = into;
  engine::merge_recording(stale, fresh);
  CHECK(stale.ceilings == full.ceilings);
  CHECK_FALSE(engine::rederive_recording(stale, root, *chip, &cache).changes.empty());

  // Re-derived for the merge first: in step.
  const engine::RederiveReport r = engine::rederive_for_merge(fresh, into, root, *chip, &cache);
  CHECK(r.changes.size() == live.changes.size());
  CHECK(fresh.ceilings == full.ceilings);
  engine::merge_recording(into, fresh);
  engine::Recording check = into;
  CHECK(engine::rederive_recording(check, root, *chip, &cache).changes.empty());
}
