// P6k's second look (helper h32, red team 32; engine/backend/gpu/second_look.h): the keyed
// partitions keep what set 0's give (key 0: the same classes; consecutive pairs from a block
// start one a class) and spread what a spec confines to public classes (a residue set mod 256,
// a class set of the public hash); a tail whose weak elements stay weak on the judging set
// excuses nothing, one whose weak elements move does. Part of sample_lint_test.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "engine/backend/gpu/judged_sums.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/second_look.h"

using namespace solver;
using gpu::EchoFamily;

TEST_CASE("second look: keyed classes keep set 0's properties and spread public confinement") {
  const uint64_t pairs = uint64_t(1) << 20, key = 0x9a7c3e11;
  for (uint64_t j : {uint64_t(0), uint64_t(255), uint64_t(70000)}) {
    CHECK(gpu::keyed_class(EchoFamily::Strided, j, pairs, 0) ==
          gpu::echo_class(EchoFamily::Strided, j, pairs));
    CHECK(gpu::keyed_class(EchoFamily::Hashed, j, pairs, 0) ==
          gpu::echo_class(EchoFamily::Hashed, j, pairs));
  }
  // 256 consecutive pairs of one block: 256 classes (a prefix sum's terms stay one a class)
  std::set<uint64_t> block;
  for (uint64_t j = 512; j < 768; ++j)
    block.insert(gpu::keyed_class(EchoFamily::Strided, j, pairs, key));
  CHECK(block.size() == gpu::kStridedRegions);
  // residues 0..62 mod 256 (redteam32_residue_light_lbeta's light part): 63 classes on set 0,
  // more than kLightSpread keyed ones after a few blocks already
  std::set<uint64_t> residue, plain;
  for (uint64_t j = 0; j < 256 * 64; ++j)
    if (j % 256 < 63) {
      plain.insert(gpu::keyed_class(EchoFamily::Strided, j, pairs, 0));
      residue.insert(gpu::keyed_class(EchoFamily::Strided, j, pairs, key));
    }
  CHECK(plain.size() == 63);
  CHECK(residue.size() > 4 * gpu::kLightSpread - 64);
  // the public hash's classes 0..14 (redteam32_hashed_light_lbeta): every keyed class holds some
  std::set<uint64_t> hashed;
  for (uint64_t j = 0; j < 4096; ++j)
    if (gpu::echo_mix(j) % gpu::kEchoRegions < 15)
      hashed.insert(gpu::keyed_class(EchoFamily::Hashed, j, pairs, key));
  CHECK(hashed.size() == gpu::kEchoRegions);
  CHECK(gpu::judging_key() != 0);
}

TEST_CASE("second look: a designed tail recurs and refuses, a data-made one does not") {
  // one output: a heavy element judged 0.09 beside 60 weak companions and 400 near elements
  // (set 0: light_tail holds, nothing refused)
  std::vector<double> set0(461, 5.0), parts(461, 0.0);
  set0[0] = 0.09;
  for (size_t i = 1; i <= 60; ++i) set0[i] = 0.1 + 0.01 * double(i);
  REQUIRE(gpu::refusable_shares({set0}, nullptr)[0] == 0);
  // designed: the same companions weak on the judging set (their weights are fixed)
  std::vector<double> designed = set0;
  designed[0] = 0.08;
  const gpu::TailRecurrence t = gpu::tail_recurrence(set0, &parts, designed);
  CHECK(t.weak[0] == 61);
  CHECK(t.again[0] == 61);
  CHECK(t.recurs(0));
  CHECK(gpu::second_look_shares({set0}, {parts}, {designed}, {parts})[0] == doctest::Approx(0.09));
  // the data's: other elements weak on the judging set (the heavy one again, 3 companions by
  // chance)
  std::vector<double> data(461, 5.0);
  data[0] = 0.08;
  for (size_t i = 1; i <= 3; ++i) data[i] = 0.5;
  for (size_t i = 100; i < 160; ++i) data[i] = 0.5;
  const gpu::TailRecurrence u = gpu::tail_recurrence(set0, &parts, data);
  CHECK(u.again[0] == 4);
  CHECK_FALSE(u.recurs(0));
  CHECK(gpu::second_look_shares({set0}, {parts}, {data}, {parts})[0] == 0);
  // the judging set alone refuses (its tail does not hold: the companions are not weak there)
  std::vector<double> lone(461, 5.0);
  lone[0] = 0.07;
  CHECK(gpu::second_look_shares({set0}, {parts}, {lone}, {parts})[0] == doctest::Approx(0.07));
  // no second look taken: set 0's values
  CHECK(gpu::second_look_shares({set0}, {parts}, {}, {})[0] == 0);
}

TEST_CASE("second look: what set 0 exempted") {
  const std::vector<std::vector<double>> parts{{0.0, 0.0}};
  CHECK(gpu::exempted({{0.5, 3.0}}, {{0.0, 3.0}}, parts));        // (a) or (c) left 0.5 unjudged
  CHECK_FALSE(gpu::exempted({{0.5, 3.0}}, {{0.5, 3.0}}, parts));  // judged: set 0 refuses
  CHECK_FALSE(gpu::exempted({{2.0, 3.0}}, {{0.0, 3.0}}, parts));  // nothing at most 1
}

TEST_CASE("second look: a keyed echo moves the keyed class's pairs, key 0 set 0's") {
  // The wiring's step 1 (EchoMap::key, EchoRegion::key): echo_source reads the keyed class, so a
  // keyed region's echo (echo_region, the host's) moves exactly the pairs keyed_class puts there.
  const uint64_t n = 4096, pairs = n / 2, key = 0x51d2;
  for (EchoFamily f : {EchoFamily::Hashed, EchoFamily::Strided}) {
    gpu::EchoMap m;
    m.family = f;
    m.cls = 5;
    for (uint64_t k : {uint64_t(0), key}) {
      m.key = k;
      size_t moved = 0, differ = 0;
      for (uint64_t j = 0; j < pairs; ++j) {
        const bool in = gpu::keyed_class(f, j, pairs, k) == m.cls;
        CHECK(gpu::echo_source(m, 2 * j, n) == 2 * j);  // the even half never moves
        CHECK(gpu::echo_source(m, 2 * j + 1, n) == (in ? 2 * j : 2 * j + 1));
        moved += in;
        differ += in != (gpu::echo_class(f, j, pairs) == m.cls);
      }
      CHECK(moved > 0);
      if (k == 0) CHECK(differ == 0);
      if (k != 0) CHECK(differ > 0);  // a keyed class is not the public one
    }
  }
  const gpu::EchoMap r =
      gpu::region_echo(gpu::EchoRegion{gpu::RegionFamily::Strided, 3, key});  // the key carried
  CHECK(r.key == key);
  CHECK(r.cls == 3);
}

TEST_CASE("second look: the worker's merge refuses where either judgement does") {
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  // set 0 kept (0: exempted), the judging set refuses: the judging set's value
  CHECK(gpu::second_look_merge({0.0}, {0.07}) == std::vector<double>{0.07});
  // both above 0: the least (a refusal on either side stays one)
  CHECK(gpu::second_look_merge({0.5, 3.0}, {2.0, 0.9}) == std::vector<double>{0.5, 0.9});
  // neither above 0: set 0's value, its unseen mark kept (grain_note reads it)
  CHECK(gpu::second_look_merge({-0.3}, {0.0}) == std::vector<double>{-0.3});
  // NaN or a misfit on set 0 is no value above 0 there; NaN on the judging set refuses nothing
  CHECK(gpu::second_look_merge({nan}, {0.2}) == std::vector<double>{0.2});
  CHECK(gpu::second_look_merge({inf}, {0.2}) == std::vector<double>{0.2});
  CHECK(std::isnan(gpu::second_look_merge({nan}, {nan})[0]));
  CHECK(gpu::second_look_merge({0.4}, {nan}) == std::vector<double>{0.4});
  // no judging set: set 0's; set 0 took no strided classes: the judging set's alone
  CHECK(gpu::second_look_merge({0.0, 5.0}, {}) == std::vector<double>{0.0, 5.0});
  CHECK(gpu::second_look_merge({}, {0.3, 0.0}) == std::vector<double>{0.3, 0.0});
}

TEST_CASE("second look: the tail recurrence by index is the element rule, as the worker takes it") {
  // helper h32tail: the worker carries each set's weak elements out by index (add_weak;
  // strided_judgement and Worker::class_light) and lowers the merge by each recurring kind
  // (second_look_tail). The same shapes as the designed/data case above, in index lists.
  std::vector<double> set0(461, 5.0), parts(461, 0.0);
  set0[0] = 0.09;
  for (size_t i = 1; i <= 60; ++i) set0[i] = 0.1 + 0.01 * double(i);
  for (size_t i = 300; i < 310; ++i) parts[i] = 0.99;  // atol-held kind: weak there below
  for (size_t i = 300; i < 310; ++i) set0[i] = 0.2;
  std::vector<double> designed = set0, data(461, 5.0);
  designed[0] = 0.08;
  data[0] = 0.08;
  for (size_t i = 100; i < 160; ++i) data[i] = 0.5;
  for (const std::vector<double>& judging : {designed, data}) {
    gpu::WeakElements w0(1), wj(1);
    gpu::add_weak(set0, &parts, 0, w0[0]);
    gpu::add_weak(judging, &parts, 0, wj[0]);
    const gpu::TailRecurrence byIndex = gpu::tail_recurrence(w0[0], wj[0]);
    const gpu::TailRecurrence byElement = gpu::tail_recurrence(set0, &parts, judging);
    for (int kind : {0, 1}) {
      CHECK(byIndex.weak[kind] == byElement.weak[kind]);
      CHECK(byIndex.again[kind] == byElement.again[kind]);
    }
    const std::vector<std::vector<double>> p{parts};
    const std::vector<double> merged = gpu::second_look_merge(gpu::refusable_shares({set0}, &p),
                                                              gpu::refusable_shares({judging}, &p));
    CHECK(gpu::second_look_tail(merged, w0, wj) ==
          gpu::second_look_shares({set0}, {parts}, {judging}, {parts}));
  }
  // the designed tail: both kinds recur (the held ten are the same elements too), the least
  // weak share of set 0 refuses; the data's: kept
  gpu::WeakElements w0(1), wd(1), wn(1);
  gpu::add_weak(set0, &parts, 0, w0[0]);
  gpu::add_weak(designed, &parts, 0, wd[0]);
  gpu::add_weak(data, &parts, 0, wn[0]);
  CHECK(w0[0].size() == 71);
  CHECK(gpu::second_look_tail({0.0}, w0, wd)[0] == doctest::Approx(0.09));
  CHECK(gpu::second_look_tail({0.0}, w0, wn)[0] == 0);
  // offsets (a block's first element) and no judging set's strided pass: nothing recurs
  gpu::WeakElements shifted(1);
  gpu::add_weak(set0, &parts, 1000, shifted[0]);
  CHECK(shifted[0].front().index == 1000);
  CHECK(gpu::second_look_tail({0.0}, w0, {})[0] == 0);
  CHECK(gpu::second_look_tail({0.0}, w0, shifted)[0] == 0);  // other elements entirely
  // an unseen mark or NaN stays where nothing recurs
  CHECK(gpu::second_look_tail({-0.3}, w0, wn)[0] == -0.3);
}

TEST_CASE("second look: the host judged pass carries each element's judged share") {
  // Worker::judged_sums' host path reads host_judged_sums' per-element shares for add_weak; the
  // device's solver_judged256 writes the same values (its `out`, held bit for bit to the host's).
  const gpu::JudgedProbe pr = gpu::judged_probe(600, int(gpu::kStridedRegions), false, 7);
  std::vector<std::vector<std::vector<double>>> by_class(gpu::kStridedRegions);
  for (size_t r = 0; r < gpu::kStridedRegions; ++r)
    by_class[r].push_back(std::vector<double>(pr.by_class.begin() + long(r * 600),
                                              pr.by_class.begin() + long((r + 1) * 600)));
  generators::Tolerance t;
  t.atol = pr.atol;
  t.rtol = pr.rtol;
  const auto atol = gpu::atol_parts({gpu::HostDoubles(pr.base.begin(), pr.base.end())}, {t});
  std::vector<std::vector<double>> each;
  const std::vector<gpu::JudgedSums> sums = gpu::host_judged_sums(by_class, atol, {}, &each);
  REQUIRE(each.size() == 1);
  const auto want = gpu::judged_light_shares(by_class, gpu::light_shares(by_class), atol);
  REQUIRE(want.size() == 1);
  REQUIRE(each[0].size() == want[0].size());
  size_t differ = 0;
  for (size_t i = 0; i < want[0].size(); ++i)
    differ += !(each[0][i] == want[0][i] || (std::isnan(each[0][i]) && std::isnan(want[0][i])));
  CHECK(differ == 0);
  std::vector<gpu::WeakElement> w;
  gpu::add_weak(each[0], &atol[0], 0, w);
  uint64_t held = 0;
  for (const gpu::WeakElement& e : w) held += e.held;
  CHECK(w.size() == sums[0].told_weak + sums[0].untold_weak);
  CHECK(held == sums[0].told_weak);
  CHECK(gpu::judged_has_weak(sums[0]) == !w.empty());
  CHECK(!w.empty());
}
