// control_hon22_softmax_argmax's false rejection (issue 28, live on an H100 2026-12-06,
// docs/results/h100-2026-12-06b/call5): the honest seed (a thread per row, an FP32 running sum
// of 32000 expf terms) on the harness's own input sets, against a float64 reference (not a
// test: it prints what it measures). Sets: set 0 and regular sets 1, 2 (the declared law), the
// fresh set off the law (timed_perturbations' cells: what the gate's fresh check and every
// audited timed run see off the law) and drawn i.i.d. from the law (law mode, P6h), several
// seeds each. Per set: the worst element's error in tolerances, how many elements are out,
// the rows' worst relative error of the sum (what every probability of a row shares), and the
// running sum's own error scale u * sqrt(sum_k s_k^2) / s (s_k the partial sums: the rounding
// of each add, as a random walk), the part a conditioning bound must carry.
// With a fourth argument k: instead, red team 26's proposed P6k off the law on rows 0..k-1
// (light_part).
// Usage: hon22_softmax_offlaw_sim [rows (1024)] [seeds (4)] [rtol (1e-5)] [light rows] [atol
// (1e-10)]
//        [row length (32000)]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/second_look.h"
#include "flat_buffer.h"

using namespace solver;
using generators::DType;

namespace {

// The row length: 32000 (the control's); a sixth argument sets it (helper h30t: the built-in
// softmax seed's 4096).
int64_t kV = 32000;

struct Result {
  double worst = 0;    // the worst element's |p - r| / (atol + rtol |r|)
  int64_t out = 0;     // elements over 1
  double row_rel = 0;  // the worst row's relative error of the FP32 sum
  double walk = 0;     // the worst row's u * sqrt(sum s_k^2) / s
  double spread = 0;   // mean over rows of the largest term's share of the sum
};

Result judge(const gpu::HostInput& in, int64_t rows, double rtol, double atol) {
  std::vector<float> x(size_t(rows * kV));
  std::memcpy(x.data(), in.data.get(), x.size() * 4);
  std::vector<Result> part(2);
  auto run = [&](int t) {
    Result& r = part[size_t(t)];
    for (int64_t b = t; b < rows; b += 2) {
      const float* row = x.data() + b * kV;
      float m = row[0];
      for (int64_t v = 1; v < kV; ++v) m = std::max(m, row[v]);
      float s = 0.f;
      double walk = 0, exact = 0, top = 0;
      for (int64_t v = 0; v < kV; ++v) {
        s += std::exp(row[v] - m);
        walk += double(s) * double(s);
        const double e = std::exp(double(row[v]) - double(m));
        exact += e;
        top = std::max(top, e);
      }
      r.row_rel = std::max(r.row_rel, std::fabs(double(s) - exact) / exact);
      r.walk = std::max(r.walk, 0x1p-24 * std::sqrt(walk) / exact);
      r.spread += top / exact / double(rows);
      const float inv = 1.f / s;
      for (int64_t v = 0; v < kV; ++v) {
        const double p = double(std::exp(row[v] - m) * inv);
        const double want = std::exp(double(row[v]) - double(m)) / exact;
        const double share = std::fabs(p - want) / (atol + rtol * std::fabs(want));
        r.worst = std::max(r.worst, share);
        r.out += share > 1;
      }
    }
  };
  std::thread t1(run, 1);
  run(0);
  t1.join();
  Result r;
  r.worst = std::max(part[0].worst, part[1].worst);
  r.out = part[0].out + part[1].out;
  r.row_rel = std::max(part[0].row_rel, part[1].row_rel);
  r.walk = std::max(part[0].walk, part[1].walk);
  r.spread = part[0].spread + part[1].spread;
  return r;
}

void say(const char* what, const Result& r) {
  std::printf(
      "%-34s worst %.3f tol, %6lld out, row sum rel err %.2e, walk scale %.2e, top term "
      "%.3f of the sum\n",
      what, r.worst, (long long)r.out, r.row_rel, r.walk, r.spread);
}

// Red team 26's proposed P6k off the law (law_regions.h) on the probabilities of row `b` of
// set 0: the 256 strided class echoes' element shares (the row's pairs j in class j mod 256;
// the echo copies position 2j into 2j + 1), and per element its light share, its dominant
// classes' energy H against the light energy L, and its light share at atol 0.
// Helper h30t: the counts light_tail reads over every row taken, with P6k's condition (b) (the
// atol parts given) and without it (none given: no element is atol-held), and the largest
// signed-proportionality residual of an atol-held element's light moves against its row's
// largest probability's (h30t's analysis of the proportional key).
struct TailCounts {
  uint64_t weak = 0, near = 0, weak_b = 0, near_b = 0, held = 0;
  uint64_t kind[2] = {0, 0};  // helper h30d: weak at atol 0, atol-held (law_regions.h atol_held)
  double least = 0, least_b = 0, resid = 0;
};
TailCounts g_tail;
void count_judged(const std::vector<double>& judged, uint64_t& weak, uint64_t& near,
                  double& least) {
  for (double j : judged) {
    weak += j < 0 || (j > 0 && j <= 1);
    near += j < 0 || (j > 0 && j <= gpu::kNearLight);
    if (j > 0 && (least == 0 || j < least)) least = j;
  }
}

// Helper h32's second look (second_look.h): row `b`'s judged light shares and atol parts, the
// strided classes keyed by `key` (0: j mod 256, set 0's), the row's pairs numbered in the buffer.
struct RowJudged {
  std::vector<double> judged, parts;
};
RowJudged row_judged(const gpu::HostInput& in, int64_t b, double rtol, double atol, uint64_t key,
                     uint64_t pairs) {
  const float* row = reinterpret_cast<const float*>(in.data.get()) + b * kV;
  std::vector<double> e(kV);
  double m = row[0], s = 0;
  for (int64_t v = 1; v < kV; ++v) m = std::max(m, double(row[v]));
  for (int64_t v = 0; v < kV; ++v) s += (e[size_t(v)] = std::exp(double(row[v]) - m));
  const size_t R = gpu::kStridedRegions;
  const uint64_t first_pair = uint64_t(b * kV / 2);
  std::vector<size_t> cls(size_t(kV / 2));
  std::vector<double> ds(R, 0.0);
  for (int64_t v = 1; v < kV; v += 2) {
    cls[size_t(v / 2)] = size_t(
        gpu::keyed_class(gpu::EchoFamily::Strided, first_pair + uint64_t(v / 2), pairs, key));
    ds[cls[size_t(v / 2)]] += e[size_t(v - 1)] - e[size_t(v)];
  }
  std::vector<std::vector<std::vector<double>>> by_class(R);
  for (size_t r = 0; r < R; ++r) {
    by_class[r] = {std::vector<double>(kV)};
    for (int64_t v = 0; v < kV; ++v) {
      const bool moved = (v & 1) && cls[size_t(v / 2)] == r;
      const double p = e[size_t(v)] / s;
      const double q = (moved ? e[size_t(v - 1)] : e[size_t(v)]) / (s + ds[r]);
      by_class[r][0][size_t(v)] = std::fabs(q - p) / (atol + rtol * p);
    }
  }
  gpu::HostDoubles base;
  base.resize(size_t(kV));
  for (int64_t v = 0; v < kV; ++v) base[size_t(v)] = e[size_t(v)] / s;
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = atol;
  RowJudged out;
  out.parts = gpu::atol_parts(std::vector<gpu::HostDoubles>{base}, {t})[0];
  out.judged = gpu::judged_light_shares(by_class, gpu::light_shares(by_class), {{out.parts}})[0];
  return out;
}

void light_part(const gpu::HostInput& in, int64_t b, double rtol, double atol) {
  const float* row = reinterpret_cast<const float*>(in.data.get()) + b * kV;
  std::vector<double> e(kV);
  double m = row[0], s = 0;
  for (int64_t v = 1; v < kV; ++v) m = std::max(m, double(row[v]));
  for (int64_t v = 0; v < kV; ++v) s += (e[size_t(v)] = std::exp(double(row[v]) - m));
  const size_t R = gpu::kStridedRegions;
  std::vector<std::vector<std::vector<double>>> by_class(R);
  std::vector<std::vector<double>> at0(R);
  const uint64_t first_pair = uint64_t(b * kV / 2);
  for (size_t r = 0; r < R; ++r) {
    double ds = 0;
    std::vector<char> moved(kV, 0);
    for (int64_t v = 1; v < kV; v += 2)
      if ((first_pair + uint64_t(v / 2)) % R == r) {
        ds += e[size_t(v - 1)] - e[size_t(v)];
        moved[size_t(v)] = 1;
      }
    by_class[r] = {std::vector<double>(kV)};
    at0[r].resize(kV);
    for (int64_t v = 0; v < kV; ++v) {
      const double p = e[size_t(v)] / s;
      const double q = (moved[size_t(v)] ? e[size_t(v - 1)] : e[size_t(v)]) / (s + ds);
      by_class[r][0][size_t(v)] = std::fabs(q - p) / (atol + rtol * p);
      at0[r][size_t(v)] = std::fabs(q - p) / (rtol * p);
    }
  }
  const auto shares = gpu::light_shares(by_class);
  const auto& light = shares[0];
  gpu::HostDoubles base;
  base.resize(size_t(kV));
  for (int64_t v = 0; v < kV; ++v) base[size_t(v)] = e[size_t(v)] / s;
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = atol;
  const auto parts = gpu::atol_parts(std::vector<gpu::HostDoubles>{base}, {t});
  const auto each_b = gpu::judged_light_shares(by_class, shares, parts);
  const auto each = gpu::judged_light_shares(by_class, shares, {});
  const auto judged = gpu::weakest_shares(each_b);
  count_judged(each_b[0], g_tail.weak_b, g_tail.near_b, g_tail.least_b);
  count_judged(each[0], g_tail.weak, g_tail.near, g_tail.least);
  for (size_t i = 0; i < each_b[0].size(); ++i) {
    const double j = each_b[0][i];
    g_tail.kind[gpu::atol_held(j, parts[0][i])] += j < 0 || (j > 0 && j <= 1);
  }
  {
    // Signed class moves (q - p over the tolerance) of each element (b)'s rule excused, against
    // the row's largest probability's over the excused element's light classes: the residual's
    // root energy over its light share (0: proportional, one shared light computation).
    int64_t top = 0;
    for (int64_t v = 1; v < kV; ++v)
      if (e[size_t(v)] > e[size_t(top)]) top = v;
    std::vector<double> mi(R), mj(R), dsr(R, 0.0);
    for (int64_t w = 1; w < kV; w += 2)
      dsr[(first_pair + uint64_t(w / 2)) % R] += e[size_t(w - 1)] - e[size_t(w)];
    for (int64_t v = 0; v < kV; ++v) {
      if (!(each[0][size_t(v)] != each_b[0][size_t(v)])) continue;
      ++g_tail.held;
      for (size_t r = 0; r < R; ++r) {
        const double p = e[size_t(v)] / s, pt = e[size_t(top)] / s;
        const double ds = dsr[r];  // the class's move of the row sum
        const bool own = (first_pair + uint64_t(v / 2)) % R == r,
                   top_own = (first_pair + uint64_t(top / 2)) % R == r;
        mi[r] = own || top_own ? 0 : (p * s / (s + ds) - p) / (atol + rtol * p);
        mj[r] = own || top_own ? 0 : (pt * s / (s + ds) - pt) / (atol + rtol * pt);
      }
      // Over the element's light classes only (light_shares': energy <= 16 x its median).
      std::vector<double> en(R);
      for (size_t r = 0; r < R; ++r) en[r] = mi[r] * mi[r];
      std::vector<double> srt = en;
      std::nth_element(srt.begin(), srt.begin() + long((R - 1) / 2), srt.end());
      for (size_t r = 0; r < R; ++r)
        if (en[r] > gpu::kDominantEnergy * srt[(R - 1) / 2]) mi[r] = mj[r] = 0;
      double ij = 0, jj = 0, ii = 0;
      for (size_t r = 0; r < R; ++r) ij += mi[r] * mj[r], jj += mj[r] * mj[r], ii += mi[r] * mi[r];
      double res = 0;
      for (size_t r = 0; r < R; ++r) {
        const double d = mi[r] - ij / jj * mj[r];
        res += d * d;
      }
      g_tail.resid = std::max(g_tail.resid, std::sqrt(res / ii));
    }
  }
  std::printf("row %lld: judged light share (h28h) %.4g: %s\n", (long long)b, judged[0],
              gpu::light_refusal(judged, {"probs"}, {t}, "logits").empty()
                  ? "light_refusal none (kept)"
                  : "light_refusal refuses (invalid_spec)");
  double least = 1e300, most = 0, least_dom = 1e300, least_dom0 = 1e300;
  int64_t under = 0, under_dom = 0, under_dom0 = 0;
  for (int64_t v = 0; v < kV; ++v) {
    const double l = light[size_t(v)];
    std::vector<double> en(R);
    double total = 0, total0 = 0;
    for (size_t r = 0; r < R; ++r) {
      en[r] = by_class[r][0][size_t(v)] * by_class[r][0][size_t(v)];
      total += en[r];
    }
    const double heavy = total - l * l;
    // the light share at atol 0: the same classes left out
    std::vector<double> sorted = en;
    std::nth_element(sorted.begin(), sorted.begin() + long((R - 1) / 2), sorted.end());
    const double med = sorted[(R - 1) / 2];
    for (size_t r = 0; r < R; ++r)
      if (!(en[r] > gpu::kDominantEnergy * med)) total0 += at0[r][size_t(v)] * at0[r][size_t(v)];
    const double l0 = std::sqrt(total0);
    if (l > 0) least = std::min(least, l), most = std::max(most, l), under += l <= 1;
    if (l > 0 && heavy >= l * l) {
      least_dom = std::min(least_dom, l), under_dom += l <= 1;
      if (l <= 1) least_dom0 = std::min(least_dom0, l0), under_dom0 += l0 <= 1;
    }
  }
  std::printf(
      "row %lld, 256 strided classes: light share least %.4g most %.4g (%lld <= 1); "
      "elements whose dominant classes hold >= the light energy: least %.4g (%lld <= 1), "
      "of those the light share at atol 0: least %.4g (%lld <= 1)\n",
      (long long)b, least, most, (long long)under, least_dom, (long long)under_dom, least_dom0,
      (long long)under_dom0);
}

}  // namespace

int main(int argc, char** argv) {
  const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 1024;
  const int seeds = argc > 2 ? std::atoi(argv[2]) : 4;
  const double rtol = argc > 3 ? std::atof(argv[3]) : 1e-5,
               atol = argc > 5 ? std::atof(argv[5]) : 1e-10;
  if (argc > 6) kV = std::atoll(argv[6]);
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("logits", DType::F32, rows * kV, {"normal", 0.0, 2.0})};
  std::printf(
      "control_hon22_softmax_argmax's seed on the host: %lld rows of %lld, rtol %.1e "
      "atol %.0e\n",
      (long long)rows, (long long)kV, rtol, atol);
  const auto standing = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, standing[0], nullptr);
  if (const char* k = std::getenv("H32_KEY"); k && argc > 4) {  // helper h32's second look
    const uint64_t key = std::strtoull(k, nullptr, 0);
    const gpu::HostSet judging = gpu::regular_set(v, key, nullptr);
    std::vector<std::vector<double>> j0(1), p0(1), jJ(1), pJ(1);
    for (int64_t b = 0; b < std::atoll(argv[4]); ++b) {
      RowJudged a = row_judged(*set0.inputs[0], b, rtol, atol, 0, uint64_t(rows * kV / 2));
      RowJudged z = row_judged(*judging.inputs[0], b, rtol, atol, key, uint64_t(rows * kV / 2));
      j0[0].insert(j0[0].end(), a.judged.begin(), a.judged.end());
      p0[0].insert(p0[0].end(), a.parts.begin(), a.parts.end());
      jJ[0].insert(jJ[0].end(), z.judged.begin(), z.judged.end());
      pJ[0].insert(pJ[0].end(), z.parts.begin(), z.parts.end());
    }
    const gpu::TailRecurrence t = gpu::tail_recurrence(j0[0], &p0[0], jJ[0]);
    uint64_t near0 = 0, weakJ = 0, nearJ = 0;
    for (double j : j0[0]) near0 += j < 0 || (j > 0 && j <= gpu::kNearLight);
    for (double j : jJ[0])
      weakJ += j < 0 || (j > 0 && j <= 1), nearJ += j < 0 || (j > 0 && j <= gpu::kNearLight);
    const double r0 = gpu::refusable_shares(j0, &p0)[0], rJ = gpu::refusable_shares(jJ, &pJ)[0];
    const double second = gpu::second_look_shares(j0, p0, jJ, pJ)[0];
    std::printf(
        "h32 second look (key %#llx), rows 0..%s as one output: set 0 weak %llu / %llu (kinds) "
        "near "
        "%llu, refusable %.4g; judging set weak %llu near %llu, refusable %.4g; weak again %llu / "
        "%llu: %s; second_look_shares %.4g (refused: %s)\n",
        (unsigned long long)key, argv[4], (unsigned long long)t.weak[0],
        (unsigned long long)t.weak[1], (unsigned long long)near0, r0, (unsigned long long)weakJ,
        (unsigned long long)nearJ, rJ, (unsigned long long)t.again[0],
        (unsigned long long)t.again[1],
        t.recurs(0) || t.recurs(1) ? "a tail RECURS" : "no tail recurs", second,
        second > 0 && second <= 1 ? "yes" : "no");
    return 0;
  }
  if (argc > 4) {
    for (int64_t b = 0; b < std::atoll(argv[4]); ++b) light_part(*set0.inputs[0], b, rtol, atol);
    const TailCounts& c = g_tail;
    std::printf(
        "rows 0..%s as one output: with (b) (the atol parts): weak %llu near %llu least %.4g, "
        "light_tail %s; without (b): weak %llu near %llu least %.4g, light_tail %s; "
        "%llu elements excused by (b), the worst one's light moves off its row top's by %.3g "
        "of its light share (signed, least squares)\n",
        argv[4], (unsigned long long)c.weak_b, (unsigned long long)c.near_b, c.least_b,
        gpu::light_tail(c.weak_b, c.near_b) ? "holds (kept)" : "fails", (unsigned long long)c.weak,
        (unsigned long long)c.near, c.least,
        gpu::light_tail(c.weak, c.near) ? "holds (kept)" : "fails", (unsigned long long)c.held,
        c.resid);
    auto ok = [&](int k) { return c.kind[k] == 0 || gpu::light_tail(c.kind[k], c.near); };
    std::printf(
        "h30d tails by kind: weak at atol 0 %llu (%s), atol-held %llu (%s), near %llu: %s\n",
        (unsigned long long)c.kind[0], ok(0) ? "a tail or none" : "no tail",
        (unsigned long long)c.kind[1], ok(1) ? "a tail or none" : "no tail",
        (unsigned long long)c.near, ok(0) && ok(1) ? "kept" : "refused");
    return 0;
  }
  say("set 0 (the law)", judge(*set0.inputs[0], rows, rtol, atol));
  for (int s = 1; s < 3; ++s) {
    const gpu::HostSet r = gpu::regular_set(v, standing[size_t(s)], nullptr);
    say(s == 1 ? "regular set 1 (the law)" : "regular set 2 (the law)",
        judge(*r.inputs[0], rows, rtol, atol));
  }
  for (bool law : {false, true})
    for (int k = 0; k < seeds; ++k) {
      const uint64_t seed = gpu::derive_seeds(0xf2e5 + uint64_t(k), 1)[0];
      const auto plan = gpu::derive_plan(v, set0, gpu::SetKind::Fresh, seed, false, law);
      const auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, seed, plan);
      char name[64];
      std::snprintf(name, sizeof name, "fresh %s #%d", law ? "(law, P6h)" : "(off the law)", k);
      say(name, judge(*fresh->inputs[0], rows, rtol, atol));
      // A timed run / audit of the same seed: with P6l's position strata (h28v).
      gpu::HostSet timed = set0;
      for (const gpu::Perturbation& p : gpu::timed_perturbations(v, seed, false, law)) {
        auto changed = std::make_shared<gpu::HostInput>();
        changed->size = set0.inputs[p.buffer]->size;
        changed->data.reset(new unsigned char[changed->size]);
        std::memcpy(changed->data.get(), set0.inputs[p.buffer]->data.get(), changed->size);
        gpu::apply_perturbation(v.buffers[p.buffer], changed->data.get(), p);
        timed.inputs[p.buffer] = changed;
      }
      std::snprintf(name, sizeof name, "timed %s #%d", law ? "(law, strata)" : "(off, strata)", k);
      say(name, judge(*timed.inputs[0], rows, rtol, atol));
    }
  return 0;
}
