// Red team 35 (issue 28, P1, P4m): what main's include confinement and scratch-resolution step
// decide on red team 35's folders, by the engine's own functions (load_problem, check_includes,
// resolve_shapes, resolution_applies), and what NVRTC would open that the check never read.
// Prints; not a test. Built only when asked for:
//   ninja -C build red35_sim && build/tests/engine/red35_sim tests/cheats/redteam35_walk_cap_shadow
//     tests/cheats/redteam35_symlink_std_header tests/cheats/control_redteam35_*
// Per variant with a local source:
//  - "as loaded": check_includes with the variant's -I folders as the loader passes them (every
//    option kept, repeats too) plus its kernel-library folders: the refusals (0: it loads);
//  - "folders deduplicated": the same call with each folder once (a fix that deduplicates
//    folders): the refusals it would then find;
//  - the include-folder walk's listing replayed (the loop of check_includes: -I folders in
//    order, then the default include folders, 512 entries at most, repeats counted): entries
//    listed, distinct files, files never listed, and files listed but dropped because they
//    resolve outside the folder (a symlink out): what NVRTC may still open through a toolkit
//    header's <name> (CCCL's <version>);
//  - the scratch-resolution step (P4m, gate step 4a): whether main applies it to the variant
//    (`resolution_applies`, the worker's own predicate), and its scratch buffers' dtypes;
//  - for redteam35_diluted_smooth_share (a folder named *diluted_smooth_share*): the step's
//    smoothness gate, the share of the reference's float outputs that a 2^-kFineBits move of the
//    movable inputs changes, pooled by element count as scratch_resolution_op.cpp pools it:
//    `out` (tanh of the blur, ref.cu's pixel in float64) on a 256 x 256 crop of a uniform [0, 1)
//    draw moved by the engine's relative_move, `tag` (= -z) from movable_input(z) (an f16 input
//    is not moved, so tag never changes), weighted by the resolved buffers' element counts;
//  - helper p4m37 (the holes closed): each variant's scope as main 7fb50aa4 decided it and as the
//    worker's resolution_scope decides it now (every scratch of 32 or 64 bits, as FP32 or FP64
//    words; what the step says it does not judge), and the smoothness per output
//    (most_responsive, smooth_problem) beside main's pooled share;
//  - `red35_sim scope DIR...` (helper p4m37): the same scope over every declared variant at every
//    knob point of each problem, with counts;
//  - `red35_sim values DIR [TRIALS]`: red team 34's 16-bit fixed-point scratch (the child of both
//    P4m folders, its packing as scripts/host_emu/red34_subnormal_scratch.cpp) against the
//    float64 reference on 1024^2 images made by the worker's own timed perturbation
//    (timed_perturbations + apply_perturbation on the folder's `x`, resized), worst error over
//    the tolerance per run; then the same with x's law moved to [0, 1) (red team 33's and 34's),
//    whose timed runs shrink 31 of 32 bulk values towards 0 (`shrinks_to_zero`): the fixed point
//    keeps an absolute 2^-16, not a relative one, which is why red team 33's child was refused
//    `wrong_result` live (docs/results/h100-2026-12-07).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/backend/gpu/scratch_resolution.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/kernel_library.h"
#include "generators/problem_spec.h"
#include "generators/source_confinement.h"
#include "generators/variant_space.h"

namespace fs = std::filesystem;
using namespace solver::generators;

namespace {

bool within(const fs::path& p, const fs::path& root) {
  auto r = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
  return r.first == root.end();
}

void walk_listing(const std::string& dir, const std::vector<std::string>& include_dirs) {
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(dir, ec);
  std::vector<std::string> dirs = include_dirs;
  for (const auto& d : default_include_dirs(dir))
    if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
  const fs::path library = fs::weakly_canonical(kernel_library_dir(), ec);
  std::size_t listed = 0, seen_total = 0;
  std::set<fs::path> distinct, unlisted, outside;
  for (const auto& d : dirs) {
    const fs::path base = fs::weakly_canonical(d, ec);
    if (ec || within(base, library)) continue;
    fs::recursive_directory_iterator it(base, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code e2;
      if (!it->is_regular_file(e2)) continue;
      ++seen_total;
      const fs::path c = fs::weakly_canonical(it->path(), e2);
      if (listed < 512) {
        ++listed;
        if (!within(c, root))
          outside.insert(it->path());  // listed, then dropped: `!allowed(file)` -> continue
        else
          distinct.insert(c);
      } else if (!distinct.count(c)) {
        unlisted.insert(it->path());
      }
    }
  }
  for (const auto& p : unlisted) distinct.erase(p);
  std::printf(
      "    walk: %zu regular-file entries in the include folders (repeats counted), %zu "
      "listed (cap 512), %zu distinct listed inside the folder\n",
      seen_total, listed, distinct.size());
  for (const auto& p : unlisted)
    std::printf("    walk: NEVER LISTED (past the 512th entry): %s\n",
                p.lexically_relative(root).generic_string().c_str());
  for (const auto& p : outside)
    std::printf("    walk: DROPPED, resolves outside the folder: %s -> %s\n",
                p.lexically_relative(root).generic_string().c_str(),
                fs::weakly_canonical(p, ec).generic_string().c_str());
}

// out's changed share under the fine move, on a crop: tanh of the 9-tap binomial blur in float64
// (ref.cu's pixel), the crop's edges clamped as the reference clamps the image's.
double out_share_on_crop(const ResolvedBuffer& x_buffer, int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<float> x(size_t(n) * n);
  for (auto& v : x) v = float(double(rng() >> 11) * 0x1p-53);
  std::vector<float> moved = x;
  ResolvedBuffer crop = x_buffer;
  crop.elements = int64_t(x.size());
  solver::gpu::relative_move(crop, reinterpret_cast<unsigned char*>(moved.data()),
                             solver::gpu::kFineBits, seed + 1);
  const double w[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
  auto blur = [&](const std::vector<float>& img, int r, int c) {
    double s = 0;
    for (int k = 0; k < 9; ++k) {
      const int rr = std::clamp(r - 4 + k, 0, n - 1);
      double h = 0;
      for (int j = 0; j < 9; ++j)
        h += w[j] / 256.0 * double(img[size_t(rr) * n + size_t(std::clamp(c - 4 + j, 0, n - 1))]);
      s += w[k] / 256.0 * h;
    }
    return std::tanh(s);
  };
  std::vector<double> a(x.size()), b(x.size());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      a[size_t(r) * n + c] = blur(x, r, c);
      b[size_t(r) * n + c] = blur(moved, r, c);
    }
  return solver::gpu::changed_share(a.data(), b.data(), a.size());
}

void smooth_share(const ProblemSpec& spec) {
  const VariantSpec* v = spec.find_variant("cheat");
  if (!v) return;
  const ResolvedVariant rv = resolve_shapes(spec, *v, {});
  const ResolvedBuffer *x = nullptr, *z = nullptr, *out = nullptr, *tag = nullptr;
  for (const auto& b : rv.buffers) {
    if (b.name == "x") x = &b;
    if (b.name == "z") z = &b;
    if (b.name == "out") out = &b;
    if (b.name == "tag") tag = &b;
  }
  if (!x || !z || !out || !tag) return;
  const double s_out = out_share_on_crop(*x, 256, 11);
  const double s_tag = solver::gpu::movable_input(*z) ? 1.0 : 0.0;
  const double pooled = (s_out * double(out->elements) + s_tag * double(tag->elements)) /
                        double(out->elements + tag->elements);
  std::printf(
      "  smoothness gate: movable x %s, z %s; out changes on %.4f of a 256^2 crop "
      "(%lld elements), tag on %.1f (%lld elements): pooled %.4f %s kSmoothShare %.2f: "
      "%s (main 7fb50aa4's rule)\n",
      solver::gpu::movable_input(*x) ? "yes" : "no", solver::gpu::movable_input(*z) ? "yes" : "no",
      s_out, static_cast<long long>(out->elements), s_tag, static_cast<long long>(tag->elements),
      pooled, pooled < solver::gpu::kSmoothShare ? "<" : ">=", solver::gpu::kSmoothShare,
      pooled < solver::gpu::kSmoothShare ? "NOT JUDGED (no candidate run measured)" : "judged");
  // helper p4m37: per output (the worker's most_responsive / smooth_problem)
  const auto r = solver::gpu::most_responsive({{"out", s_out}, {"tag", s_tag}});
  std::printf(
      "  smoothness per output (the worker's rule now): most responsive %s %.4f: %s\n",
      r.output.c_str(), r.share,
      solver::gpu::smooth_problem(r) ? "JUDGED (the three candidate runs measured)" : "not judged");
}

// The step's scope on one resolved variant (the worker's resolution_scope), in words.
std::string scope_words(const ResolvedVariant& rv) {
  const auto s = solver::gpu::resolution_scope(rv);
  if (!s.claims) return "claims nothing (class below fp32, or no scratch)";
  std::string m;
  for (size_t i : s.measured)
    m += (m.empty() ? "" : ", ") + rv.buffers[i].name + " " + to_string(rv.buffers[i].dtype) +
         " as " + solver::gpu::resolution_format(rv.buffers[i].dtype);
  std::string w =
      solver::gpu::resolution_applies(rv) ? "APPLIES, measures [" + m + "]" : "measures nothing";
  if (!s.left_out.empty()) w += "; says \"scratch resolution: not judged: " + s.left_out + "\"";
  return w;
}

// main 7fb50aa4's predicate, for the counts: an f32 scratch, a movable input, fp32/fp64.
bool applied_before(const ResolvedVariant& rv) {
  const auto s = solver::gpu::resolution_scope(rv);
  bool f32 = false;
  for (const auto& b : rv.buffers)
    f32 |= b.role == BufferRole::Scratch && b.dtype == DType::F32 && b.elements > 0;
  return s.claims && s.movable && f32;
}

// `red35_sim scope DIR...`: every declared variant at every knob point of each problem (a
// generated variant has its problem's buffers: its scope is its class's and these buffers'):
// measured before (main 7fb50aa4) and now, what the step now says it does not judge, and the
// problems with two or more float outputs (where a pooled and a per-output smoothness can
// differ). Counts at the end.
int scope(int argc, char** argv) {
  long points = 0, before = 0, now = 0, newly = 0, said = 0, silent_before = 0, problems = 0;
  for (int a = 2; a < argc; ++a) {
    ProblemSpec spec;
    try {
      spec = load_problem(argv[a]);
    } catch (const std::exception& e) {
      continue;  // refused at load: never gated
    }
    ++problems;
    int float_outputs = 0;
    bool claims_any = false;
    for (const VariantSpec& v : spec.variants) {
      std::vector<KnobValues> knobs = enumerate_knobs(spec, v);
      if (knobs.empty()) knobs.push_back({});
      for (const auto& k : knobs) {
        const ResolvedVariant rv = resolve_shapes(spec, v, k);
        if (!rv.ok()) continue;
        ++points;
        const auto s = solver::gpu::resolution_scope(rv);
        const bool b = applied_before(rv), n = solver::gpu::resolution_applies(rv);
        before += b, now += n, newly += n && !b, said += !s.left_out.empty();
        silent_before += s.claims && !b;
        claims_any |= s.claims && s.movable && !s.measured.empty();
        if (n != b || !s.left_out.empty())
          std::printf("%s/%s %s: %s\n", spec.name.c_str(), v.id.c_str(), rv.key.c_str(),
                      scope_words(rv).c_str());
        float_outputs = 0;
        for (const auto& buf : rv.buffers)
          float_outputs += (buf.role == BufferRole::Out || buf.role == BufferRole::InOut) &&
                           (buf.dtype == DType::F32 || buf.dtype == DType::F64 ||
                            buf.dtype == DType::F16 || buf.dtype == DType::BF16);
      }
    }
    if (claims_any && float_outputs >= 2)
      std::printf(
          "%s: %d float outputs and a measured scratch: smoothness per output can differ "
          "from the pooled share\n",
          spec.name.c_str(), float_outputs);
  }
  std::printf(
      "scope: %ld problems, %ld variant points; measured before %ld, now %ld (%ld newly); a "
      "\"not judged\" line now on %ld (P4m claimed and main said nothing on %ld)\n",
      problems, points, before, now, newly, said, silent_before);
  return 0;
}

// Red team 34's packing (tests/cheats/redteam34_subnormal_packed_scratch/cheat.cu), on the host.
volatile float kTiny = 0x1p-149f;  // volatile: the host compiler may not fold the products
float rn_int(float y) { return ((y * kTiny) * 0x1p+100f) * 0x1p+49f; }
float field16(float v) { return std::fmin(std::fmax(rn_int(v * 32768.f) + 32768.f, 0.f), 65535.f); }

// Worst |child - reference| / (atol + rtol |reference|) on one 1024^2 image of the timed runs.
double packed_worst(const ResolvedBuffer& x_spec, uint64_t seed, double rtol, double atol) {
  const int n = 1024;
  ResolvedBuffer b = x_spec;
  b.elements = int64_t(n) * n;
  b.bytes = 4 * b.elements;
  b.shape = {n, n};
  ResolvedVariant v;
  v.buffers = {b};
  std::vector<float> x(size_t(b.elements), 0.f);
  for (const auto& p : solver::gpu::timed_perturbations(v, seed))
    solver::gpu::apply_perturbation(b, reinterpret_cast<unsigned char*>(x.data()), p);
  const double wd[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
  auto cl = [&](int i) { return std::clamp(i, 0, n - 1); };
  std::vector<float> mid(x.size());
  std::vector<double> midd(x.size());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      float s = 0;
      double sd = 0;
      for (int k = 0; k < 9; ++k) {
        const float xv = x[size_t(r) * n + size_t(cl(c - 4 + k))];
        s = std::fma(float(wd[k]) * (1.f / 256.f), xv, s);
        sd += wd[k] / 256 * double(xv);
      }
      mid[size_t(r) * n + c] = s;
      midd[size_t(r) * n + c] = sd;
    }
  double worst = 0;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      float s = 0;
      double sd = 0;
      for (int k = 0; k < 9; ++k) {
        const size_t at = size_t(cl(r - 4 + k)) * n + size_t(c);
        s = std::fma(float(wd[k]) * (1.f / 256.f), (field16(mid[at]) - 32768.f) * (1.f / 32768.f),
                     s);
        sd += wd[k] / 256 * midd[at];
      }
      const double ref = std::tanh(sd), o = double(std::tanh(s));
      worst = std::max(worst, std::fabs(o - ref) / (atol + rtol * std::fabs(ref)));
    }
  return worst;
}

void values(const ProblemSpec& spec, int trials) {
  const VariantSpec* v = spec.find_variant("cheat");
  if (!v) return;
  const ResolvedVariant rv = resolve_shapes(spec, *v, {});
  const ResolvedBuffer* x = nullptr;
  for (const auto& b : rv.buffers)
    if (b.name == "x") x = &b;
  const auto tol = spec.tolerances.find("fp32");
  if (!x || tol == spec.tolerances.end()) return;
  const double rtol = tol->second.rtol, atol = tol->second.atol;
  ResolvedBuffer from0 = *x;
  from0.init.a = 0.0;
  for (const ResolvedBuffer* b : {x, static_cast<const ResolvedBuffer*>(&from0)}) {
    double worst = 0;
    int out = 0;
    std::printf(
        "  x uniform [%g, %g) (shrinks to 0 in timed runs: %s), rtol %g atol %g:", b->init.a,
        b->init.b, solver::gpu::shrinks_to_zero(*b, false) ? "yes" : "no", rtol, atol);
    for (int t = 0; t < trials; ++t) {
      const double w = packed_worst(*b, 0x5eed0000u + uint64_t(t), rtol, atol);
      worst = std::max(worst, w);
      out += w > 1;
      std::printf(" %.3g", w);
    }
    std::printf("\n    worst %.3f of the tolerance, %d of %d timed runs out of it\n", worst, out,
                trials);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "scope") return scope(argc, argv);
  if (argc >= 3 && std::string(argv[1]) == "values") {
    const int trials = argc >= 4 ? std::atoi(argv[3]) : 8;
    const ProblemSpec spec = load_problem(argv[2]);
    std::printf("%s: red team 34's packed scratch on the worker's timed-run images\n",
                spec.name.c_str());
    values(spec, trials);
    return 0;
  }
  if (argc < 2) {
    std::fprintf(stderr, "usage: red35_sim PROBLEM_DIR...\n");
    return 2;
  }
  for (int a = 1; a < argc; ++a) {
    ProblemSpec spec;
    try {
      spec = load_problem(argv[a]);
    } catch (const std::exception& e) {
      std::printf("%s: refused at load: %s\n", argv[a], e.what());
      continue;
    }
    std::printf("%s: loads (main's loader)\n", spec.name.c_str());
    if (spec.name.find("diluted_smooth_share") != std::string::npos) smooth_share(spec);
    for (const VariantSpec& v : spec.variants) {
      {
        const ResolvedVariant rv = resolve_shapes(spec, v, {});
        std::string scratch;
        for (const auto& b : rv.buffers)
          if (b.role == BufferRole::Scratch)
            scratch += (scratch.empty() ? "" : ", ") + b.name + " " + to_string(b.dtype);
        std::printf(
            "  %s: precision %s, scratch [%s]: scratch resolution (P4m) on main 7fb50aa4 %s; "
            "now %s\n",
            v.id.c_str(), rv.precision.c_str(), scratch.c_str(),
            applied_before(rv) ? "APPLIES" : "does not apply (nothing measured)",
            scope_words(rv).c_str());
      }
      if (names_library_file(v.source)) continue;
      std::vector<std::string> dirs;
      // The loader keeps each option as confine_compile_option returned it: an -I folder
      // absolute and canonical, every repeat kept.
      for (const auto& o : v.compile_options)
        if (o.rfind("-I", 0) == 0) dirs.push_back(o.substr(2));
      std::vector<std::string> unique;
      for (const auto& d : dirs)
        if (std::find(unique.begin(), unique.end(), d) == unique.end()) unique.push_back(d);
      std::vector<std::string> as_loaded = dirs, deduped = unique;
      as_loaded.insert(as_loaded.end(), spec.library_dirs.begin(), spec.library_dirs.end());
      deduped.insert(deduped.end(), spec.library_dirs.begin(), spec.library_dirs.end());
      const auto r1 = check_includes(spec.dir, v.source, as_loaded);
      const auto r2 = check_includes(spec.dir, v.source, deduped);
      std::printf(
          "  %s (%s): -I options %zu (%zu distinct folders); refusals as loaded %zu, "
          "folders deduplicated %zu\n",
          v.id.c_str(), v.source.c_str(), dirs.size(), unique.size(), r1.size(), r2.size());
      for (const auto& m : r2) std::printf("    deduplicated: %s\n", m.c_str());
      walk_listing(spec.dir, as_loaded);
    }
  }
  return 0;
}
