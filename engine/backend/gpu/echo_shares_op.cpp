// One echo of the tolerance lint (sample_lint.h, sample_lint_op.cpp): the reference on set
// `set` with its inputs echoed (a pattern, one input alone, or one class of a partition), and the
// element shares against the set's own reference, on the device where it can (device_shares.h)
// or on the host (echo_elements.h); folded, kept as a class, or summarised per output.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>

#include "engine/backend/gpu/device_derive.h"
#include "engine/backend/gpu/echo_elements.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/model_echo.h"
#include "engine/backend/gpu/model_quiet.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

void Worker::keyed_echo_crosscheck(Prepared& p, int index, const std::string& key) {
  HostSet host = p.buffers->host_set(index);  // a copy: its plan made on the host from its base
  materialise(p.resolved, p.buffers->host_set(host.base), host);
  for (const BufferTransform& t : host.plan) {
    const std::vector<unsigned char> got = p.buffers->read_input(index, t.buffer);
    const auto& want = host.inputs[t.buffer];
    const bool same =
        want && got.size() == want->size && std::equal(got.begin(), got.end(), want->data.get());
    crosscheck(key + " keyed echo's bytes", t.buffer, same ? 1.0 : 0.0, 1.0);
  }
}

std::vector<double> Worker::echo_shares(Prepared& p, int set, const EchoPattern& pattern, int only,
                                        const EchoRegion* region, ShareFold* fold,
                                        ClassShares* classes,
                                        const std::vector<std::vector<size_t>>* picks) {
  // Where the shares are taken: on the device where it can (device_shares.h), unless the fold
  // or the classes this echo joins began on the host.
  bool device = !picks && lint_on_device(p, set);
  if (fold && fold->started) device = device && fold->device;
  if (classes && classes->started) device = device && classes->device;
  // Where the class shares go, and how many elements of each output they hold, class_light
  // chose (its budget: class_blocks.h).
  if (classes && classes->host_only) device = false;
  if (fold && classes && !classes->block.first.empty())
    throw std::logic_error("echo_shares: a fold over a block of the outputs");
  // Output k's elements the classes keep, of its `n`: [first, first + count).
  auto span = [&](size_t k, size_t n) {
    if (!classes || k >= classes->block.first.size()) return std::pair<size_t, size_t>(0, n);
    const size_t first = std::min(classes->block.first[k], n);
    return std::pair<size_t, size_t>(first, std::min(classes->block.count[k], n - first));
  };
  const HostSet& given = p.buffers->host_set(set);
  std::string key = given.key + "/echo-" + std::to_string(pattern.block) +
                    (pattern.parity == kKeyedHalf ? "-keyed"
                     : pattern.parity             ? "-odd"
                                                  : "-even") +
                    (pattern.model ? "-model" : "") +
                    (pattern.draw > 0 ? "-draw" + std::to_string(pattern.draw) : "") +
                    (pattern.model && pattern.classes ? "-class" + std::to_string(pattern.classes) +
                                                            "." + std::to_string(pattern.cls)
                                                      : "") +
                    (only >= 0 ? "/in" + std::to_string(only) : "");
  if (region)
    key = given.key + "/echo-region-" +
          (region->family == RegionFamily::Hashed    ? "hash-"
           : region->family == RegionFamily::Strided ? "stride-"
                                                     : "stretch-") +
          std::to_string(region->cls) +
          (region->key ? "-key" + std::to_string(region->key) : "");  // a second look's classes
  // Which inputs this echo moves (by buffer index): those `s` holds that the lint echoes by this
  // map (buffer_echo: a sorted or csr_rowptr input takes only the echoes that keep it valid),
  // each with the map as its kind takes it (a csr_rowptr's first and last offsets kept).
  const EchoMap map = region ? region_echo(*region) : positions_echo(pattern.parity, pattern.block);
  // A model echo (model_echo.h) moves the structured inputs it models, on the host.
  const bool model = pattern.model && !region;
  auto moved_of = [&](const HostSet& s) {
    if (!model) return echo_moved(p.resolved.buffers, s, map, only);
    std::vector<size_t> moved;
    for (size_t i = 0; i < p.resolved.buffers.size() && i < s.inputs.size(); ++i)
      if (s.inputs[i] && (only < 0 || size_t(only) == i) && model_echoed(p.resolved.buffers[i]))
        moved.push_back(i);
    return moved;
  };
  int index = -1;
  // On the device: set 0's echoes, and the second look's keyed class echoes of its judging set
  // (a keyed map: helper h32fast; the judging set is a host set, every input held, its device
  // copy read by the reference alone). Every other set's echoes (the fresh set's) on the host.
  const bool derived = (set == 0 || (map.key != 0 && !given.on_device)) && derive_ &&
                       !host_derive_ && device_digest() && !model;
  if (derived) {
    // On the device, from the set's device copy (device_buffers.h add_device_set: set 0's
    // pristine copy, or the judging set's own inputs): no host copy of any input, no upload; the
    // same bytes as the host echo (echo_map.h, held to it by DeviceDerive's self-check, keyed
    // classes too).
    PhaseScope scope("echo_device");
    HostSet echo;
    echo.key = key;
    echo.seed = given.seed;
    echo.base = set;
    echo.kind = SetKind::Fresh;         // as below: never the device input cache's regular entry
    for (size_t i : moved_of(given)) {  // never on_device: every input is held
      BufferTransform t;
      t.buffer = i;
      t.op = TransformOp::Echo;
      t.echo = *buffer_echo(p.resolved.buffers[i], map);  // moved: echoed by this map
      echo.plan.push_back(t);
    }
    beat("tolerance lint", 120000);
    index = p.buffers->add_device_set(std::move(echo), *derive_, ctx_->stream());
    if (!shares_crosscheck_.empty() && map.key != 0) keyed_echo_crosscheck(p, index, key);
  } else {
    HostSet base = given;  // a copy: materialised here, not in the buffers
    if (base.on_device) materialise(p.resolved, p.buffers->host_set(base.base), base);
    HostSet echo;
    echo.key = key;
    echo.seed = base.seed;
    // Not Regular: a regular set's `in` buffers come from the device input cache by (buffer,
    // seed), which would upload set 0's bytes, not the echo's (device_buffers.cpp upload_set).
    echo.kind = SetKind::Fresh;
    echo.inputs = base.inputs;
    echo.digests = base.digests;
    // Each step's wall time under the lint's phase (the gate's phases_ms): where an echo's cost
    // goes on a large problem (scripts/gpu/probe_gate_cost.sh).
    {
      PhaseScope make("echo_make");
      for (size_t i : moved_of(base)) {
        const auto& b = p.resolved.buffers[i];
        echo.inputs[i] =
            region ? echo_region(b, *base.inputs[i], *region)
            : model && pattern.classes
                ? model_class_echo(b, *base.inputs[i],
                                   {pattern.classes, pattern.cls, class_key(base.seed)})
            : model ? model_echo(b, *base.inputs[i], pattern.parity,
                                 pattern.draw > 0 ? quiet_seed(base.seed, pattern.draw)
                                                  : model_seed(base.seed, pattern.parity))
                    : echo_positions(b, *base.inputs[i], pattern.parity, pattern.block);
        echo.digests[i] = digest(echo.inputs[i]->data.get(), echo.inputs[i]->size);
      }
    }
    beat("tolerance lint", 120000);
    PhaseScope upload("echo_upload");
    // The reference on it now where the shares are the host's; on the device, below.
    index = add_checked_set(p, std::move(echo), !device);
  }
  std::vector<generators::DType> dtypes;    // 64-bit integers compared as integers
  std::vector<generators::Tolerance> tols;  // each output at its own tolerance (h28v)
  for (size_t b : p.buffers->outputs()) {
    dtypes.push_back(p.resolved.buffers[b].dtype);
    tols.push_back(set_tolerance(p, p.buffers->host_set(set), b));
  }
  if (tols.empty()) tols.push_back(p.resolved.tolerance);
  std::vector<double> got;
  if (device) {
    // The echo's reference outputs stay on the device; only the summaries come back.
    {
      PhaseScope run("reference_run");
      launch_reference(p, index, "reference run");
    }
    ScrubbedBuffers& base = lint_base_[p.buffers->host_set(set).key];
    if (base.empty()) {
      PhaseScope up("base_upload");  // the set's reference outputs, once per lint
      for (const HostDoubles& o : reference_outputs(p, set)) {
        base.get().emplace_back(std::max<size_t>(o.size(), 1) * sizeof(double));
        if (!o.empty())
          CU_CHECK(cuMemcpyHtoDAsync(base.get().back().ptr(), o.data(), o.size() * sizeof(double),
                                     ctx_->stream()));
      }
      // Landed before the kernels read it (a pageable copy may return before its DMA ends).
      CU_CHECK(cuStreamSynchronize(ctx_->stream()));
    }
    const std::vector<size_t>& outs = p.buffers->outputs();
    std::optional<PhaseScope> compare(std::in_place, "echo_compare");
    std::optional<PhaseScope> on_device(std::in_place, "device");  // closed first, below
    if (fold && !fold->started) {
      fold->device = true;
      fold->weakest.assign(outs.size(), 0.0);
      for (size_t b : outs)
        fold->on_device.get().emplace_back(
            std::max<size_t>(p.buffers->reference_output(b).bytes(), sizeof(double)));
    }
    if (classes && !classes->started) {
      classes->device = true;
      for (size_t k = 0; k < outs.size(); ++k) {  // the block's elements of each output
        const size_t n =
            span(k, p.buffers->reference_output(outs[k]).bytes() / sizeof(double)).second;
        classes->elements.push_back(int64_t(n));
        classes->on_device.get().emplace_back(std::max<size_t>(n, 1) * sizeof(double) *
                                              classes->classes);
        if (classes->screen) {  // every element's, zeroed: the median screen's counts
          const size_t all = p.buffers->reference_output(outs[k]).bytes() / sizeof(double);
          classes->screen_counts.get().emplace_back(std::max<size_t>(all, 1) * sizeof(uint16_t));
          CU_CHECK(cuMemsetD8Async(classes->screen_counts.get().back().ptr(), 0,
                                   classes->screen_counts.get().back().bytes(), ctx_->stream()));
        }
      }
    }
    for (size_t k = 0; k < outs.size(); ++k) {
      const DeviceBuffer& echo = p.buffers->reference_output(outs[k]);
      // With classes, the block's elements only (its largest share is that block's).
      const auto [first, n] = span(k, echo.bytes() / sizeof(double));
      const ShareWide wide = !reference_bits(dtypes[k])            ? ShareWide::F64
                             : dtypes[k] == generators::DType::I64 ? ShareWide::I64
                                                                   : ShareWide::U64;
      const CUdeviceptr store =
          classes && classes->taken < classes->classes
              ? classes->on_device.get()[k].ptr() + classes->taken * n * sizeof(double)
              : 0;
      const ShareSums sums = shares_->share(
          base.get()[k].ptr() + first * sizeof(double), echo.ptr() + first * sizeof(double),
          int64_t(n), wide, tols[tols.size() == 1 ? 0 : k],
          fold ? fold->on_device.get()[k].ptr() : 0, fold && !fold->started, store, ctx_->stream());
      got.push_back(share_largest(sums));
      if (fold) fold->weakest[k] = share_weakest(sums);
      if (classes && classes->screen && k < classes->screen_counts.get().size())
        classes->screen_nan =
            shares_->zero_count(base.get()[k].ptr(), echo.ptr(),
                                int64_t(echo.bytes() / sizeof(double)), wide,
                                tols[tols.size() == 1 ? 0 : k],
                                classes->screen_counts.get()[k].ptr(), ctx_->stream()) ||
            classes->screen_nan;
    }
    on_device.reset();
    compare.reset();
    if (!shares_crosscheck_.empty()) {
      // The host path's summaries of the same echo (read back, zeroed as read).
      std::vector<HostDoubles> echoed;
      for (size_t b : outs) echoed.push_back(p.buffers->read_reference_output(b));
      std::vector<std::vector<double>> elements =
          element_shares(reference_outputs(p, set), echoed, tols, nullptr, &dtypes);
      if (classes && !classes->block.first.empty())
        elements = block_slice(elements, classes->block);
      const std::vector<double> want = largest_shares(elements);
      for (size_t k = 0; k < got.size(); ++k)
        crosscheck(key + " largest", k, got[k], k < want.size() ? want[k] : -1.0);
      if (fold) {
        fold_element_shares(fold->host, elements);
        const std::vector<double> weakest = weakest_shares(fold->host);
        for (size_t k = 0; k < got.size(); ++k)
          crosscheck(key + " fold's weakest", k, fold->weakest[k],
                     k < weakest.size() ? weakest[k] : -1.0);
      }
      if (classes) classes->host.push_back(std::move(elements));
    }
    p.buffers->clear_reference_outputs();
  } else {
    // Every reference below is held by p.refs: the views stay valid.
    const auto& echoed = reference_outputs(p, index);
    const auto& reference = reference_outputs(p, set);
    std::optional<PhaseScope> compare(std::in_place, "echo_compare");
    std::vector<std::vector<double>> elements;
    elements = echo_elements(reference, echoed, tols, dtypes, classes, picks);
    compare.reset();
    got = largest_shares(elements);
    if (fold) {
      fold_element_shares(fold->host, elements);
      fold->weakest = weakest_shares(fold->host);
    }
    if (classes) classes->host.push_back(std::move(elements));
  }
  if (fold) fold->started = true;
  if (classes) classes->started = true, ++classes->taken;
  // Read once, never run on: its device inputs and host bytes go now, its reference outputs
  // with this Prepared's hold on them (one echo set at a time on the device, not up to
  // 16 + 25 x inputs of them; device_buffers.h release_set).
  p.buffers->release_set(index);
  if (size_t(index) < p.refs.size()) p.refs[size_t(index)].reset();
  return got;
}

}  // namespace solver::gpu
