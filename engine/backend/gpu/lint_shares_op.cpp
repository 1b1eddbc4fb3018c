// Where the tolerance lint's echo shares are taken (sample_lint_op.cpp echo_shares): the device
// share kernels (device_shares.h), built and self-checked on the worker's first lint, whether a
// problem's shares can be taken there, the light part of a partition's class shares, and the
// probe's cross-check of the two paths (SOLVER_SHARES_CROSSCHECK).
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/order_view.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

const DeviceShares* Worker::device_shares() {
  if (!shares_tried_) {
    shares_tried_ = true;
    // SOLVER_HOST_SHARES=1 keeps the host comparison (to compare the two, or to rule this out).
    if (const char* file = std::getenv("SOLVER_SHARES_CROSSCHECK")) shares_crosscheck_ = file;
    const char* host = std::getenv("SOLVER_HOST_SHARES");
    if (host && std::string(host) == "1") {
      shares_note_ = "SOLVER_HOST_SHARES=1";
    } else {
      try {
        PhaseScope build("share_kernels");  // compiled (or from the cache) and self-checked
        shares_ = std::make_unique<DeviceShares>(device_.arch, cache_.get());
      } catch (const std::exception& e) {
        shares_note_ = e.what();
        std::fprintf(stderr, "solver-gpu: warning: the tolerance lint compares on the host: %s\n",
                     e.what());
      }
    }
  }
  return shares_.get();
}

bool Worker::lint_on_device(Prepared& p, int set) {
  if (!device_shares() || !order_groups(p.resolved).empty()) return false;
  const std::vector<HostDoubles>& base = reference_outputs(p, set);
  const std::vector<size_t>& outs = p.buffers->outputs();
  if (base.size() != outs.size()) return false;
  for (size_t k = 0; k < outs.size(); ++k) {
    const generators::DType d = p.buffers->reference_dtype(outs[k]);
    if (d != generators::DType::F64 && !reference_bits(d)) return false;
    if (p.buffers->reference_output(outs[k]).bytes() != base[k].size() * sizeof(double))
      return false;
  }
  return true;
}

void Worker::crosscheck(const std::string& what, size_t k, double device, double host) {
  ++crosscheck_compared_;
  if ((std::isnan(device) && std::isnan(host)) || device == host) return;
  ++crosscheck_differ_;
  if (FILE* f = std::fopen(shares_crosscheck_.c_str(), "a")) {
    std::fprintf(f, "differ %s output %zu: device %.17g host %.17g\n", what.c_str(), k, device,
                 host);
    std::fclose(f);
  }
}

std::vector<double> Worker::light_weakest(const ClassShares& classes) {
  PhaseScope scope("echo_light");  // each element's light part, then the least above 0
  if (!classes.device) return weakest_shares(light_shares(classes.host));
  std::vector<double> out;
  for (size_t k = 0; k < classes.on_device.get().size(); ++k)
    out.push_back(
        gpu::light_weakest(shares_->light(classes.on_device.get()[k].ptr(), int(classes.classes),
                                          classes.elements[k], ctx_->stream())));
  if (!shares_crosscheck_.empty() && classes.host.size() == classes.taken) {
    const std::vector<double> host = weakest_shares(light_shares(classes.host));
    for (size_t k = 0; k < out.size(); ++k)
      crosscheck("light share", k, out[k], k < host.size() ? host[k] : -1.0);
  }
  return out;
}

}  // namespace solver::gpu
