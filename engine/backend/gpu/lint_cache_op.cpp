// The gate's tolerance lint through its verdict cache (lint_cache.h): the key from what this
// worker knows at the lint's start, a whole entry served (and said), a miss computed by
// sample_lint and stored.
#include <cstdio>
#include <cstdlib>

#include "engine/backend/gpu/lint_cache.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

namespace {

// The knobs that choose the lint's paths (their values are the same by design and cross-checked,
// SOLVER_SHARES_CROSSCHECK; keyed anyway: a verdict is reused only where it was made the same way).
std::string lint_env() {
  std::string env;
  for (const char* name : {"SOLVER_HOST_SHARES", "SOLVER_LINT_BLOCK_BYTES", "SOLVER_HOST_DERIVE"})
    if (const char* v = std::getenv(name)) env += std::string(name) + "=" + v + ";";
  return env;
}

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

std::optional<LintKeyInputs> Worker::lint_key_inputs(const Prepared& p) const {
  // The spec's own bytes, as parsed: a problem.yaml edited since cannot file this verdict under
  // its new text (red team 30). A spec with no text (built in code) is not keyed: no cache.
  if (p.spec.text.empty() || !p.buffers || p.buffers->sets() < 1) return std::nullopt;
  LintKeyInputs in;
  in.problem = p.spec.name;
  in.spec_bytes = p.spec.text;
  in.reference_hash = p.reference.source_hash;
  const HostSet& set0 = p.buffers->host_set(0);
  in.set0_key = set0.key;
  in.set0_digests = set0.digests;
  for (const generators::ResolvedBuffer& b : p.resolved.buffers) {
    in.buffers += b.name + ":" + generators::to_string(b.dtype) + ":" +
                  std::to_string(int(b.role)) + ":" + b.init.kind + "(" + num(b.init.a) + "," +
                  num(b.init.b) + "):" + std::to_string(b.elements) + ":" +
                  (b.dist_fixed ? "fixed" : "") + (b.zero_before_run ? "zeroed" : "") + ":" +
                  std::to_string(b.order_lead) + "/" + std::to_string(b.order_count) + "/" +
                  (b.is_count ? "count" : "") + ";";
    for (int64_t d : b.shape) in.buffers += std::to_string(d) + "x";
  }
  for (const generators::ResolvedScalar& s : p.resolved.scalars)
    in.buffers += s.name + "=" + num(s.value) + ";";
  in.precision = p.resolved.precision;
  in.tolerances.push_back(p.resolved.tolerance);
  for (size_t b : p.buffers->outputs())
    in.tolerances.push_back(generators::output_tolerance(p.resolved, b));
  in.homogeneous = p.buffers->homogeneous();
  in.law_checks = p.buffers->law_checks();
  in.device = device_.name + "|" + device_.chip_id + "|" + device_.arch + "|" +
              device_.nvrtc_version + "|" + std::to_string(device_.driver_version);
  in.env = lint_env();
  return in;
}

std::string Worker::lint_memo_key(const Prepared& p) {
  std::vector<generators::Tolerance> tols{p.resolved.tolerance};
  if (p.buffers)
    for (size_t b : p.buffers->outputs())
      tols.push_back(generators::output_tolerance(p.resolved, b));
  return gpu::lint_memo_key(homogeneous_key(p), p.resolved.precision, tols);
}

SampleLintVerdict Worker::gate_lint(Prepared& p, const std::function<int()>& make_fresh) {
  // Once per problem and worker, as before: a verdict this worker holds is served as it is.
  if (auto known = sample_lint_.find(lint_memo_key(p)); known != sample_lint_.end())
    return known->second;
  std::optional<LintKeyInputs> in;
  if (config_.lint_cache && lint_cache_enabled_by_env()) in = lint_key_inputs(p);
  if (!in) return sample_lint(p, make_fresh);
  const std::string dir = cache_->dir();
  const std::string key = lint_cache_key(*in);
  {
    PhaseScope scope("lint_cache");
    if (std::optional<LintCacheEntry> hit = load_lint_verdict(dir, key)) {
      SampleLintVerdict v = std::move(hit->verdict);
      v.cached = lint_cache_note(key, hit->made);
      sample_lint_[lint_memo_key(p)] = v;
      return v;
    }
  }
  // A miss, or an entry not whole (ignored, and written again here).
  SampleLintVerdict v = sample_lint(p, make_fresh);
  PhaseScope scope("lint_cache");
  if (!store_lint_verdict(dir, key, LintCacheEntry{v, lint_cache_now(), p.spec.name}))
    std::fprintf(stderr, "solver-gpu: warning: the tolerance lint's verdict not cached in %s\n",
                 dir.c_str());
  return v;
}

}  // namespace solver::gpu
