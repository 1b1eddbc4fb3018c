// Red team 27 (issue 28): tests/cheats/redteam27_sorted_unlinted_sum on the host definitions of
// the harness's lint and input sets (not a test: it prints what it measures). y = sum of
// log B(x + 4, x + 2) over 2^lg x drawn `sorted` from uniform [0.5, 1.5), one f32 output. On main
// 2e797aab the tolerance lint echoed only element-wise laws, so a problem whose only input was
// sorted had nothing echoed and passed in silence. Since h28s (session 26) a sorted input is
// echoed by the maps that keep it sorted (sample_lint.h buffer_echo: the two parity echoes, never a
// block echo). Printed: which of the lint's sixteen position echoes move x, the shares the lint
// takes (set 0, then the fresh set where set 0 tells nothing: sample_lint_op.cpp's rounds), its
// verdict, and the child's error (log B of the mean of 8 values, times 8) on set 0, regular sets 1
// and 2 and timed runs (P6b's segment redraw; the fresh set is the same kind). Then the two
// controls whose inputs are sorted, on the same definitions: control_redteam27_sorted_bucket_search
// (exact counts of 2^24 keys in 1,024 buckets) and control_hon22_merge_path_sorted (the exact
// stable merge of two sorted arrays of 2^22), each output's share with every input echoed and with
// each input alone (input_lint.h): above 1 is told apart (kept by the lint).
// Usage: red27_sorted_sim [log2 n (24)] [runs (8)] [rtol (1e-5)] [atol (1)]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

// The child (cheat.cu): blocks of 32 float4 tiles of 256 threads; thread tid's tiles t and t + 1
// (t even) give 8 values, their mean in FP32 in the kernel's order, log B of it times 8.
double child(const std::vector<float>& x) {
  const size_t block = 32 * 256 * 4;
  double y = 0;
  for (size_t b = 0; b < x.size(); b += block)
    for (size_t tid = 0; tid < 256; ++tid)
      for (size_t t = 0; t < 32; t += 2) {
        const float* p = &x[b + (t * 256 + tid) * 4];
        const float* q = &x[b + ((t + 1) * 256 + tid) * 4];
        const float s = ((p[0] + p[1]) + (p[2] + p[3])) + ((q[0] + q[1]) + (q[2] + q[3]));
        y += 8.0 * red_sim::lbeta(double(s * 0.125f));
      }
  return y;
}

bool sorted(const std::vector<float>& x) {
  for (size_t i = 1; i < x.size(); ++i)
    if (x[i] < x[i - 1]) return false;
  return true;
}

double child_error(const gpu::HostSet& s, const generators::Tolerance& t, bool* in_order) {
  const std::vector<float> x = red_sim::floats(*s.inputs[0]);
  if (in_order) *in_order = sorted(x);
  return red_sim::err(child(x), red_sim::sum(red_sim::lbeta_terms(x)), t);
}

using Bytes = std::vector<std::shared_ptr<const gpu::HostInput>>;

template <class T>
std::vector<T> values(const gpu::HostInput& in) {
  std::vector<T> v(in.size / sizeof(T));
  std::memcpy(v.data(), in.data.get(), in.size);
  return v;
}

// A control's lint on set 0: each output's largest share over the position echoes each input's
// kind takes (buffer_echo), with every input echoed (only < 0) and with each input alone.
void control_lint(const char* name, const generators::ResolvedVariant& v,
                  const std::vector<std::string>& outputs, const generators::Tolerance& t,
                  const std::function<std::vector<gpu::HostDoubles>(const Bytes&)>& ref) {
  const gpu::HostSet set0 = gpu::regular_set(v, gpu::derive_seeds(0x5eed2026, 1)[0], nullptr);
  const std::vector<gpu::HostDoubles> r0 = ref(set0.inputs);
  for (int only = -1; only < int(v.buffers.size()); ++only) {
    if (only >= 0 && (v.buffers.size() < 2 || !gpu::sample_echoed(v.buffers[size_t(only)])))
      continue;
    std::vector<double> top(outputs.size(), 0.0);
    int runs = 0;
    for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
      const gpu::EchoMap m = gpu::positions_echo(e.parity, e.block);
      const std::vector<size_t> moved = gpu::echo_moved(v.buffers, set0, m, only);
      if (moved.empty()) continue;
      Bytes echo = set0.inputs;
      for (size_t i : moved) echo[i] = gpu::echo_positions(v.buffers[i], *set0.inputs[i], e.parity, e.block);
      const std::vector<double> got = gpu::tolerance_shares(r0, ref(echo), t);
      ++runs;
      bool told = true;
      for (size_t k = 0; k < top.size(); ++k) told = told && (top[k] = std::max(top[k], got[k])) > 1;
      if (told) break;
    }
    std::printf("%s, %s echoed (%d reference runs):", name,
                only < 0 ? "every input" : v.buffers[size_t(only)].name.c_str(), runs);
    for (size_t k = 0; k < top.size(); ++k)
      std::printf(" %s %.3g%s", outputs[k].c_str(), top[k], top[k] > 1 ? " (told apart)" : " (BLIND)");
    std::printf("\n");
  }
  // Set 0's law decision as sample_lint_op.cpp takes it (every input echoed): the position
  // echoes the inputs take (law_echo_patterns, buffer_echo), folded element by element, then
  // law_light_shares' class echoes where set 0 puts the problem on the law, and light_refusal.
  gpu::SetShare s0{"set 0", 0, std::vector<double>(outputs.size(), 0.0)};
  std::vector<std::vector<double>> fold;
  int runs = 0;
  auto echo_of = [&](const gpu::EchoMap& m) {
    Bytes echo = set0.inputs;
    for (size_t i : gpu::echo_moved(v.buffers, set0, m)) {
      auto h = std::make_shared<gpu::HostInput>();
      h->size = set0.inputs[i]->size;
      h->data.reset(new unsigned char[h->size]);
      std::memcpy(h->data.get(), set0.inputs[i]->data.get(), h->size);
      const gpu::EchoMap own = *gpu::buffer_echo(v.buffers[i], m);
      gpu::apply_echo(own, h->data.get(), uint64_t(v.buffers[i].elements),
                      generators::dtype_size(v.buffers[i].dtype));
      echo[i] = h;
    }
    ++runs;
    return gpu::element_shares(r0, ref(echo), {t});
  };
  for (const gpu::EchoPattern& e : gpu::law_echo_patterns()) {
    const gpu::EchoMap m = gpu::positions_echo(e.parity, e.block);
    if (gpu::echo_moved(v.buffers, set0, m).empty()) continue;
    const auto el = echo_of(m);
    gpu::fold_element_shares(fold, el);
    const std::vector<double> top = gpu::largest_shares(el);
    for (size_t k = 0; k < top.size(); ++k) s0.outputs[k] = std::max(s0.outputs[k], top[k]);
    s0.weakest = gpu::weakest_shares(fold);
    bool done = true;
    for (size_t k = 0; k < top.size(); ++k)
      done = done && s0.outputs[k] > 1 && !gpu::law_check_pending(s0, k);
    if (done) break;
  }
  for (double o : s0.outputs) s0.share = std::max(s0.share, o);
  std::vector<double> strided;
  int families = 0;
  for (gpu::RegionFamily f :
       {gpu::RegionFamily::Contiguous, gpu::RegionFamily::Hashed, gpu::RegionFamily::Strided}) {
    if (!gpu::law_checks({s0}, outputs.size())) break;
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(f)) by_class.push_back(echo_of(gpu::region_echo(r)));
    const std::vector<double> light = gpu::weakest_shares(gpu::light_shares(by_class));
    ++families;
    std::printf("%s: %s classes' light share (weakest over outputs):", name,
                f == gpu::RegionFamily::Contiguous ? "contiguous"
                : f == gpu::RegionFamily::Hashed   ? "hashed"
                                                   : "strided");
    for (double l : light) std::printf(" %.3g", l);
    std::printf("\n");
    s0.weakest = gpu::weakest_with_input(s0.weakest, light);
    if (f == gpu::RegionFamily::Strided) strided = light;
    if (f == gpu::RegionFamily::Hashed && !gpu::strided_needed(light)) break;
  }
  const std::string light_no =
      strided.empty() ? "" : gpu::light_refusal(strided, outputs, {t}, "the inputs");
  std::printf("%s: set 0 on the law: %s (%d region families, %d reference runs in all on set 0)%s%s\n",
              name, gpu::law_checks({s0}, outputs.size()) ? "yes" : "no", families, runs,
              light_no.empty() ? "" : ": REFUSED on the light part: ", light_no.c_str());
  const std::string said = gpu::unechoed_note(v.buffers);
  std::printf("%s: narrowed check: %s\n", name, said.empty() ? "none" : said.c_str());
}

// control_redteam27_sorted_bucket_search's bucket.h and reference, in C++.
int bucket_of(float key, int nb) {
  int b = int(key * 1.024f);
  b = b < 0 ? 0 : (b > nb - 1 ? nb - 1 : b);
  while (b > 0 && key < float(b) * 0.9765625f) --b;
  while (b < nb - 1 && key >= float(b + 1) * 0.9765625f) ++b;
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  generators::Tolerance t;
  t.rtol = argc > 3 ? std::atof(argv[3]) : 1e-5;
  t.atol = argc > 4 ? std::atof(argv[4]) : 1.0;
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"sorted", 0.5, 1.5})};
  std::printf("redteam27_sorted_unlinted_sum: n = 2^%d, sorted uniform [0.5, 1.5), rtol %.1e atol %g\n",
              lg, t.rtol, t.atol);
  std::printf("sample_echoed(x): %s (timed_changeable %s)\n",
              gpu::sample_echoed(v.buffers[0]) ? "true" : "FALSE",
              gpu::timed_changeable(v.buffers[0]) ? "true" : "false");
  std::printf("the lint's sixteen position echoes that move x (buffer_echo):");
  for (const gpu::EchoPattern& e : gpu::law_echo_patterns())
    if (gpu::buffer_echo(v.buffers[0], gpu::positions_echo(e.parity, e.block)))
      std::printf(" block %zu %s", e.block, e.parity ? "odd" : "even");
  std::printf("\n");
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x0 = red_sim::floats(*set0.inputs[0]);
  const std::vector<double> f0 = red_sim::lbeta_terms(x0);
  const double y0 = red_sim::sum(f0);
  std::printf("set 0: sorted %s, y = %.9g, tolerance %.2f\n", sorted(x0) ? "yes" : "NO", y0,
              t.atol + t.rtol * std::fabs(y0));
  // The lint as sample_lint_op.cpp takes it: set 0, then the fresh set while y is not told apart.
  int taken = 0;
  std::vector<gpu::SetShare> shares{red_sim::lint_round("set 0", v.buffers[0], f0, y0, t, true, &taken)};
  if (gpu::lint_pending(shares, 0)) {
    std::optional<gpu::HostSet> fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL);
    const std::vector<float> xf = red_sim::floats(*(fresh ? *fresh : set0).inputs[0]);
    const std::vector<double> ff = red_sim::lbeta_terms(xf);
    std::printf("the fresh set: %s, sorted %s\n", fresh ? "derived" : "NOT DERIVED",
                sorted(xf) ? "yes" : "NO");
    shares.push_back(red_sim::lint_round("the fresh set", v.buffers[0], ff, red_sim::sum(ff), t, false, &taken));
  }
  for (const gpu::SetShare& sh : shares)
    std::printf("lint share on %s: %.5f (%d echoes)\n", sh.set.c_str(), sh.share, sh.echoes[0]);
  const gpu::SampleLintVerdict verdict = gpu::sample_lint_verdict(shares, "x", t, {"out"});
  std::printf("the lint's verdict (%d reference runs): %s\n  %s\n", taken,
              verdict.refusal.empty() ? "passes" : "invalid_spec",
              verdict.refusal.empty() ? verdict.note.c_str() : verdict.refusal.c_str());
  bool ok = true;
  std::printf("child on set 0: %.2e of the tolerance\n", child_error(set0, t, nullptr));
  for (int s = 1; s < 3; ++s)
    std::printf("child on regular set %d: %.2e\n", s,
                child_error(gpu::regular_set(v, seeds[size_t(s)], nullptr), t, nullptr));
  double worst = 0;
  int out = 0;
  for (int r = 1; r <= runs; ++r) {
    bool in_order = false;
    const double e = child_error(
        gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, false), t,
        &in_order);
    ok = ok && in_order;
    worst = std::max(worst, e);
    out += e > 1;
  }
  std::printf("timed runs (P6b segments; the fresh set's kind), %d runs: worst %.2e, %d out, "
              "every run sorted: %s\n",
              runs, worst, out, ok ? "yes" : "NO");
  // The controls with sorted inputs: the lint must tell every output apart (kept).
  {
    const int64_t keys_n = int64_t(1) << std::min(lg, 24), nb = 1024;
    generators::ResolvedVariant c;
    c.buffers = {test::flat_buffer("keys", DType::F32, keys_n, {"sorted", 0.0, 1000.0})};
    generators::Tolerance exact;
    exact.rtol = exact.atol = 0;
    control_lint("control_redteam27_sorted_bucket_search", c, {"counts"}, exact, [&](const Bytes& in) {
      gpu::HostDoubles counts(size_t(nb), 0.0);
      for (float k : values<float>(*in[0])) counts[size_t(bucket_of(k, int(nb)))] += 1;
      return std::vector<gpu::HostDoubles>{counts};
    });
  }
  {
    const int64_t half = int64_t(1) << std::min(lg - 2, 22);
    generators::ResolvedVariant c;
    c.buffers = {test::flat_buffer("A", DType::F32, half, {"sorted", 0.0, 1000.0}),
                 test::flat_buffer("B", DType::F32, half, {"sorted", 0.0, 1000.0})};
    generators::Tolerance exact;
    exact.rtol = exact.atol = 0;
    control_lint("control_hon22_merge_path_sorted", c, {"out"}, exact, [&](const Bytes& in) {
      const std::vector<float> a = values<float>(*in[0]), b = values<float>(*in[1]);
      std::vector<float> m(a.size() + b.size());
      std::merge(a.begin(), a.end(), b.begin(), b.end(), m.begin());  // a's keys first on ties
      return std::vector<gpu::HostDoubles>{gpu::HostDoubles(m.begin(), m.end())};
    });
  }
  return 0;
}
