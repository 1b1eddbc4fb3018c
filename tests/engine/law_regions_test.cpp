// P6h's bar with each element's dominant positions left out (engine/backend/gpu/law_regions.h,
// red team 23's redteam23_loud_weight_sum, helper h28r): set 0's decision as Worker::sample_lint
// takes it (sample_lint_op.cpp: law_echo_patterns until every output's weakest element clears
// the bar, each input alone where several are echoed, then the class echoes of both partitions),
// on host references at 2^20 values. Part of sample_lint_test.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "flat_buffer.h"
#include "host_floats.h"

using namespace solver;
using generators::DType;

namespace {

using Inputs = std::vector<std::vector<float>>;
using Reference = gpu::HostDoubles (*)(const Inputs&);
constexpr int64_t kN = int64_t(1) << 20;

struct Decision {
  double before = 0;          // set 0's weakest without the class echoes (main's decision)
  double after = 0;           // with them
  int echoes = 0;             // class echoes taken
  double main_after = 0;      // with main's two partitions only (before h28w)
  double strided = -1;        // the strided partition's light share (h28w; -1: not taken)
  double judged = -1;         // its judged light share (h28h: judged_light_shares)
  std::string refusal;        // light_refusal's words on the judged share
  bool main_strided = false;  // main before h28h took the strided classes (on the law only)
};

Inputs floats_of(const gpu::HostSet& s) {
  Inputs in;
  for (const auto& b : s.inputs) in.push_back(test::as_floats(*b));
  return in;
}

// The reference on set 0 itself, made once per (reference, set) and kept (the class echoes take
// up to 320 per decision).
const gpu::HostDoubles& base_reference(const gpu::HostSet& set0, Reference ref) {
  static std::map<std::pair<Reference, std::string>, gpu::HostDoubles> made;
  std::string key;  // the set's bytes identify it (every set here is small enough to key on)
  for (const auto& in : set0.inputs)
    key += std::to_string(in->size) + ":" +
           std::to_string(std::hash<std::string_view>{}(
               std::string_view(reinterpret_cast<const char*>(in->data.get()), in->size))) +
           ";";
  auto at = made.find({ref, key});
  if (at == made.end()) at = made.emplace(std::make_pair(ref, key), ref(floats_of(set0))).first;
  return at->second;
}

// Set 0's element shares for `pattern` (or class `region`), every input echoed or `only`.
std::vector<std::vector<double>> shares(const generators::ResolvedVariant& v,
                                        const gpu::HostSet& set0, Reference ref,
                                        const generators::Tolerance& tol, const gpu::EchoPattern& e,
                                        int only = -1, const gpu::EchoRegion* region = nullptr) {
  Inputs echo = floats_of(set0);
  for (size_t i = 0; i < v.buffers.size(); ++i)
    if (only < 0 || size_t(only) == i)
      echo[i] = test::as_floats(
          *(region ? gpu::echo_region(v.buffers[i], *set0.inputs[i], *region)
                   : gpu::echo_positions(v.buffers[i], *set0.inputs[i], e.parity, e.block)));
  return gpu::element_shares({base_reference(set0, ref)}, {ref(echo)}, {tol});
}

// One output's weakest over law_echo_patterns (stopping where it clears the bar; past the lint's
// nine only while its loudest element clears it), every input or `only`.
std::vector<double> weakest(const generators::ResolvedVariant& v, const gpu::HostSet& set0,
                            Reference ref, const generators::Tolerance& tol, int only = -1) {
  std::vector<std::vector<double>> largest;
  std::vector<double> w{0.0};
  double loudest = 0;
  int taken = 0;
  for (const gpu::EchoPattern& e : gpu::law_echo_patterns()) {
    if (taken >= int(gpu::echo_patterns().size()) && !(loudest >= gpu::kLawCheckShare)) break;
    const auto el = shares(v, set0, ref, tol, e, only);
    loudest = std::max(loudest, gpu::largest_shares(el)[0]);
    gpu::fold_element_shares(largest, el);
    w = gpu::weakest_shares(largest);
    ++taken;
    if (!(w[0] < gpu::kLawCheckShare)) break;
  }
  return w;
}

Decision decide(const generators::ResolvedVariant& v, const gpu::HostSet& set0, Reference ref,
                double rtol, double atol) {
  generators::Tolerance tol;
  tol.rtol = rtol;
  tol.atol = atol;
  std::vector<double> w = weakest(v, set0, ref, tol);
  for (int j = 0;
       v.buffers.size() > 1 && j < int(v.buffers.size()) && !(w[0] < gpu::kLawCheckShare); ++j)
    w = gpu::weakest_with_input(w, weakest(v, set0, ref, tol, j));
  Decision d;
  d.before = w[0];
  // As law_regions_op.cpp since h28h: the contiguous classes on the law only, the hashed and
  // strided ones on or off it (the weakest lowered on the law only); main stopped at the first
  // partition that found the problem off the law.
  bool main_stopped = false;
  for (gpu::RegionFamily f :
       {gpu::RegionFamily::Contiguous, gpu::RegionFamily::Hashed, gpu::RegionFamily::Strided}) {
    const bool on = !(w[0] < gpu::kLawCheckShare);
    if (f == gpu::RegionFamily::Strided && !main_stopped) d.main_after = w[0];
    main_stopped = main_stopped || !on;
    if (f == gpu::RegionFamily::Contiguous && !on) continue;
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(f))
      by_class.push_back(shares(v, set0, ref, tol, {}, -1, &r)), ++d.echoes;
    const std::vector<std::vector<double>> all = gpu::light_shares(by_class);
    const std::vector<double> light = gpu::weakest_shares(all);
    MESSAGE(std::string(f == gpu::RegionFamily::Hashed    ? "hashed"
                        : f == gpu::RegionFamily::Strided ? "strided"
                                                          : "contiguous")
            << " classes: light share " << light[0]);
    if (on) w = gpu::weakest_with_input(w, light);
    if (f == gpu::RegionFamily::Strided) {
      d.main_strided = !main_stopped;
      d.strided = light[0];
      d.judged = gpu::refusable_shares(gpu::judged_light_shares(
          by_class, all,
          gpu::atol_parts(std::vector<gpu::HostDoubles>{base_reference(set0, ref)}, {tol})))[0];
      d.refusal = gpu::light_refusal({d.judged}, {"y"}, {tol}, "x");
    }
    if (f == gpu::RegionFamily::Hashed && !gpu::strided_needed(light)) break;
  }
  d.after = w[0];
  if (d.strided < 0 || main_stopped) d.main_after = w[0];  // off the law before the strided ones
  return d;
}

gpu::HostSet set0_of(generators::ResolvedVariant& v, std::vector<generators::ResolvedBuffer> b) {
  v.buffers = std::move(b);
  return gpu::regular_set(v, 0x5eed2026, nullptr);
}

bool law(double weakest) {
  gpu::SetShare s{"set 0", weakest, {weakest}};
  s.weakest = {weakest};
  return gpu::law_checks({s}, 1);
}

// redteam23_loud_weight_sum: y = 10^6 (x[0] + ... + x[7]) + the sum of the rest.
gpu::HostDoubles loud_weight(const Inputs& in) {
  double y = 0;
  for (size_t i = 0; i < in[0].size(); ++i) y += (i < 8 ? 1e6 : 1.0) * double(in[0][i]);
  return {y};
}

// The heavy positions scattered (a hash-like stride), and the light part confined to the first
// quarter of x with the heavy head: each partition alone misses one of them.
size_t scattered(size_t k, size_t n) { return (k * 131071 + 12345) % n; }
gpu::HostDoubles scattered_weight(const Inputs& in) {
  double y = 0;
  for (size_t i = 0; i < in[0].size(); ++i) y += double(in[0][i]);
  for (size_t k = 0; k < 8; ++k) y += (1e6 - 1) * double(in[0][scattered(k, in[0].size())]);
  return {y};
}
gpu::HostDoubles confined_weight(const Inputs& in) {
  double y = 0;
  for (size_t i = 0; i < in[0].size() / 4; ++i) y += (i < 8 ? 1e6 : 1.0) * double(in[0][i]);
  return {y};
}

gpu::HostDoubles histogram(const Inputs& in) {  // control_hon20 at 2^20 values and 32 bins
  gpu::HostDoubles h(32, 0.0);
  for (size_t i = 0; i < in[0].size(); ++i)
    h[size_t(std::floor(std::fmin(std::fmax(in[0][i] * 32.0f, 0.0f), 31.0f)))] += in[1][i];
  return h;
}

gpu::HostDoubles exp_map(const Inputs& in) {
  gpu::HostDoubles y(in[0].size());
  for (size_t i = 0; i < y.size(); ++i) y[i] = std::exp(double(in[0][i]));
  return y;
}

// 64 row sums of 2^14 values: each element depends on one stretch, a sampler of a row is its
// element's own share.
gpu::HostDoubles row_sums(const Inputs& in) {
  gpu::HostDoubles y(64, 0.0);
  for (size_t i = 0; i < in[0].size(); ++i) y[i / (in[0].size() / 64)] += double(in[0][i]);
  return y;
}

}  // namespace

TEST_CASE("P6h regions: a few heavy positions do not put an element's light sum on the law") {
  // 2^18 values (the 320 class echoes each shape takes since h28h at a quarter of the cost).
  generators::ResolvedVariant v;
  const gpu::HostSet set0 =
      set0_of(v, {test::flat_buffer("x", DType::F32, kN / 4, {"uniform", 0, 1})});
  for (Reference ref : {loud_weight, scattered_weight, confined_weight}) {
    const Decision d = decide(v, set0, ref, 5e-4, 1e-6);
    MESSAGE("weakest " << d.before << " -> " << d.after << " after " << d.echoes
                       << " class echoes; strided judged " << d.judged);
    CHECK(law(d.before));  // main: the heavy positions lift the element past the bar
    CHECK(d.after < 1);    // the light part alone is within the tolerance
    CHECK_FALSE(law(d.after));
    // Since h28h the strided classes are taken off the law too: the spec is refused (main left
    // these to the off-law verified runs, which catch a contiguous head, not a scattered one).
    CHECK(d.judged > 0);
    CHECK(d.judged <= 1);
    CHECK_FALSE(d.refusal.empty());
  }
}

TEST_CASE("P6h regions: the FP32 histogram, an element-wise map and row sums stay on the law") {
  generators::ResolvedVariant v;
  gpu::HostSet set0 = set0_of(v, {test::flat_buffer("x", DType::F32, kN, {"uniform", 0, 1}),
                                  test::flat_buffer("w", DType::F32, kN, {"uniform", 0, 1})});
  const Decision h = decide(v, set0, histogram, 1e-5, 1e-5);
  MESSAGE("histogram: weakest " << h.before << " -> " << h.after);
  CHECK(h.echoes == 2 * int(gpu::kLawRegions) + int(gpu::kStridedRegions));
  CHECK(law(h.before));
  CHECK(law(h.after));
  CHECK(h.strided > gpu::kLawCheckShare);  // every bin moves in every strided class
  CHECK(h.refusal.empty());
  // The map at 2^16 values (law_checks_element_test has it at 2^20 without the class echoes).
  set0 = set0_of(v, {test::flat_buffer("x", DType::F32, kN / 16, {"uniform", 0, 1})});
  const Decision e = decide(v, set0, exp_map, 1e-5, 1e-5);
  set0 = set0_of(v, {test::flat_buffer("x", DType::F32, kN, {"uniform", 0, 1})});
  MESSAGE("exp map: weakest " << e.before << " -> " << e.after);
  CHECK(law(e.after));
  CHECK(e.after == e.before);  // no light part: every element depends on one position
  CHECK(e.strided == -1);      // no light part in the hashed classes: the strided ones not taken
  CHECK(e.echoes == 2 * int(gpu::kLawRegions));
  CHECK(e.refusal.empty());
  const Decision r = decide(v, set0, row_sums, 1e-6, 1e-6);
  MESSAGE("row sums: weakest " << r.before << " -> " << r.after);
  CHECK(law(r.before));
  CHECK(law(r.after));
  CHECK(r.refusal.empty());
}

// redteam25_scattered_heavy_sum at 2^18 values: 128 heavy positions at k n / 128 + 1 (every
// contiguous class holds 4, the fixed hash spreads them over nearly every hashed class), and
// the same count at the strided partition's worst case: one heavy pair in each of 128 distinct
// strided classes (pair k n / 256 + 2 k: residue 2 k mod 256), half of the classes, spread
// over the stretches and hashed classes alike.
size_t spread_heavy(size_t k, size_t n) { return k * (n / 128) + 1; }
size_t worst_heavy(size_t k, size_t n) { return 2 * (k * (n / 256) + 2 * k) + 1; }
template <size_t (*at)(size_t, size_t), int W = 1000000>
gpu::HostDoubles heavy128(const Inputs& in) {
  double y = 0;
  for (size_t i = 0; i < in[0].size(); ++i) y += double(in[0][i]);
  for (size_t k = 0; k < 128; ++k) y += (W - 1.0) * double(in[0][at(k, in[0].size())]);
  return {y};
}

TEST_CASE("P6h regions: 128 scattered heavy positions are refused as a spec (strided classes)") {
  generators::ResolvedVariant v;
  const gpu::HostSet set0 =
      set0_of(v, {test::flat_buffer("x", DType::F32, kN / 4, {"uniform", 0, 1})});
  for (Reference ref : {Reference(heavy128<spread_heavy>), Reference(heavy128<worst_heavy>)}) {
    // rtol 1e-4 (the folder: 2^24 values at 5e-4): the light part is a smaller share of y here.
    const Decision d = decide(v, set0, ref, 1e-4, 1e-6);
    // main: the two 32-class partitions find nothing dominant; the problem stays on the law.
    MESSAGE("main: weakest " << d.before << " -> " << d.main_after);
    CHECK(law(d.main_after));
    MESSAGE("strided light share " << d.strided << ": " << d.refusal);
    CHECK(d.strided > 0);
    CHECK(d.strided <= 1);
    CHECK_FALSE(law(d.after));
    CHECK(d.refusal.rfind(std::string(gpu::kSampleLintMarker) + " of the light part: y's", 0) == 0);
  }
}

// Red team 26 (redteam26_offlaw_heavy_lbeta, helper h28h): the same sum at a looser tolerance,
// where set 0's weakest share is under the bar (off the law) and the heavy positions still tell
// y apart: main never took the strided classes there; now they are taken wherever the lint
// passes. Controls: the same positions weighted 16 (control_redteam26_weighted_lbeta_16's shape:
// its light part told apart) and a plain sum near the lint's bar (no heavy position: its
// chance-dominant strided classes hold a few % of its energy, not judged).
TEST_CASE("P6k off the law: a scattered heavy sum is refused, the controls are not") {
  generators::ResolvedVariant v;
  const gpu::HostSet set0 =
      set0_of(v, {test::flat_buffer("x", DType::F32, kN / 4, {"uniform", 0, 1})});
  const Decision d = decide(v, set0, heavy128<spread_heavy>, 1e-2, 1e-6);
  MESSAGE("weakest " << d.before << ", strided light " << d.strided << ", judged " << d.judged);
  CHECK_FALSE(law(d.before));   // off the law from set 0's echoes
  CHECK(d.before > 1);          // the heavy positions tell y apart: the lint passes
  CHECK_FALSE(d.main_strided);  // main: no class echo, no refusal
  CHECK(d.judged > 0);
  CHECK(d.judged <= 1);
  CHECK(d.refusal.rfind(std::string(gpu::kSampleLintMarker) + " of the light part: y's", 0) == 0);
  const Decision c = decide(v, set0, heavy128<spread_heavy, 16>, 5e-4, 1e-6);
  MESSAGE("weight 16: weakest " << c.before << ", strided light " << c.strided << ", judged "
                                << c.judged);
  CHECK_FALSE(law(c.before));
  CHECK(c.strided > 1);
  CHECK(c.refusal.empty());
  // A plain sum at the tolerance that puts its share near 1: its light share is its whole share,
  // chance-dominant classes left out; judged nowhere, whatever it is.
  const Decision p = decide(v, set0, heavy128<spread_heavy, 1>, 1.2e-3, 1e-6);
  MESSAGE("plain sum: weakest " << p.before << ", strided light " << p.strided << ", judged "
                                << p.judged);
  CHECK(p.strided > 0);
  CHECK(p.judged == 0);
  CHECK(p.refusal.empty());
}

TEST_CASE(
    "P6k: judged_light_shares leaves out elements without a dominant part and atol-held ones") {
  // Each listed class as 16 classes of a quarter of its share (the same energy): a light part
  // over 64 classes, as judged_light_shares' (c) asks (h28t).
  auto classes = [](std::vector<std::vector<double>> per_element) {
    std::vector<std::vector<std::vector<double>>> by(per_element.front().size() * 16);
    for (size_t r = 0; r < by.size(); ++r) {
      by[r] = {std::vector<double>(per_element.size())};
      for (size_t i = 0; i < per_element.size(); ++i) by[r][0][i] = per_element[i][r / 16] / 4;
    }
    return by;
  };
  // Element 0: one dominant class (100) and a light part of 0.5; element 1: no dominant class,
  // light 0.6 (its whole share); element 2: a dominant class, light share 3.
  const auto by = classes(
      {{100, 0.25, 0.25, 0.25, 0.25}, {0.3, 0.3, 0.3, 0.3, 0.01}, {100, 1.5, 1.5, 1.5, 1.5}});
  const auto light = gpu::light_shares(by);
  REQUIRE(light[0][0] == doctest::Approx(0.5));
  REQUIRE(light[0][1] == doctest::Approx(std::sqrt(4 * 0.09 + 1e-4)));
  // In the rtol regime (atol parts 0): element 0 judged, element 1 not (no dominant part).
  auto judged = gpu::judged_light_shares(by, light, {{0, 0, 0}});
  CHECK(judged[0][0] == doctest::Approx(0.5));
  CHECK(judged[0][1] == 0);
  CHECK(judged[0][2] == doctest::Approx(3));
  CHECK_FALSE(gpu::light_refusal(gpu::weakest_shares(judged), {}, {}, "x").empty());
  // Element 0 held by its atol (0.9 of its tolerance: at atol 0 its light share is 5) in an
  // output whose element 2 tells the light part apart: left out until helper h30t ((b)), judged
  // now (an excuse by another element is sound only where the two share their light part, which
  // unsigned class shares cannot show: red team 29's redteam29_atol_tiny_rtol_heavy).
  judged = gpu::judged_light_shares(by, light, {{0.9, 0, 0}});
  CHECK(judged[0][0] == doctest::Approx(0.5));
  CHECK_FALSE(gpu::light_refusal(gpu::weakest_shares(judged), {}, {}, "x").empty());
  // ... and alone in its output (red team 26's one-element sum with a large atol), and where its
  // atol is a smaller part than its light share's gap to 1.
  const auto alone = classes({{100, 0.25, 0.25, 0.25, 0.25}});
  CHECK(gpu::judged_light_shares(alone, gpu::light_shares(alone), {{0.9}})[0][0] ==
        doctest::Approx(0.5));
  CHECK(gpu::judged_light_shares(by, light, {{0.4, 0, 0}})[0][0] == doctest::Approx(0.5));
  // atol_parts: atol / (atol + rtol |r|).
  generators::Tolerance t;
  t.rtol = 1e-5;
  t.atol = 1e-10;
  const auto parts = gpu::atol_parts({gpu::HostDoubles{1e-5, 0.0}}, {t});
  CHECK(parts[0][0] == doctest::Approx(0.5));
  CHECK(parts[0][1] == 1);
}

// One output of three parts at 2^18 values of x (rtol 1e-5, atol 1e-8): y[0] the scattered heavy
// sum (judged, at most 1: refused), y[1..512] softmax-like shares 10^4 x_i / (the sum of x)
// (every one's light part told apart), y[513..1536] copies (no light part). Until helper h30t the
// atol was 1e-6, holding the few shares under x ~ 0.01 by atol, left out by (b); without (b) they
// are weak and, with the near ones, a light_tail that hides y[0] (h28t's stated "diluted by
// design" gap: see "P6k: atol-held shares are a tail ..." below).
gpu::HostDoubles mixed(const Inputs& in) {
  const std::vector<float>& x = in[0];
  gpu::HostDoubles y(1 + 512 + 1024);
  y[0] = heavy128<spread_heavy>(in)[0];
  double sum = 0;
  for (float v : x) sum += double(v);
  for (size_t i = 0; i < 512; ++i) y[1 + i] = 1e4 * double(x[2 * i + 1]) / sum;
  for (size_t i = 0; i < 1024; ++i) y[513 + i] = double(x[i]);
  return y;
}

// Whether two judgements carried the same weak elements out (index, judged share, kind): the
// second look's tail recurrence reads them (helper h32tail).
bool same_weak(const gpu::WeakElements& a, const gpu::WeakElements& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].size() != b[k].size()) return false;
    for (size_t i = 0; i < a[k].size(); ++i)
      if (a[k][i].index != b[k][i].index || a[k][i].judged != b[k][i].judged ||
          a[k][i].held != b[k][i].held)
        return false;
  }
  return true;
}

TEST_CASE("P6k: strided_judgement's two passes judge as its one pass does") {
  generators::ResolvedVariant v;
  const gpu::HostSet set0 =
      set0_of(v, {test::flat_buffer("x", DType::F32, kN / 4, {"uniform", 0, 1})});
  generators::Tolerance tol;
  tol.rtol = 1e-5;
  tol.atol = 1e-8;
  std::map<size_t, std::vector<std::vector<double>>> made;  // each class echo once
  int calls = 0;
  auto echo = [&](const gpu::EchoRegion& r) {
    ++calls;
    auto at = made.find(r.cls);
    if (at == made.end()) at = made.emplace(r.cls, shares(v, set0, mixed, tol, {}, -1, &r)).first;
    return at->second;
  };
  const auto atol =
      gpu::atol_parts(std::vector<gpu::HostDoubles>{base_reference(set0, mixed)}, {tol});
  for (bool law : {false, true}) {
    const gpu::StridedJudgement one = gpu::strided_judgement(echo, atol, law);
    // 64 elements a chunk: the flagged ones in several second passes.
    const gpu::StridedJudgement two =
        gpu::strided_judgement(echo, atol, law, 64 * gpu::kStridedRegions * sizeof(double));
    MESSAGE("law " << law << ": one pass judged " << one.judged[0] << " light " << one.light[0]
                   << "; two: judged " << two.judged[0] << " light " << two.light[0] << " in "
                   << two.passes << " passes, " << two.exact << " elements exact");
    CHECK(one.passes == 1);
    CHECK(one.exact == 1537);
    CHECK(two.passes >= 2);
    // Off the law the copies and the told or atol-held shares are not taken again; on it the
    // shares under the bar are (their light share lowers set 0's weakest).
    CHECK(two.exact < (law ? 1537 : 64));
    // The same with the second pass given the picked elements' shares alone (as the worker's
    // echo_shares with picks compares them).
    const gpu::StridedJudgement picked = gpu::strided_judgement(
        echo, atol, law, 64 * gpu::kStridedRegions * sizeof(double),
        [&](const gpu::EchoRegion& r, const std::vector<std::vector<size_t>>& picks) {
          const auto every = echo(r);
          std::vector<std::vector<double>> got(picks.size());
          for (size_t k = 0; k < picks.size(); ++k)
            for (size_t i : picks[k]) got[k].push_back(every[k][i]);
          return got;
        });
    CHECK(picked.judged == two.judged);
    CHECK(picked.light == two.light);
    CHECK(picked.passes == two.passes);
    // The weak elements by index (the tail recurrence's): the same in every mode; y[0] among them.
    CHECK(same_weak(one.weak, two.weak));
    CHECK(same_weak(picked.weak, two.weak));
    REQUIRE(!one.weak[0].empty());
    CHECK(one.weak[0][0].index == 0);
    CHECK(two.judged[0] == one.judged[0]);  // y[0]'s light part
    CHECK(two.judged[0] > 0);  // one weak element beside 512 told ones: refused (h28t light_tail)
    CHECK(two.judged[0] <= 1);
    if (law) CHECK(two.light[0] == one.light[0]);  // under the bar: the same least element
  }
  CHECK(calls > 3 * int(gpu::kStridedRegions));
  // At atol 1e-6 (the output before h30t) the shares under x ~ 0.01 are held by atol: (b) left
  // them out; since h30t they are judged, weak, and with the near ones were a tail (light_tail)
  // in which y[0] was not refused (h28t's "diluted by design" gap, easier to reach). Since helper
  // h30d a tail excuses only weak elements of its own kind (law_regions.h atol_held): the shares
  // are atol-held, y[0] is weak at atol 0 and alone of its kind: refused again (0 before h30d).
  tol.atol = 1e-6;
  made.clear();
  const auto held =
      gpu::atol_parts(std::vector<gpu::HostDoubles>{base_reference(set0, mixed)}, {tol});
  const gpu::StridedJudgement diluted = gpu::strided_judgement(echo, held, false);
  // Two passes: the same verdict, the near-only elements judged only until the tail holds.
  const gpu::StridedJudgement diluted2 =
      gpu::strided_judgement(echo, held, false, 64 * gpu::kStridedRegions * sizeof(double));
  MESSAGE("atol 1e-6: judged " << diluted.judged[0] << "; two passes: judged " << diluted2.judged[0]
                               << ", " << diluted2.exact << " elements exact in " << diluted2.passes
                               << " passes");
  CHECK(diluted.judged[0] > 0);
  CHECK(diluted.judged[0] <= 1);
  CHECK(diluted2.judged[0] == diluted.judged[0]);
  // Every weak element of both kinds carried out of either mode, the held shares among them.
  CHECK(same_weak(diluted.weak, diluted2.weak));
  size_t held_weak = 0;
  for (const gpu::WeakElement& e : diluted.weak[0]) held_weak += e.held;
  MESSAGE("atol 1e-6: " << diluted.weak[0].size() << " weak, " << held_weak << " atol-held");
  CHECK(held_weak >= gpu::kTailMin);
  CHECK(diluted.weak[0].size() > held_weak);  // y[0], weak at atol 0
  CHECK(diluted2.exact < 513);
}

TEST_CASE("P6h regions: region_of, echo_region and light_shares") {
  using gpu::RegionFamily;
  // Contiguous stretches in order, every class used; the hash spreads a stretch over them all.
  CHECK(gpu::region_of(RegionFamily::Contiguous, 0, 1000) == 0);
  CHECK(gpu::region_of(RegionFamily::Contiguous, 999, 1000) == gpu::kLawRegions - 1);
  std::vector<int> seen(gpu::kLawRegions, 0);
  for (size_t j = 0; j < 1024; ++j) ++seen[gpu::region_of(RegionFamily::Hashed, j, 1024)];
  for (int c : seen) CHECK(c > 8);
  // The class echoes of a partition together are the lint's first echo.
  const auto b = test::flat_buffer("x", DType::F32, 999, {"uniform", 0, 1});
  std::vector<float> x(999);
  for (size_t i = 0; i < x.size(); ++i) x[i] = float(i);
  const gpu::HostInput in = test::floats(x);
  for (RegionFamily f : {RegionFamily::Contiguous, RegionFamily::Hashed, RegionFamily::Strided}) {
    std::vector<float> all = x;
    for (const gpu::EchoRegion& r : gpu::law_regions(f)) {
      const std::vector<float> e = test::as_floats(*gpu::echo_region(b, in, r));
      for (size_t i = 0; i < e.size(); ++i) {
        const bool mine = i % 2 == 1 && gpu::region_of(f, i / 2, x.size() / 2) == r.cls;
        CHECK((e[i] != x[i]) == mine);
        if (!mine) continue;
        CHECK(e[i] == x[i - 1]);
        all[i] = e[i];
      }
    }
    CHECK(all == test::as_floats(*gpu::echo_positions(b, in, 1, 1)));
  }
  // light_shares: the classes above 16 x the median energy are left out.
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  auto classes = [](std::vector<double> a) {
    std::vector<std::vector<std::vector<double>>> by;
    for (double s : a) by.push_back({{s}});
    return by;
  };
  CHECK(gpu::light_shares(classes({3, 4, 100, 1}))[0][0] == doctest::Approx(std::sqrt(26.0)));
  CHECK(gpu::light_shares(classes({3, 4, 12, 1}))[0][0] == doctest::Approx(std::sqrt(170.0)));
  CHECK(gpu::light_shares(classes({0, 0, 5, 0}))[0][0] == 0);  // an element of a few classes
  CHECK(gpu::light_shares(classes({2, 2, inf, 2}))[0][0] == doctest::Approx(std::sqrt(12.0)));
  CHECK(gpu::light_shares(classes({inf, inf, inf, 2}))[0][0] == inf);
  CHECK(std::isnan(gpu::light_shares(classes({2, nan, 2, 2}))[0][0]));
  CHECK(gpu::light_shares({{{1, 2}}, {{1}}})[0] == std::vector<double>{inf});
}
