// DeviceBuffers, the derived sets' part: a set made on the device (device_derive.h) from another
// set's device bytes instead of copied, transformed and uploaded on the host: set 0's pristine
// copy (the derived input sets, set 0's lint echoes) or the second look's judging set (its keyed
// class echoes, second_look.h; helper h32fast). The buffers, their sets and the reference runs
// are device_buffers.cpp.
#include <stdexcept>

#include "engine/backend/gpu/device_buffers.h"

namespace solver::gpu {

namespace {

using generators::BufferRole;

// As device_buffers.cpp: `in` buffers and in-out buffers' set copies are digested.
bool is_digested(BufferRole r) { return r == BufferRole::In || r == BufferRole::InOut; }

}  // namespace

const std::vector<std::shared_ptr<const DeviceBuffer>>& DeviceBuffers::pristine() const {
  const auto& bufs = variant_.buffers;
  for (size_t i = 0; i < pristine_.size(); ++i) {
    if (!pristine_[i] || !pristine_[i]->bytes()) continue;
    const DeviceBuffer& d = *pristine_[i];
    // A kernel never gets this address; a wild write could still reach it, and a derived set
    // made from changed bytes would carry the change into every check: digest it first.
    bool intact =
        device_digest_ && (!is_digested(bufs[i].role) ||
                           (*device_digest_)(d.ptr(), d.bytes(), nullptr) == device_digests_[0][i]);
    if (!intact) {
      // Our own copy now (an entry of the device cache is shared: it is not written here).
      auto fresh = std::make_shared<DeviceBuffer>(d.bytes());
      const auto& host = sets_[0].inputs[i];
      CU_CHECK(cuMemcpyHtoD(fresh->ptr(), host->data.get(), host->size));
      if (device_cache_ && bufs[i].role == BufferRole::In)
        device_cache_->erase(input_key(bufs[i], sets_[0].seed));
      pristine_[i] = fresh;
    }
  }
  return pristine_;
}

int DeviceBuffers::add_device_set(HostSet set, const DeviceDerive& derive, CUstream stream) {
  const auto& bufs = variant_.buffers;
  const size_t from = size_t(set.base);
  if (from >= sets_.size() || sets_[from].on_device || released(int(from)))
    throw std::logic_error("add_device_set: the base set is not a held host set");
  // The device bytes it is derived from: set 0's pristine copy, or another set's own inputs
  // (the second look's judging set), each digested first as pristine() does, and uploaded again
  // from its host bytes where it changed.
  std::vector<const DeviceBuffer*> base(bufs.size(), nullptr);
  if (from == 0) {
    const auto& copy = pristine();
    for (size_t i = 0; i < copy.size() && i < base.size(); ++i) base[i] = copy[i].get();
  } else {
    for (size_t i = 0; i < bufs.size() && i < inputs_[from].size(); ++i) {
      const DeviceBuffer& d = inputs_[from][i];
      if (!d.bytes()) continue;
      const auto& host = sets_[from].inputs.size() > i ? sets_[from].inputs[i] : nullptr;
      const bool intact = device_digest_ && (!is_digested(bufs[i].role) ||
                                             (*device_digest_)(d.ptr(), d.bytes(), nullptr) ==
                                                 device_digests_[from][i]);
      if (!intact && host && host->size == d.bytes())
        CU_CHECK(cuMemcpyHtoD(d.ptr(), host->data.get(), host->size));
      base[i] = &d;
    }
  }
  const size_t s = sets_.size();
  forget_kept(s);
  set.on_device = true;
  set.inputs = sets_[from].inputs;
  set.digests = sets_[from].digests;
  for (const BufferTransform& t : set.plan) {
    set.inputs[t.buffer] = nullptr;
    set.digests[t.buffer] = 0;
  }
  sets_.push_back(std::move(set));
  inputs_.resize(s + 1);
  ref_inout_inputs_.resize(s + 1);
  inputs_[s].resize(bufs.size());
  ref_inout_inputs_[s].resize(bufs.size());
  if (device_digests_.size() <= s) device_digests_.resize(s + 1);
  device_digests_[s].assign(bufs.size(), 0);
  for (size_t i = 0; i < bufs.size() && i < base.size(); ++i) {
    if (!base[i] || !base[i]->bytes()) continue;
    inputs_[s][i] = DeviceBuffer(base[i]->bytes());
    CU_CHECK(cuMemcpyDtoDAsync(inputs_[s][i].ptr(), base[i]->ptr(), base[i]->bytes(), stream));
    for (const BufferTransform& t : sets_[s].plan)
      if (t.buffer == i) derive.apply(bufs[i], inputs_[s][i].ptr(), t, stream);
    // Set 0's float64 copy where the plan leaves an in-out buffer alone (the worker derives on
    // the host where the plan changes one), or echoes it: an echo moves whole elements, so the
    // echo of the float64 copy is the float64 copy of the echo.
    if (bufs[i].role == BufferRole::InOut && ref_inout_inputs_[from][i].bytes()) {
      const DeviceBuffer& src = ref_inout_inputs_[from][i];
      ref_inout_inputs_[s][i] = DeviceBuffer(src.bytes());
      CU_CHECK(cuMemcpyDtoDAsync(ref_inout_inputs_[s][i].ptr(), src.ptr(), src.bytes(), stream));
      for (const BufferTransform& t : sets_[s].plan)
        if (t.buffer == i && t.op == TransformOp::Echo)
          derive.apply(bufs[i], ref_inout_inputs_[s][i].ptr(), t, stream, sizeof(double));
    }
  }
  CU_CHECK(cuStreamSynchronize(stream));
  for (size_t i = 0; i < bufs.size(); ++i)
    if (is_digested(bufs[i].role) && inputs_[s][i].bytes())
      device_digests_[s][i] =
          (*device_digest_)(inputs_[s][i].ptr(), inputs_[s][i].bytes(), nullptr);
  return int(s);
}

std::vector<unsigned char> DeviceBuffers::read_input(int slot, size_t buffer) const {
  std::vector<unsigned char> out;
  if (size_t(slot) >= inputs_.size() || buffer >= inputs_[size_t(slot)].size()) return out;
  const DeviceBuffer& d = inputs_[size_t(slot)][buffer];
  out.resize(d.bytes());
  if (!out.empty()) CU_CHECK(cuMemcpyDtoH(out.data(), d.ptr(), out.size()));
  return out;
}

}  // namespace solver::gpu
