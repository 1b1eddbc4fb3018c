// Where the tolerance lint's echo shares are taken (sample_lint_op.cpp echo_shares): the device
// share kernels (device_shares.h), built and self-checked on the worker's first lint, whether a
// problem's shares can be taken there, the light part of a partition's class shares (in blocks
// of output elements where they do not fit at once: class_blocks.h), and the probe's
// cross-check of the two paths (SOLVER_SHARES_CROSSCHECK).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/backend/gpu/class_blocks.h"
#include "engine/backend/gpu/judged_sums.h"
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

std::vector<JudgedSums> Worker::judged_sums(Prepared& p, const ClassShares& classes,
                                            const std::vector<generators::Tolerance>& tols,
                                            std::vector<std::vector<double>>& atol_part,
                                            std::vector<std::vector<double>>& floor, int set,
                                            WeakElements* weak) {
  PhaseScope scope("echo_judged");  // each element's light and judged shares, their summaries
  auto tol = [&](size_t k) {
    return tols.empty() ? p.resolved.tolerance : tols[k < tols.size() ? k : 0];
  };
  // (d): each output's dtype grain (law_regions.h grain_floor, helper h29k)
  const std::vector<OutputGrain> grains = output_grains(p.resolved.buffers, p.buffers->outputs());
  // The host's (a block taken on the host, or the cross-check's): atol_parts and grain_floors
  // of every element of set 0, made once per partition, cut to the block.
  // `each` non-null: every element's judged share too.
  auto host = [&](std::vector<std::vector<double>>* each) {
    if (atol_part.empty()) atol_part = atol_parts(reference_outputs(p, set), tols);
    if (floor.empty()) floor = grain_floors(reference_outputs(p, set), tols, grains);
    const bool whole = classes.block.first.empty();
    return host_judged_sums(classes.host, whole ? atol_part : block_slice(atol_part, classes.block),
                            whole ? floor : block_slice(floor, classes.block), each);
  };
  // The weak elements by index (helper h32tail: the second look's tail recurrence): this block's
  // element judged shares, each output's from its block's first element, kinds from set `set`'s
  // atol parts (atol_parts, made once, as the host's).
  auto first_of = [&](size_t k) {
    return k < classes.block.first.size() ? classes.block.first[k] : size_t(0);
  };
  auto add_block = [&](size_t k, const std::vector<double>& judged) {
    if (atol_part.empty()) atol_part = atol_parts(reference_outputs(p, set), tols);
    if (weak->size() <= k) weak->resize(k + 1);
    const size_t first = first_of(k);
    std::vector<double> parts;
    if (k < atol_part.size() && first + judged.size() <= atol_part[k].size())
      parts.assign(atol_part[k].begin() + long(first),
                   atol_part[k].begin() + long(first + judged.size()));
    const size_t before = (*weak)[k].size();
    add_weak(judged, parts.size() == judged.size() ? &parts : nullptr, first, (*weak)[k]);
    return (*weak)[k].size() - before;
  };
  if (!classes.device) {
    std::vector<std::vector<double>> judged;
    std::vector<JudgedSums> sums = host(weak ? &judged : nullptr);
    for (size_t k = 0; k < judged.size(); ++k) add_block(k, judged[k]);
    return sums;
  }
  const ScrubbedBuffers& base = lint_base_[p.buffers->host_set(set).key];
  std::vector<JudgedSums> out;
  for (size_t k = 0; k < classes.on_device.get().size(); ++k) {
    const size_t first = k < classes.block.first.size() ? classes.block.first[k] : 0;
    if (k >= base.get().size())
      throw std::logic_error("judged shares: the set's base not uploaded");
    // With `weak`: every element's judged share written on the device (light, judged if told,
    // judged if not: 24 bytes an element, 3/256 of the block's class shares) and the judged ones
    // read back where the block has a weak element.
    const size_t n = size_t(classes.elements[k]);
    DeviceBuffer each;
    if (weak && n > 0) each = DeviceBuffer(n * 3 * sizeof(double));
    out.push_back(shares_->judged(classes.on_device.get()[k].ptr(), int(classes.classes),
                                  classes.elements[k], base.get()[k].ptr() + first * sizeof(double),
                                  tol(k), k < grains.size() ? grains[k] : OutputGrain{},
                                  ctx_->stream(), each.ptr()));
    if (weak && n > 0 && judged_has_weak(out.back())) {
      std::vector<double> judged(n);  // the stream is synchronised (DeviceShares::judged)
      CU_CHECK(
          cuMemcpyDtoH(judged.data(), each.ptr() + 2 * n * sizeof(double), n * sizeof(double)));
      const size_t added = add_block(k, judged);
      if (!shares_crosscheck_.empty())  // the identities read back against the block's counts
        crosscheck("judged block's weak by index", k, double(added),
                   double(out.back().told_weak + out.back().untold_weak));
    }
  }
  if (!shares_crosscheck_.empty() && classes.host.size() == classes.taken) {
    const std::vector<JudgedSums> want = host(nullptr);
    // Each field of each output's summaries (a bit pattern read as the double it is; none: 0).
    auto value = [](uint64_t b) {
      double d;
      std::memcpy(&d, &b, 8);
      return b == ~uint64_t(0) ? 0.0 : d;
    };
    for (size_t k = 0; k < out.size(); ++k) {
      const JudgedSums none;
      const JudgedSums& h = k < want.size() ? want[k] : none;
      crosscheck("judged block's light", k, judged_light(out[k]), judged_light(h));
      crosscheck("judged block's most", k, value(out[k].most_bits), value(h.most_bits));
      // h30d: told_* the atol-held kind's, untold_* the other's (law_regions.h atol_held)
      crosscheck("judged block's atol-held least", k, value(out[k].told_bits), value(h.told_bits));
      crosscheck("judged block's least at atol 0", k, value(out[k].untold_bits),
                 value(h.untold_bits));
      crosscheck("judged block's atol-held unseen", k, value(out[k].told_unseen_bits),
                 value(h.told_unseen_bits));
      crosscheck("judged block's unseen at atol 0", k, value(out[k].untold_unseen_bits),
                 value(h.untold_unseen_bits));
      crosscheck("judged block's atol-held weak", k, double(out[k].told_weak), double(h.told_weak));
      crosscheck("judged block's weak at atol 0", k, double(out[k].untold_weak),
                 double(h.untold_weak));
    }
  }
  return out;
}

bool Worker::class_budget(Prepared& p, size_t classes, size_t& budget) {
  size_t bytes = 0;  // every class of every element
  for (const HostDoubles& o : reference_outputs(p, 0)) bytes += o.size() * classes * sizeof(double);
  // The budget (class_blocks.h): on the device, what h28g's fit test allowed every class
  // (3/4 of the free memory, 1 GiB to spare); it is left for the host where even that is small
  // (under 1 GiB and not everything), and where the cross-check keeps a host copy of the
  // shares too, the host's bound holds as well.
  budget = host_class_budget();
  bool host_only = true;
  if (lint_on_device(p, 0)) {
    size_t free = 0, total = 0;
    CU_CHECK(cuMemGetInfo(&free, &total));
    const size_t room = free / 2 + free / 4, spare = size_t(1) << 30;
    const size_t device = room > spare ? room - spare : 0;
    if (device >= bytes || device >= spare) {
      host_only = false;
      const size_t forced = forced_class_budget();
      budget = shares_crosscheck_.empty() ? (forced ? std::min(forced, device) : device)
                                          : std::min(budget, device);
    }
  }
  return !host_only;
}

std::vector<double> Worker::class_light(Prepared& p, const std::vector<EchoRegion>& regions,
                                        const std::vector<generators::Tolerance>* judge,
                                        std::vector<double>* judged, int set, WeakElements* weak) {
  if (regions.empty()) return {};
  const size_t classes = regions.size();
  std::vector<size_t> elements;  // per output
  for (const HostDoubles& o : reference_outputs(p, set)) elements.push_back(o.size());
  size_t budget = 0;
  const bool host_only = !class_budget(p, classes, budget);
  const std::vector<ClassBlock> blocks = class_blocks(elements, classes, budget);
  // Where there are several, the phase says how many (`blocks_N`: the gate's phases_ms, which
  // probe_gate_cost.sh prints), the echoes' scopes nested in it.
  std::optional<PhaseScope> blocked;
  if (blocks.size() > 1) blocked.emplace("blocks_" + std::to_string(blocks.size()));
  std::vector<double> light;
  std::vector<bool> misfit;
  std::vector<JudgedSums> sums;                       // judging: per output, merged over the blocks
  std::vector<std::vector<double>> atol_part, floor;  // judging on the host: made once
  for (const ClassBlock& b : blocks) {
    ClassShares by_class;  // this block's, gone (zeroed) before the next one's
    by_class.classes = classes;
    by_class.host_only = host_only;
    if (blocks.size() > 1) by_class.block = b;
    // The median screen (helper h28j): judging in several blocks on the device, the first
    // block's class echoes also count, for every element of every output, the classes that
    // leave its energy at 0 (solver_zero_count: a share pass over the whole output, no more
    // reference runs). Where every element has at least half of them at 0 and no share is NaN,
    // every light share is 0 (its median class does not move: light_shares) and no element is
    // judged, so the other blocks' class echoes would add nothing: they are not taken, and the
    // values are the one block's, exactly (knn_compute_distances: each element reads 2 of the
    // 256 strided classes; 256 class echoes, not 768).
    by_class.screen = judged && blocks.size() > 1 && &b == &blocks.front();
    for (const EchoRegion& r : regions) echo_shares(p, set, {}, -1, &r, nullptr, &by_class);
    std::vector<double> part;
    if (judged) {  // the light share's weakest is the judged pass's too (one pass, not two)
      const std::vector<JudgedSums> got =
          judged_sums(p, by_class, *judge, atol_part, floor, set, weak);
      sums.resize(std::max(sums.size(), got.size()));
      for (size_t k = 0; k < got.size(); ++k) sums[k] = judged_merge(sums[k], got[k]);
      for (const JudgedSums& s : got) part.push_back(judged_light(s));
    } else {
      part = light_weakest(by_class);
    }
    if (light.empty())
      light = part;
    else
      for (size_t k = 0; k < light.size() && k < part.size(); ++k)
        light[k] = union_weakest(light[k], part[k]);
    misfit.resize(std::max(misfit.size(), by_class.misfit.size()), false);
    for (size_t k = 0; k < by_class.misfit.size(); ++k) misfit[k] = misfit[k] || by_class.misfit[k];
    if (by_class.screen && by_class.device && by_class.taken == classes && !by_class.screen_nan) {
      bool moves = false;
      const int half = int((classes - 1) / 2 + 1);  // the median: the ((R - 1) / 2 + 1)-th smallest
      for (size_t k = 0; k < by_class.screen_counts.get().size() && !moves; ++k)
        moves = k < elements.size() &&
                shares_->median_moves(by_class.screen_counts.get()[k].ptr(), int64_t(elements[k]),
                                      half, ctx_->stream());
      if (!moves) {
        PhaseScope skipped("screened_" + std::to_string(blocks.size() - 1));  // blocks not taken
        if (!shares_crosscheck_.empty())
          if (FILE* f = std::fopen(shares_crosscheck_.c_str(), "a")) {
            std::fprintf(f, "screened %zu classes: %zu of %zu blocks not taken\n", classes,
                         blocks.size() - 1, blocks.size());
            std::fclose(f);
          }
        for (double& l : light) l = 0;  // what every block's light and judged shares are
        sums.assign(sums.size(), JudgedSums{});
        if (weak) weak->assign(weak->size(), {});  // nothing judged, nothing weak
        break;
      }
    }
  }
  if (judged) {
    judged->clear();
    for (const JudgedSums& s : sums) judged->push_back(judged_weakest(s));
  }
  if (weak) {  // per output, in index order (blocks may come in any order of first elements)
    weak->resize(std::max(weak->size(), sums.size()));
    for (std::vector<WeakElement>& w : *weak)
      std::sort(w.begin(), w.end(),
                [](const WeakElement& a, const WeakElement& b) { return a.index < b.index; });
  }
  for (size_t k = 0; k < light.size() && k < misfit.size(); ++k)
    if (misfit[k]) {
      light[k] = std::numeric_limits<double>::infinity();
      if (judged && k < judged->size()) (*judged)[k] = light[k];  // judged_light_shares' misfit
      if (weak && k < weak->size()) (*weak)[k].clear();           // a single infinity: not weak
    }
  // The probe's record (SOLVER_SHARES_CROSSCHECK): each partition's light share per output, so
  // a run with a small SOLVER_LINT_BLOCK_BYTES can be held to one without (probe_gate_cost.sh
  // blocks).
  if (!shares_crosscheck_.empty())
    if (FILE* f = std::fopen(shares_crosscheck_.c_str(), "a")) {
      for (size_t k = 0; k < light.size(); ++k)
        std::fprintf(f, "light %zu classes in %zu blocks: output %zu %.17g\n", classes,
                     blocks.size(), k, light[k]);
      if (judged)
        for (size_t k = 0; k < judged->size(); ++k)
          std::fprintf(f, "judged %zu classes in %zu blocks: output %zu %.17g\n", classes,
                       blocks.size(), k, (*judged)[k]);
      std::fclose(f);
    }
  return light;
}

}  // namespace solver::gpu
