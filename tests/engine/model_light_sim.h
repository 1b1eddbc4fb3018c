// Helper h31: the model echoes' light part (model_light.h) of a one-input problem on the host, with
// the worker's own class refills (model_class_echo, class_key), shares (element_shares), grain
// floors and judgement (model_light, model_light_refusal); only the reference is the
// simulation's (red29_sim, red31_sim). Not a test: the simulations print what it gives.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/model_echo.h"
#include "engine/backend/gpu/model_light.h"
#include "engine/backend/gpu/sample_lint.h"

namespace solver::light_sim {

// Per output, per element: the reference on an input.
using Outputs = std::function<std::vector<std::vector<double>>(const gpu::HostInput&)>;

inline std::vector<gpu::HostDoubles> doubles(const std::vector<std::vector<double>>& v) {
  std::vector<gpu::HostDoubles> out;
  for (const auto& o : v) out.emplace_back(o.begin(), o.end());
  return out;
}

// model_lint_op.cpp's model_light_part for input `b` of set 0 (every output at tolerance `t`, of
// dtype `out`); prints the verdict under `name` and returns the refusal (empty: passes).
// `told`: the elements the model echoes told apart (QuietFold::told; null: every element).
inline std::string judge(const char* name, const generators::ResolvedBuffer& b,
                         const gpu::HostSet& set0, const Outputs& outs,
                         const generators::Tolerance& t, generators::DType out,
                         const std::vector<std::vector<uint8_t>>* told = nullptr) {
  // SOLVER_SIM_NO_LIGHT set: the quiet fold's verdicts only (the light part reads the fold's
  // told elements, nothing else of it; helper h31decoy, whose change is the fold's).
  if (std::getenv("SOLVER_SIM_NO_LIGHT")) {
    std::printf("  %s, light part: skipped (SOLVER_SIM_NO_LIGHT)\n", name);
    return {};
  }
  const auto start = std::chrono::steady_clock::now();
  const std::vector<gpu::HostDoubles> base = doubles(outs(*set0.inputs[0]));
  const std::vector<generators::Tolerance> tols{t};
  std::vector<gpu::OutputGrain> grains(base.size(), gpu::output_grain(out));
  for (gpu::OutputGrain& g : grains) g.bound = gpu::grain_bound(double(b.elements) / 2);
  const gpu::ModelLight light = gpu::model_light(
      [&](uint64_t classes, uint64_t cls, const std::vector<std::vector<size_t>>* picks) {
        const auto echo =
            gpu::model_class_echo(b, *set0.inputs[0], {classes, cls, gpu::class_key(set0.seed)});
        std::vector<gpu::HostDoubles> q = doubles(outs(*echo)), y = base;
        if (picks) {  // the picked elements only, in order
          for (size_t k = 0; k < q.size(); ++k) {
            gpu::HostDoubles a, c;
            if (k < picks->size())
              for (size_t i : (*picks)[k]) a.push_back(y[k][i]), c.push_back(q[k][i]);
            y[k] = std::move(a);
            q[k] = std::move(c);
          }
        }
        return gpu::element_shares(y, q, tols);
      },
      base.size(), gpu::atol_parts(base, tols), gpu::grain_floors(base, tols, grains),
      gpu::kLightBytes, told);
  std::vector<std::string> names;
  for (size_t k = 0; k < base.size(); ++k) names.push_back("out" + std::to_string(k));
  const std::string refusal = gpu::model_light_refusal(light.judged, names, tols, b.name);
  std::printf("  %s, light part (model_light): %d class refills (%s), judged", name, light.refills,
              light.screened ? "the coarse screen found a light part" : "screened out");
  for (double j : light.judged) std::printf(" %.4g", j);
  std::printf(" [%.0f s]: %s\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
              refusal.empty() ? "passes" : ("REFUSED (invalid_spec): " + refusal).c_str());
  return refusal;
}

}  // namespace solver::light_sim
