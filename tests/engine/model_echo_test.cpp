// The lint's model echoes (engine/backend/gpu/model_echo.h, red team 28): the midpoint echo of
// ordered inputs and the refill echo of permutations and cycles keep their kinds valid and are
// functions of the kept half; and the verdict refuses the two red team 28 shapes (a smooth sum of
// sorted values whose copy echo passes; a sum over a permutation, which took no echo) at sizes of
// a few thousand, while an output that reads the moved places themselves is told apart.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/model_echo.h"
#include "engine/backend/gpu/model_light.h"
#include "engine/backend/gpu/model_quiet.h"
#include "engine/backend/gpu/sample_lint.h"
#include "flat_buffer.h"

using namespace solver;
using generators::DType;

namespace {

// One buffer's bytes as set 0 draws them (the worker's regular_set), as T.
template <class T>
std::vector<T> drawn(const generators::ResolvedBuffer& b, uint64_t seed = 0x5eed2026) {
  generators::ResolvedVariant v;
  v.buffers = {b};
  const gpu::HostSet s = gpu::regular_set(v, seed, nullptr);
  std::vector<T> out(s.inputs[0]->size / sizeof(T));
  std::memcpy(out.data(), s.inputs[0]->data.get(), s.inputs[0]->size);
  return out;
}
template <class T>
std::vector<T> echoed(const generators::ResolvedBuffer& b, std::vector<T> v, int parity,
                      uint64_t seed = 7) {
  gpu::HostInput in;
  in.size = v.size() * sizeof(T);
  in.data.reset(new unsigned char[in.size]);
  std::memcpy(in.data.get(), v.data(), in.size);
  const auto out = gpu::model_echo(b, in, parity, seed);
  std::memcpy(v.data(), out->data.get(), in.size);
  return v;
}
// Whether next (a successor array) is one cycle through every node.
bool one_cycle(const std::vector<int32_t>& next) {
  std::vector<char> seen(next.size(), 0);
  size_t v = 0;
  for (size_t step = 0; step < next.size(); ++step) {
    if (seen[v]) return false;
    seen[v] = 1;
    v = size_t(next[v]);
  }
  return v == 0;
}
bool kept(const std::vector<int32_t>& a, const std::vector<int32_t>& b, int parity) {
  for (size_t i = 0; i < a.size(); ++i)
    if ((i & 1) != size_t(parity) && a[i] != b[i]) return false;
  return true;
}
// Boys F0 (red28_sim's), the folder's term.
double boys0(double v) {
  if (v < 1e-3) return 1.0 - v / 3.0 + v * v / 10.0 - v * v * v / 42.0;
  const double s = std::sqrt(v);
  return 0.88622692545275801365 * std::erf(s) / s;
}
double share(double a, double b, const generators::Tolerance& t) {
  return std::fabs(a - b) / (t.atol + t.rtol * std::fabs(a));
}

}  // namespace

TEST_CASE("model echoes: ordered inputs take the midpoint, sorted and monotone, ends kept") {
  const auto sorted = test::flat_buffer("x", DType::F32, 4097, {"sorted", 0.0, 4.0});
  const auto rowptr = test::flat_buffer("rp", DType::I32, 4096, {"csr_rowptr", 60000.0, 0.0});
  CHECK(gpu::model_echoed(sorted));
  CHECK(gpu::model_echoed(rowptr));
  const std::vector<float> x = drawn<float>(sorted);
  const std::vector<int32_t> rp = drawn<int32_t>(rowptr);
  for (int parity : {0, 1}) {
    const std::vector<float> e = echoed(sorted, x, parity);
    CHECK(std::is_sorted(e.begin(), e.end()));
    CHECK(e.front() == x.front());
    CHECK(e.back() == x.back());
    size_t moved = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      if ((i & 1) != size_t(parity)) CHECK(e[i] == x[i]);
      moved += e[i] != x[i];
    }
    CHECK(moved > x.size() / 4);  // not a no-op
    // The midpoint of its neighbours, to the nearest float.
    CHECK(e[2 + size_t(parity)] ==
          float((double(x[1 + size_t(parity)]) + x[3 + size_t(parity)]) / 2));
    const std::vector<int32_t> r = echoed(rowptr, rp, parity);
    CHECK(std::is_sorted(r.begin(), r.end()));
    CHECK(r.front() == 0);
    CHECK(r.back() == 60000);
    CHECK(r != rp);
  }
  // Integers: the floor of the midpoint without overflow, at the ends of the 64-bit ranges.
  std::vector<uint64_t> u = {~uint64_t(0) - 3, 0, ~uint64_t(0)};
  gpu::midpoint_echo(DType::U64, reinterpret_cast<unsigned char*>(u.data()), 3, 1);
  CHECK(u[1] == ~uint64_t(0) - 2);
  std::vector<int64_t> s = {std::numeric_limits<int64_t>::min(), 0, -1};
  gpu::midpoint_echo(DType::I64, reinterpret_cast<unsigned char*>(s.data()), 3, 1);
  CHECK(s[1] == std::numeric_limits<int64_t>::min() / 2 - 1);  // floor((min - 1) / 2)
}

TEST_CASE("model echoes: a permutation or a cycle refilled from its kept half stays one") {
  for (int64_t n : {4096, 4097}) {
    const auto perm = test::flat_buffer("p", DType::I32, n, {"permutation", 0.0, 0.0});
    const auto cycle = test::flat_buffer("next", DType::I32, n, {"cycle", 0.0, 0.0});
    CHECK(gpu::model_echoed(perm));
    CHECK(gpu::model_echoed(cycle));
    const std::vector<int32_t> p = drawn<int32_t>(perm), c = drawn<int32_t>(cycle);
    REQUIRE(one_cycle(c));
    for (int parity : {0, 1}) {
      const std::vector<int32_t> e = echoed(perm, p, parity);
      std::vector<int32_t> sorted_e = e;
      std::sort(sorted_e.begin(), sorted_e.end());
      for (int64_t i = 0; i < n; ++i) REQUIRE(sorted_e[size_t(i)] == i);  // a permutation
      CHECK(kept(p, e, parity));
      CHECK(e != p);
      CHECK(echoed(perm, p, parity, 8) != e);  // the seed draws the order
      // A function of the kept half: another completion of it refills to the same values.
      CHECK(echoed(perm, echoed(perm, p, parity, 99), parity) == e);
      const std::vector<int32_t> f = echoed(cycle, c, parity);
      CHECK(one_cycle(f));
      CHECK(kept(c, f, parity));
      CHECK(f != c);
      CHECK(echoed(cycle, echoed(cycle, c, parity, 99), parity) == f);
    }
  }
  // Not a permutation (a repeated value) or not one cycle: left as it is.
  std::vector<int32_t> bad = {0, 0, 2, 3};
  CHECK_FALSE(
      gpu::refill_permutation(DType::I32, reinterpret_cast<unsigned char*>(bad.data()), 4, 1, 1));
  std::vector<int32_t> loop = {0, 2, 3, 1};  // a fixed point among the kept (even) links
  CHECK_FALSE(
      gpu::refill_cycle(DType::I32, reinterpret_cast<unsigned char*>(loop.data()), 4, 1, 1));
  CHECK(loop == std::vector<int32_t>{0, 2, 3, 1});
}

// Red team 28's first shape at 2^14: y = sum exp(-x) over sorted x of [0, 4), atol 0.1. The copy
// echo moves y by ~(f(0) - f(4)) / 2 ~ 0.5 (passes: told apart), the midpoint by a random
// first-order ~ f' L / sqrt(n) plus the second order: the model verdict refuses the spec.
// Its second: y = sum F0(30 |p_i - i| / n) over a permutation at rtol 6.4e-2: refused, while
// z = p itself (a gather's indices) is told apart.
TEST_CASE("model echoes: the verdict refuses red team 28's two shapes, passes a told output") {
  const int64_t n = 16384;
  const auto sorted = test::flat_buffer("x", DType::F32, n, {"sorted", 0.0, 4.0});
  const std::vector<float> x = drawn<float>(sorted);
  auto sum = [](const std::vector<float>& v) {
    double y = 0;
    for (float a : v) y += std::exp(-double(a));
    return y;
  };
  generators::Tolerance t;
  t.rtol = 0;
  t.atol = 0.1;
  const double y0 = sum(x);
  // The copy echo (what the lint took alone before): told apart.
  std::vector<float> c = x;
  gpu::apply_echo(*gpu::buffer_echo(sorted, gpu::positions_echo(1, 1)),
                  reinterpret_cast<unsigned char*>(c.data()), uint64_t(n), 4);
  CHECK(share(y0, sum(c), t) > 1);
  gpu::InputShares xs{"x", false, {}, true};
  for (const char* set : {"set 0", "the fresh set"}) {
    double top = 0;
    for (const gpu::EchoPattern& e : gpu::model_patterns())
      top = std::max(top, share(y0, sum(echoed(sorted, x, e.parity)), t));
    xs.sets.push_back(gpu::SetShare{set, top, {top}});
  }
  CHECK(xs.sets[0].share > 0);
  CHECK(xs.sets[0].share < 0.5);
  const gpu::SampleLintVerdict refused = gpu::model_lint_verdict({xs}, {"out"}, {t});
  CHECK(refused.refusal.rfind(gpu::kSampleLintMarker, 0) == 0);
  CHECK(refused.refusal.find("out moves by at most") != std::string::npos);
  // Declared blind, or not moved at all: excused.
  CHECK(gpu::model_lint_verdict({xs}, {"out"}, {t}, {{"out", "x", "p.yaml:1:1"}}).refusal.empty());
  gpu::InputShares still{"x", false, {gpu::SetShare{"set 0", 0, {0.0}}}, true};
  CHECK(gpu::model_lint_verdict({still}, {"out"}, {t}).refusal.empty());

  const auto perm = test::flat_buffer("p", DType::I32, n, {"permutation", 0.0, 0.0});
  const std::vector<int32_t> p = drawn<int32_t>(perm);
  auto psum = [&](const std::vector<int32_t>& q) {
    double y = 0;
    for (int64_t i = 0; i < n; ++i) y += boys0(30.0 * std::fabs(double(q[size_t(i)] - i)) / n);
    return y;
  };
  generators::Tolerance r;
  r.rtol = 6.4e-2;  // the folder's 2e-3 at 2^24: a sum's spread over its size goes as 1/sqrt(n)
  r.atol = 0;
  gpu::InputShares ps{"p", false, {gpu::SetShare{"set 0", 0, {0.0, 0.0}}}, true};
  for (const gpu::EchoPattern& e : gpu::model_patterns()) {
    const std::vector<int32_t> q = echoed(perm, p, e.parity, gpu::model_seed(1, e.parity));
    double gather = 0;  // z = p: its largest element share
    for (int64_t i = 0; i < n; ++i) gather = std::max(gather, share(p[size_t(i)], q[size_t(i)], r));
    ps.sets[0].outputs[0] = std::max(ps.sets[0].outputs[0], share(psum(p), psum(q), r));
    ps.sets[0].outputs[1] = std::max(ps.sets[0].outputs[1], gather);
  }
  CHECK(ps.sets[0].outputs[0] > 0);
  CHECK(ps.sets[0].outputs[0] < 0.5);
  CHECK(ps.sets[0].outputs[1] > 10);
  const gpu::SampleLintVerdict v = gpu::model_lint_verdict({ps}, {"y", "z"}, {r, r});
  CHECK(v.refusal.find("y moves by at most") != std::string::npos);
  CHECK(v.refusal.find("z moves") == std::string::npos);
  // Exact outputs (0 or infinity): no model echo is taken.
  generators::Tolerance exact;
  exact.rtol = exact.atol = 0;
  CHECK_FALSE(gpu::model_lint_needed({exact, exact}));
  CHECK(gpu::model_lint_needed({exact, r}));
  CHECK(gpu::model_lint_needed({t}));
}

// Red team 29's deal (helper h29m): both parity refills put back the values each parity held, so
// a function of each parity's multiset moves by exactly 0 under them; the keyed-half refill moves
// places of both parities, keeps a permutation (a cycle) one, and is the seed's function.
TEST_CASE("model echoes: the keyed-half refill crosses the parities, a deal's hands move") {
  const int64_t n = 4096;
  const auto perm = test::flat_buffer("p", DType::I32, n, {"permutation", 0.0, 0.0});
  const auto cyc = test::flat_buffer("c", DType::I32, n, {"cycle", 0.0, 0.0});
  const std::vector<int32_t> p = drawn<int32_t>(perm);
  auto hands = [&](const std::vector<int32_t>& q) {
    std::vector<double> h(2, 0.0);
    for (size_t i = 0; i < q.size(); ++i)
      h[i & 1] += std::floor(256.0 * std::exp(-30.0 * q[i] / n));
    return h;
  };
  const std::vector<double> h0 = hands(p);
  for (int parity : {0, 1}) CHECK(hands(echoed(perm, p, parity, 11)) == h0);
  const std::vector<int32_t> k = echoed(perm, p, gpu::kKeyedHalf, 11);
  CHECK(k == echoed(perm, p, gpu::kKeyedHalf, 11));
  CHECK(k != echoed(perm, p, gpu::kKeyedHalf, 12));
  std::vector<int32_t> sorted = k;
  std::sort(sorted.begin(), sorted.end());
  for (int64_t i = 0; i < n; ++i) CHECK(sorted[size_t(i)] == i);
  size_t moved[2] = {0, 0};
  for (size_t i = 0; i < k.size(); ++i) moved[i & 1] += k[i] != p[i];
  CHECK(moved[0] > size_t(n) / 8);  // each parity about a half of its places moved
  CHECK(moved[1] > size_t(n) / 8);
  CHECK(hands(k) != h0);
  const std::vector<int32_t> c = drawn<int32_t>(cyc);
  REQUIRE(one_cycle(c));
  const std::vector<int32_t> ck = echoed(cyc, c, gpu::kKeyedHalf, 5);
  CHECK(ck != c);
  CHECK(one_cycle(ck));
  // Not for an ordered input (a midpoint needs both neighbours kept): neither taken nor moved.
  const auto sorted_in = test::flat_buffer("x", DType::F32, n, {"sorted", 0.0, 4.0});
  const std::vector<float> x = drawn<float>(sorted_in);
  CHECK(echoed(sorted_in, x, gpu::kKeyedHalf) == x);
  CHECK_FALSE(gpu::model_pattern_moves(sorted_in, gpu::model_patterns().back()));
  CHECK(gpu::model_pattern_moves(perm, gpu::model_patterns().back()));
  CHECK(gpu::model_patterns().back().parity == gpu::kKeyedHalf);
}

// Helper h30t (red team 29's loud heads; model_quiet.h): an element quiet under every model
// echo that moves it, beside a loud one in the same output, is refused; a gather's elements that
// a refill happens to put back near their value are not (red29_sim quiet: the folders at 2^24
// and 2^16, gathers at 2^20).
TEST_CASE("model echoes: an element quiet by construction is refused, one quiet by chance not") {
  const int64_t n = 16384;
  const auto perm = test::flat_buffer("p", DType::I32, n, {"permutation", 0.0, 0.0});
  const std::vector<int32_t> p = drawn<int32_t>(perm);
  // out[0]: red team 28's sum over the permutation (quiet under every refill at this rtol);
  // out[1]: p_0 x p_1 + 1, which a refill of either place moves by far more than its tolerance.
  auto out = [&](const std::vector<int32_t>& q) {
    double y = 0;
    for (int64_t i = 0; i < n; ++i) y += boys0(30.0 * std::fabs(double(q[size_t(i)] - i)) / n);
    return std::vector<double>{y, double(q[0]) * double(q[1]) + 1};
  };
  generators::Tolerance r;
  r.rtol = 6.4e-2;
  r.atol = 0;
  const std::vector<double> y = out(p);
  gpu::QuietFold fold;
  gpu::InputShares ps{"p", false, {gpu::SetShare{"set 0", 0, {0.0}}}, true};
  for (const gpu::EchoPattern& e : gpu::model_patterns()) {
    const std::vector<double> z = out(echoed(perm, p, e.parity, gpu::model_seed(1, e.parity)));
    const std::vector<double> s{share(y[0], z[0], r), share(y[1], z[1], r)};
    REQUIRE(s[0] > 0);
    REQUIRE(s[0] <= 1);
    REQUIRE(s[1] > 1);
    gpu::fold_quiet(fold, {s}, e.parity);
    ps.sets[0].outputs[0] = std::max({ps.sets[0].outputs[0], s[0], s[1]});
  }
  ps.sets[0].share = ps.sets[0].outputs[0];
  const std::vector<gpu::QuietVerdict> q = gpu::quiet_verdict(fold);
  REQUIRE(q.size() == 1);
  CHECK(q[0].moved == 2);
  CHECK(q[0].by_construction == 1);
  CHECK(q[0].element == 0);
  CHECK(q[0].moves == 3);
  CHECK(q[0].rate == 0);
  // The largest share alone (main) tells the output apart; with the elements judged: refused.
  CHECK(gpu::model_lint_verdict({ps}, {"out"}, {r}).refusal.empty());
  const gpu::SampleLintVerdict v = gpu::model_lint_verdict({ps}, {"out"}, {r}, {}, {q});
  CHECK(v.refusal.rfind(gpu::kSampleLintMarker, 0) == 0);
  CHECK(v.refusal.find("out's element 0 moves by at most") != std::string::npos);
  // A declared blind_to excuses the pair, as for the largest share.
  CHECK(gpu::model_lint_verdict({ps}, {"out"}, {r}, {{"out", "p", "p.yaml:1:1"}}, {q})
            .refusal.empty());

  // A gather z = p at rtol 2e-3: some refilled places land within their tolerance by chance; the
  // model_lint schedule (the three patterns, then further keyed refills while undecided) never
  // judges one quiet by construction.
  generators::Tolerance g;
  g.rtol = 2e-3;
  g.atol = 0;
  gpu::QuietFold gathers;
  size_t quiet_once = 0;
  auto take = [&](const std::vector<int32_t>& z, int pattern) {
    std::vector<double> s(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      s[size_t(i)] = share(p[size_t(i)], z[size_t(i)], g);
      quiet_once += s[size_t(i)] > 0 && s[size_t(i)] <= 1;
    }
    gpu::fold_quiet(gathers, {s}, pattern);
  };
  for (const gpu::EchoPattern& e : gpu::model_patterns())
    take(echoed(perm, p, e.parity, gpu::model_seed(1, e.parity)), e.parity);
  for (int j = 1;
       j <= gpu::kQuietExtraDraws && gpu::quiet_undecided(gpu::quiet_verdict(
                                         gathers, gpu::keyed_more(gpu::kQuietExtraDraws - j + 1)));
       ++j)
    take(echoed(perm, p, gpu::kKeyedHalf, gpu::quiet_seed(1, j)), gpu::kKeyedHalf);
  MESSAGE("gather: " << quiet_once << " element draws within the tolerance, " << gathers.draws
                     << " draws");
  CHECK(quiet_once > 0);  // chance quiet draws exist
  CHECK(gpu::quiet_verdict(gathers)[0].by_construction == 0);

  // Fewer than kQuietMinMoves moves, or a chance the others' quiet rate explains: undecided.
  gpu::QuietFold few;
  for (int d = 0; d < 2; ++d) gpu::fold_quiet(few, {{0.5, 7.0}});
  CHECK(gpu::quiet_verdict(few)[0].by_construction == 0);
  CHECK(gpu::quiet_verdict(few)[0].undecided == 1);
  // 1000 others, each quiet in two of four draws, told in the others: q (helper h31: the told
  // elements' quiet draws over their moves less one) = 2/3.
  gpu::QuietFold crowd;
  for (int d = 0; d < 4; ++d) {
    std::vector<double> s(1001, d % 2 ? 0.5 : 3.0);
    s[0] = 0.1;
    gpu::fold_quiet(crowd, {s});
  }
  CHECK(gpu::quiet_verdict(crowd)[0].by_construction == 0);
  CHECK(gpu::quiet_verdict(crowd)[0].undecided == 1);
  CHECK(gpu::quiet_verdict(crowd)[0].rate == doctest::Approx(2.0 / 3.0));
  // More draws are taken only where they could decide: the few-move element with its others
  // always loud (q = 0) could, after one more; the crowd's needs 1001 x (2/3)^m < 1e-6, m >= 52.
  // (The draws above are all of pattern 0; `more` counts per pattern, helper h31decoy.)
  CHECK(gpu::quiet_undecided(gpu::quiet_verdict(few, {1, 0, 0})));
  CHECK_FALSE(gpu::quiet_undecided(gpu::quiet_verdict(few, {0, 0, 0})));
  CHECK_FALSE(gpu::quiet_undecided(gpu::quiet_verdict(crowd, {gpu::kQuietExtraDraws, 0, 0})));
  CHECK_FALSE(gpu::quiet_undecided(gpu::quiet_verdict(crowd, {47, 0, 0})));
  CHECK(gpu::quiet_undecided(gpu::quiet_verdict(crowd, {48, 0, 0})));
}

// Helper h31 (red team 31's redteam31_twin_quiet_boys; model_quiet.h chance_rate): the chance
// rate q is read from the elements some draw told apart only, so elements quiet by construction
// (any number of twins) do not raise it; with one telling draw left out of each told element it
// is read high, never low, for elements quiet by chance.
TEST_CASE("model echoes: twins quiet by construction do not raise each other's chance") {
  for (int twins : {1, 2, 5}) {
    gpu::QuietFold fold;  // [twins quiet sums..., a loud head], set 0's three refills
    for (int d = 0; d < 3; ++d) {
      std::vector<double> s(size_t(twins) + 1, 0.06 + 0.01 * d);
      s.back() = 7.5 + 50 * (d == 1);
      gpu::fold_quiet(fold, {s});
    }
    const gpu::QuietVerdict v = gpu::quiet_verdict(fold)[0];
    CHECK(v.moved == size_t(twins) + 1);
    CHECK(v.by_construction == size_t(twins));  // until h31: twins 1 only (q = (k - 1) / k)
    CHECK(v.undecided == 0);
    CHECK(v.rate == 0);
  }
  // No told element with two moves yet (the head unmoved by the first two draws, told by the
  // third): no evidence (q = 1, undecided), but more draws can give some, so the schedule takes
  // them (`decidable`).
  gpu::QuietFold once;
  gpu::fold_quiet(once, {{0.05, 0.0}});
  gpu::fold_quiet(once, {{0.05, 0.0}});
  gpu::fold_quiet(once, {{0.05, 9.0}});
  CHECK(gpu::quiet_verdict(once)[0].undecided == 1);
  CHECK(gpu::quiet_verdict(once)[0].rate == 1);
  CHECK(gpu::quiet_undecided(gpu::quiet_verdict(once, {1, 0, 0})));
  gpu::fold_quiet(once, {{0.05, 8.0}});  // the told element's second move, loud: q = 0
  CHECK(gpu::quiet_verdict(once)[0].by_construction == 1);
  CHECK(gpu::quiet_verdict(once)[0].element == 0);
  // Elements quiet by chance (each draw quiet with probability q_i, independently): the rate
  // over the told ones, one telling draw left out each, is not below their q.
  for (double qi : {0.05, 0.3, 0.7}) {
    std::mt19937_64 rng(31);
    std::bernoulli_distribution quiet(qi);
    gpu::QuietFold chance;
    for (int d = 0; d < 3; ++d) {
      std::vector<double> s(20000);
      for (double& a : s) a = quiet(rng) ? 0.5 : 3.0;
      gpu::fold_quiet(chance, {s});
    }
    // The expectation: 3 (q - q^3) / (2 (1 - q^3)); its estimate within 3 standard errors.
    const double want = 3 * (qi - qi * qi * qi) / (2 * (1 - qi * qi * qi));
    const double got = gpu::quiet_verdict(chance)[0].rate;
    CHECK(want >= qi);
    CHECK(got == doctest::Approx(want).epsilon(0.05));
  }
}

// Helper h31decoy (h31's stated decoy; model_quiet.h "Per pattern"): the chance rate is read per
// pattern, so an element quiet by construction under the parity refills and told by the keyed
// half (redteam31_decoy_quiet_boys) raises the parity rates only; the twin sums' keyed moves
// decide them. Pooled (h31) the decoy's 2 quiet draws of 2 gave q = 1: nothing decidable.
TEST_CASE("model echoes: a decoy quiet under some patterns does not vouch for the others") {
  const int odd = 1, even = 0, keyed = gpu::kKeyedHalf;
  gpu::QuietFold fold;  // [twin sum, twin sum, decoy]; shares as red31_sim decoy measures them
  auto set = [&](double a, double b, double c) {
    gpu::fold_quiet(fold, {{0.06, 0.05, a}}, odd);
    gpu::fold_quiet(fold, {{0.08, 0.05, b}}, even);
    gpu::fold_quiet(fold, {{0.09, 0.05, c}}, keyed);
  };
  set(0.2, 0.3, 36.0);  // set 0
  gpu::QuietVerdict v = gpu::quiet_verdict(fold)[0];
  CHECK(v.by_construction == 0);
  CHECK(v.undecided == 2);
  CHECK(v.rate == 1);  // h31's pooled q: 2 quiet of 2
  CHECK(v.rates[odd] == 1);
  CHECK(v.rates[even] == 1);
  CHECK(v.rates[keyed] == 1);  // no evidence: its only keyed draw told it
  // More keyed draws can give the keyed rate evidence: the schedule takes the fresh set.
  CHECK(gpu::quiet_verdict(fold, {1, 1, 1 + gpu::kQuietExtraDraws})[0].decidable == 2);
  CHECK(gpu::quiet_verdict(fold, {1, 1, 0})[0].decidable == 0);  // parity draws cannot decide
  set(0.25, 0.1, 20.0);                                          // the fresh set
  v = gpu::quiet_verdict(fold)[0];
  CHECK(v.rates[keyed] == 0);
  CHECK(v.rate == doctest::Approx(4.0 / 5.0));  // pooled: still undecidable (3 x 0.8^6)
  CHECK(v.by_construction == 2);
  CHECK(v.chance == 0);
  // A pattern's draws of an element told by another pattern count from the first telling draw
  // on: an element quiet by chance with probability q_e in each draw of pattern e is read high,
  // never low, in each pattern (20000 elements, two sets' three patterns).
  const double q[3] = {0.6, 0.2, 0.05};  // even, odd, keyed
  std::mt19937_64 rng(3131);
  gpu::QuietFold chance;
  for (int set_i = 0; set_i < 2; ++set_i)
    for (int e : {odd, even, keyed}) {
      std::bernoulli_distribution quiet(q[e]);
      std::vector<double> s(20000);
      for (double& a : s) a = quiet(rng) ? 0.5 : 3.0;
      gpu::fold_quiet(chance, {s}, e);
    }
  const gpu::QuietVerdict c = gpu::quiet_verdict(chance)[0];
  for (int e : {odd, even, keyed}) {
    const double se = std::sqrt(q[e] * (1 - q[e]) / 20000);
    CHECK(c.rates[size_t(e)] >= q[e] - 3 * se);
  }
}

namespace {
template <class T>
std::vector<T> class_echoed(const generators::ResolvedBuffer& b, std::vector<T> v,
                            const gpu::ModelClass& c) {
  gpu::HostInput in;
  in.size = v.size() * sizeof(T);
  in.data.reset(new unsigned char[in.size]);
  std::memcpy(in.data.get(), v.data(), in.size);
  const auto out = gpu::model_class_echo(b, in, c);
  std::memcpy(v.data(), out->data.get(), in.size);
  return v;
}
}  // namespace

// Helper h31 (red team 31's redteam31_inner_head_boys; model_light.h): class refills keep every
// kind valid and move only their class's keyed places; a coarse class moves exactly its fine
// classes' places (the screen's premise).
TEST_CASE("model echoes: class refills keep the kind and nest") {
  const int64_t n = 4096;
  const uint64_t key = gpu::class_key(3);
  for (uint64_t c = 0; c < gpu::kModelScreenClasses; c += 7)
    for (uint64_t i = 0; i < uint64_t(n); ++i) {
      bool fine = false;
      for (uint64_t r = c; r < gpu::kStridedRegions; r += gpu::kModelScreenClasses)
        fine = fine || gpu::class_place(i, n, {gpu::kStridedRegions, r, key});
      REQUIRE(fine == gpu::class_place(i, n, {gpu::kModelScreenClasses, c, key}));
    }
  const auto perm = test::flat_buffer("p", DType::I32, n, {"permutation", 0.0, 0.0});
  const auto cyc = test::flat_buffer("c", DType::I32, n, {"cycle", 0.0, 0.0});
  const auto sorted = test::flat_buffer("x", DType::F32, n, {"sorted", 0.0, 4.0});
  const std::vector<int32_t> p = drawn<int32_t>(perm), cy = drawn<int32_t>(cyc);
  const std::vector<float> x = drawn<float>(sorted);
  size_t both = 0;  // moved places of either parity, over the classes tried
  for (uint64_t r : {uint64_t(0), uint64_t(5), uint64_t(255)}) {
    const gpu::ModelClass mc{gpu::kStridedRegions, r, key};
    const auto q = class_echoed(perm, p, mc);
    std::vector<int32_t> s = q;
    std::sort(s.begin(), s.end());
    for (int64_t i = 0; i < n; ++i) REQUIRE(s[size_t(i)] == i);  // still a permutation
    size_t moved = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (!gpu::class_place(uint64_t(i), n, mc)) REQUIRE(q[size_t(i)] == p[size_t(i)]);
      moved += q[size_t(i)] != p[size_t(i)];
      both += (i & 1) ? 1000 * gpu::class_place(uint64_t(i), n, mc)
                      : gpu::class_place(uint64_t(i), n, mc);
    }
    CHECK(moved > 0);
    CHECK(one_cycle(class_echoed(cyc, cy, mc)));
    // The fast refill (validity and cycle order read once per content) is the O(n) walk's.
    for (const auto* buf : {&perm, &cyc}) {
      const std::vector<int32_t>& v = buf == &perm ? p : cy;
      gpu::HostInput in;
      in.size = v.size() * 4;
      in.data.reset(new unsigned char[in.size]);
      std::memcpy(in.data.get(), v.data(), in.size);
      const auto fast = gpu::model_class_echo(*buf, in, mc);
      const auto plain = gpu::model_class_echo_plain(*buf, in, mc);
      CHECK(std::memcmp(fast->data.get(), plain->data.get(), in.size) == 0);
    }
    const auto y = class_echoed(sorted, x, mc);
    CHECK(std::is_sorted(y.begin(), y.end()));
    for (int64_t i = 0; i < n; ++i)
      if (!gpu::class_place(uint64_t(i), n, mc)) REQUIRE(y[size_t(i)] == x[size_t(i)]);
  }
  CHECK(both % 1000 > 0);  // even places moved
  CHECK(both / 1000 > 0);  // odd places moved
}

// The light part judged (model_light): red team 31's inner head at 2^14 (y = S + H, H the sum of
// p_0..p_31, S a sum over every place) refused with its light share, in one pass or two; a gather
// screened out by the 32 coarse classes.
TEST_CASE("model echoes: a loud head inside the element is refused by its light part") {
  const int64_t n = 16384;
  const auto perm = test::flat_buffer("p", DType::I32, n, {"permutation", 0.0, 0.0});
  generators::ResolvedVariant v;
  v.buffers = {perm};
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  generators::Tolerance r;
  r.rtol = 1e-3;
  r.atol = 0;
  auto inner = [&](const gpu::HostInput& in) {
    const int32_t* q = reinterpret_cast<const int32_t*>(in.data.get());
    double s = 0, h = 0;
    for (int64_t i = 0; i < n; ++i) s += std::exp(-30.0 * std::fabs(double(q[i] - i)) / n);
    for (int i = 0; i < 32; ++i) h += q[i];
    return std::vector<gpu::HostDoubles>{{s + h}};
  };
  auto gather = [&](const gpu::HostInput& in) {
    const int32_t* q = reinterpret_cast<const int32_t*>(in.data.get());
    return std::vector<gpu::HostDoubles>{gpu::HostDoubles(q, q + n)};
  };
  auto judge = [&](const std::function<std::vector<gpu::HostDoubles>(const gpu::HostInput&)>& f,
                   size_t budget) {
    const auto base = f(*set0.inputs[0]);
    std::vector<gpu::OutputGrain> g{gpu::output_grain(DType::F32)};
    g[0].bound = gpu::grain_bound(double(n) / 2);
    return gpu::model_light(
        [&](uint64_t classes, uint64_t cls, const std::vector<std::vector<size_t>>* picks) {
          auto q = f(*gpu::model_class_echo(perm, *set0.inputs[0],
                                            {classes, cls, gpu::class_key(set0.seed)}));
          auto y = base;
          if (picks) {
            gpu::HostDoubles a, c;
            for (size_t i : (*picks)[0]) a.push_back(y[0][i]), c.push_back(q[0][i]);
            y[0] = a;
            q[0] = c;
          }
          return gpu::element_shares(y, q, {r});
        },
        1, gpu::atol_parts(base, {r}), gpu::grain_floors(base, {r}, g), budget);
  };
  const gpu::ModelLight one = judge(inner, gpu::kLightBytes);
  CHECK(one.screened);
  CHECK(one.refills == int(gpu::kModelScreenClasses + gpu::kStridedRegions));
  REQUIRE(one.judged.size() == 1);
  MESSAGE("inner head: light share " << one.judged[0]);
  CHECK(one.judged[0] > 0);
  CHECK(one.judged[0] <= 1);
  const std::string refusal = gpu::model_light_refusal(one.judged, {"out"}, {r}, "p");
  CHECK(refusal.rfind(gpu::kSampleLintMarker, 0) == 0);
  CHECK(gpu::model_light_refusal(one.judged, {"out"}, {r}, "p", {true}).empty());  // blind_to
  // Past the budget: a counting pass, then the one element exactly: the same share.
  const gpu::ModelLight two = judge(inner, 100);
  CHECK(two.passes == 2);
  CHECK(two.refills == int(gpu::kModelScreenClasses + 2 * gpu::kStridedRegions));
  REQUIRE(two.judged.size() == 1);
  CHECK(two.judged[0] == one.judged[0]);
  // Only elements the model echoes told apart are judged: the same element, never told apart
  // (the quiet fold's), is not, and the fine classes are not taken for it.
  const std::vector<std::vector<uint8_t>> quiet{{0}};
  const gpu::ModelLight untold = [&] {
    const auto base = inner(*set0.inputs[0]);
    return gpu::model_light(
        [&](uint64_t classes, uint64_t cls, const std::vector<std::vector<size_t>>*) {
          return gpu::element_shares(
              base,
              inner(*gpu::model_class_echo(perm, *set0.inputs[0],
                                           {classes, cls, gpu::class_key(set0.seed)})),
              {r});
        },
        1, gpu::atol_parts(base, {r}), {}, gpu::kLightBytes, &quiet);
  }();
  CHECK_FALSE(untold.screened);
  CHECK(untold.refills == int(gpu::kModelScreenClasses));
  // A gather: each element moved by one coarse class at most, the fine classes not taken.
  const gpu::ModelLight g = judge(gather, gpu::kLightBytes);
  CHECK_FALSE(g.screened);
  CHECK(g.refills == int(gpu::kModelScreenClasses));
  CHECK(g.judged.empty());
}

// The tails of the model echoes' light part (model_light.h model_refusable): counted over every
// element's light share, told or not, so a told element at 0.5 inside a continuum of small light
// parts (4 weak, 24 near) is excused, as P6k excuses one; alone among loud ones it is refused.
TEST_CASE("model echoes: the light part's tails are counted over the population") {
  std::vector<double> pop{0.5, 0.6, 0.7, 0.8};
  for (int i = 0; i < 20; ++i) pop.push_back(2.0 + i * 0.5);  // near: at most kNearLight
  std::vector<double> judged(pop.size(), 0.0);
  judged[0] = 0.5;  // the one told element, (a) holding
  const std::vector<std::vector<double>> none{std::vector<double>(pop.size(), 0.0)};
  CHECK(gpu::model_refusable({judged}, {pop}, none)[0] == 0);
  std::vector<double> alone(pop.size(), 50.0);
  alone[0] = 0.5;
  CHECK(gpu::model_refusable({judged}, {alone}, none)[0] == 0.5);
  // Fewer than kTailMin weak: no tail, refused.
  std::vector<double> three = pop;
  three[3] = 3.0;
  CHECK(gpu::model_refusable({judged}, {three}, none)[0] == 0.5);
}
