// Helper h28z (issue 28): every problem folder below the roots given, read as the worker reads it
// (load_problem, resolve_shapes of the seed at its default knobs), and two things printed per
// folder (not a test; `--target h28z_echo_screen`):
// 1. the tolerance lint's echoed inputs (sample_echoed) with their laws, so that the folders
//    where the per-input judgement (sample_lint.h, input_lint.h) can differ from every input
//    echoed at once are listed: two or more echoed inputs ("multi"), and among them those whose
//    laws' scales (the largest |value| the law draws: max(|a|, |b|) for uniform and randint,
//    |mean| + 3 sd for normal) differ by more than 4x ("scales differ").
// 2. the device bytes of one echo set (DeviceBuffers::upload_set: every `in` and `inout` buffer
//    in the variant's dtype, and an `inout`'s float64 copy for the reference, or its own bytes
//    for a 64-bit integer), the problem's own buffers (one copy of every buffer of the seed: its
//    inputs, outputs, in-outs and scratch), and what main's lint held at most: 9 + 9 echo sets
//    off the law (set 0's nine echoes, then the fresh set's nine), 16 + 16 x inputs in law mode
//    (set 0's sixteen, then sixteen per echoed input alone where more than one is echoed); each
//    kept until the lint's gate ends (its DeviceBuffers goes with it).
// Usage: h28z_echo_screen ROOT... (folders holding problem.yaml below each root, any depth).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"

using namespace solver;
using generators::BufferRole;

namespace {

double law_scale(const generators::InitDist& d) {
  if (d.kind == "normal") return std::fabs(d.a) + 3 * std::fabs(d.b);
  return std::max(std::fabs(d.a), std::fabs(d.b));
}

bool input_role(BufferRole r) { return r == BufferRole::In || r == BufferRole::InOut; }

void screen(const std::string& dir, const std::string& shown, double& worst_main) {
  generators::ProblemSpec spec;
  try {
    spec = generators::load_problem(dir);
  } catch (const std::exception& e) {
    std::printf("%-60s load error\n", shown.c_str());
    return;
  }
  const generators::VariantSpec* seed =
      spec.find_variant(spec.seed_variant.empty() ? spec.variants.front().id : spec.seed_variant);
  if (!seed) seed = &spec.variants.front();
  generators::KnobValues knobs;
  for (const auto& k : seed->knobs)
    knobs[k.name] = k.default_value ? *k.default_value : (k.values.empty() ? 0 : k.values[0]);
  const generators::ResolvedVariant rv = generators::resolve_shapes(spec, *seed, knobs);
  std::vector<const generators::ResolvedBuffer*> echoed;
  double own = 0, set_bytes = 0;
  std::string outs;
  for (const auto& b : rv.buffers) {
    if (b.role == BufferRole::Out || b.role == BufferRole::InOut) {
      const generators::Tolerance t = b.tolerance ? *b.tolerance : rv.tolerance;
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s%s:%lld@%g/%g", outs.empty() ? "" : " ", b.name.c_str(),
                    (long long)b.elements, t.rtol, t.atol);
      outs += buf;
    }
    own += double(b.bytes);
    if (input_role(b.role) && b.elements > 0) {
      set_bytes += double(b.bytes);
      if (b.role == BufferRole::InOut)
        set_bytes += gpu::reference_bits(b.dtype) ? double(b.bytes) : 8.0 * double(b.elements);
    }
    if (input_role(b.role) && gpu::sample_echoed(b)) echoed.push_back(&b);
  }
  double lo = 1e300, hi = 0;
  std::string laws;
  for (const auto* b : echoed) {
    const double s = law_scale(b->init);
    lo = std::min(lo, s), hi = std::max(hi, s);
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s%s:%s[%g,%g]x%lld", laws.empty() ? "" : " ", b->name.c_str(),
                  b->init.kind.c_str(), b->init.a, b->init.b, (long long)b->elements);
    laws += buf;
  }
  const size_t k = echoed.size();
  const char* cls = k < 2 ? "single" : (hi > 4 * lo || lo == 0 ? "scales-differ" : "multi");
  const double off_law = 18 * set_bytes,
               law = k > 1 ? double(16 + 16 * k) * set_bytes : 16 * set_bytes;
  const double main_worst = std::max(off_law, law);
  worst_main = std::max(worst_main, main_worst);
  const double gib = double(1ull << 30);
  std::printf(
      "%-60s %-13s k=%zu own %9.3f GiB  echo set %9.3f GiB  main <= %8.2f GiB (%5.1fx own)%s  %s\n",
      shown.c_str(), cls, k, own / gib, set_bytes / gib, main_worst / gib,
      own > 0 ? main_worst / own : 0.0, main_worst > 20e9 || main_worst > 4 * own ? " OVER" : "",
      laws.c_str());
  std::printf("    outputs %s\n", outs.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  double worst = 0;
  for (int a = 1; a < argc; ++a) {
    std::vector<std::string> dirs;
    for (const auto& e : fs::recursive_directory_iterator(argv[a]))
      if (e.is_regular_file() && e.path().filename() == "problem.yaml")
        dirs.push_back(e.path().parent_path().string());
    std::sort(dirs.begin(), dirs.end());
    for (const auto& d : dirs) screen(d, fs::relative(d, fs::current_path()).string(), worst);
  }
  std::printf("largest of main's echo-set bytes over every folder: %.2f GiB\n",
              worst / double(1ull << 30));
  return 0;
}
