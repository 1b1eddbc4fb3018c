// DeviceBuffers, the timed runs' part: the perturbation each timed run sees (P6: dense on the
// device, or one flipped sign / one integer swap where the device derivation is not there),
// undoing it, and what the audit (P7) needs to re-make one run and keep its outputs aside.
// The buffers themselves, their sets and the reference runs are device_buffers.cpp.
#include "engine/backend/gpu/device_buffers.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>

#include "engine/backend/gpu/compare_source.h"
#include "engine/backend/gpu/device_compare.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/order_view.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "engine/backend/sequence_plan.h"

namespace solver::gpu {

using generators::BufferRole;

namespace {
uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
}  // namespace

bool DeviceBuffers::swap_two(int set, CUstream stream) const {
  const auto& b = variant_.buffers[size_t(swap_buffer_)];
  const auto& host = sets_[size_t(set)].inputs[size_t(swap_buffer_)];
  const DeviceBuffer& d = inputs_[size_t(set)][size_t(swap_buffer_)];
  const size_t size = generators::dtype_size(b.dtype);
  if (!host || !d.bytes() || b.elements < 2 || size > 8) return false;
  const uint64_t n = uint64_t(b.elements);
  for (int attempt = 0; attempt < 16; ++attempt) {
    uint64_t z = mix64(++flips_ ^ flip_key_);
    size_t i = size_t(z % n), j = size_t(mix64(z) % n);
    const unsigned char* x = host->data.get() + i * size;
    const unsigned char* y = host->data.get() + j * size;
    if (i == j || std::memcmp(x, y, size) == 0) continue;
    flip_.set = set;
    flip_.reference_copy = false;
    flip_.buffer = swap_buffer_;
    flip_.swap_size = size;
    flip_.swap_offsets[0] = i * size;
    flip_.swap_offsets[1] = j * size;
    std::memcpy(flip_.swap_original[0], x, size);
    std::memcpy(flip_.swap_original[1], y, size);
    // Each place gets the other's value (the host copies are the bytes the device holds).
    CU_CHECK(cuMemcpyHtoDAsync(d.ptr() + i * size, flip_.swap_original[1], size, stream));
    CU_CHECK(cuMemcpyHtoDAsync(d.ptr() + j * size, flip_.swap_original[0], size, stream));
    return true;
  }
  return false;
}

bool DeviceBuffers::flip_one(int set, CUstream stream) const {
  if (flip_buffer_ < 0) return swap_buffer_ >= 0 && swap_two(set, stream);
  const auto& b = variant_.buffers[size_t(flip_buffer_)];
  const auto& host = sets_[size_t(set)].inputs[size_t(flip_buffer_)];
  const DeviceBuffer& d = inputs_[size_t(set)][size_t(flip_buffer_)];
  if (!host || !d.bytes() || b.elements <= 0) return false;
  uint64_t z = mix64(++flips_ ^ flip_key_);
  size_t size = generators::dtype_size(b.dtype);
  flip_.set = set;
  flip_.reference_copy = false;
  flip_.buffer = flip_buffer_;
  flip_.swap_size = 0;
  flip_.offset = size_t((z ^ (z >> 29)) % uint64_t(b.elements)) * size + size - 1;  // the sign byte
  flip_.original = host->data[flip_.offset];
  flip_.flipped = flip_.original ^ 0x80;
  CU_CHECK(cuMemcpyHtoDAsync(d.ptr() + flip_.offset, &flip_.flipped, 1, stream));
  return true;
}

bool DeviceBuffers::perturb(int set, const DeviceDerive* derive, CUstream stream) const {
  if (!derive) return flip_one(set, stream);
  Flip f;
  f.set = set;
  f.dense = true;
  f.run_seed = mix64(++flips_ ^ flip_key_);
  f.homogeneous = homogeneous_;
  f.law = law_only_ || law_checks_;
  f.derive = derive;
  bool any = false;
  for (const Perturbation& t : timed_perturbations(variant_, f.run_seed, f.homogeneous, f.law))
    any = any || inputs_[size_t(set)][t.buffer].bytes() > 0;
  if (!any) return false;
  f.values_moved = true;  // every position redrawn or exchanged: |x| is not the set's
  dense(f, *derive, stream, false, false);
  flip_ = f;
  return true;
}

void DeviceBuffers::dense(const Flip& f, const DeviceDerive& derive, CUstream stream,
                          bool reference, bool undo) const {
  const auto& bufs = variant_.buffers;
  if (backup_.size() < bufs.size()) backup_.resize(bufs.size());
  if (ref_backup_.size() < bufs.size()) ref_backup_.resize(bufs.size());
  // A redraw keeps the bytes it replaces (a device-to-device copy) and puts them back after
  // the run; pairs undo themselves.
  // `kept`: a kept backup's flag (keep_backup_), set once the copy aside holds the set's bytes.
  auto change = [&](const generators::ResolvedBuffer& b, const DeviceBuffer& d, DeviceBuffer& keep,
                    const Perturbation& t, bool as_double, unsigned char* kept = nullptr) {
    if (self_inverse(t.op)) {
      derive.perturb(b, d.ptr(), t, stream, as_double);
    } else if (undo) {
      CU_CHECK(cuMemcpyDtoDAsync(d.ptr(), keep.ptr(), d.bytes(), stream));
    } else {
      if (!kept || !*kept) {
        if (keep.bytes() != d.bytes()) keep = DeviceBuffer(d.bytes());
        CU_CHECK(cuMemcpyDtoDAsync(keep.ptr(), d.ptr(), d.bytes(), stream));
        if (kept) *kept = 1;
      }
      derive.perturb(b, d.ptr(), t, stream, as_double);
    }
  };
  const size_t set = size_t(f.set);
  if (keep_backup_ && kept_.size() <= set) kept_.resize(set + 1), kept_valid_.resize(set + 1);
  if (keep_backup_ && kept_[set].size() < bufs.size())
    kept_[set].resize(bufs.size()), kept_valid_[set].resize(bufs.size(), 0);
  for (const Perturbation& t : timed_perturbations(variant_, f.run_seed, f.homogeneous, f.law)) {
    const DeviceBuffer& d = inputs_[set][t.buffer];
    if (!d.bytes()) continue;
    const auto& b = bufs[t.buffer];
    if (keep_backup_)
      change(b, d, kept_[set][t.buffer], t, false, &kept_valid_[set][t.buffer]);
    else
      change(b, d, backup_[t.buffer], t, false);
    // The reference's float64 copy of an in-out buffer: the same values, as doubles.
    if (reference && b.role == BufferRole::InOut && size_t(f.set) < ref_inout_inputs_.size() &&
        ref_inout_inputs_[size_t(f.set)][t.buffer].bytes())
      change(b, ref_inout_inputs_[size_t(f.set)][t.buffer], ref_backup_[t.buffer], t, true);
  }
  if (!stream) CU_CHECK(cuCtxSynchronize());
}

void DeviceBuffers::forget_kept(size_t set) const {
  if (set < kept_valid_.size()) std::fill(kept_valid_[set].begin(), kept_valid_[set].end(), 0);
}

void DeviceBuffers::reflip(const Flip& f) const {
  if (f.set < 0) return;
  flip_ = f;
  if (f.dense) {
    // As the timed run had it, and in the reference's float64 in-out copies (unflip undoes).
    dense(f, *f.derive, nullptr, true, false);
    flip_.reference_copy = true;
    return;
  }
  const DeviceBuffer& d = inputs_[size_t(f.set)][size_t(f.buffer)];
  if (f.swap_size) {
    for (int k = 0; k < 2; ++k)  // each place gets the other's value, as swap_two did
      CU_CHECK(cuMemcpyHtoD(d.ptr() + f.swap_offsets[k], f.swap_original[1 - k], f.swap_size));
  } else {
    CU_CHECK(cuMemcpyHtoD(d.ptr() + f.offset, &f.flipped, 1));
  }
  flip_.reference_copy = variant_.buffers[size_t(f.buffer)].role == BufferRole::InOut &&
                         size_t(f.set) < ref_inout_inputs_.size() &&
                         ref_inout_inputs_[size_t(f.set)][size_t(f.buffer)].bytes() > 0;
  if (flip_.reference_copy) toggle_reference_copy();
  CU_CHECK(cuCtxSynchronize());  // before the reference runs on the non-blocking stream
}

void DeviceBuffers::toggle_reference_copy() const {
  const DeviceBuffer& r = ref_inout_inputs_[size_t(flip_.set)][size_t(flip_.buffer)];
  if (flip_.swap_size) {
    size_t e[2] = {flip_.swap_offsets[0] / flip_.swap_size,
                   flip_.swap_offsets[1] / flip_.swap_size};
    double v[2];
    for (int k = 0; k < 2; ++k)
      CU_CHECK(cuMemcpyDtoH(&v[k], r.ptr() + e[k] * sizeof(double), sizeof(double)));
    for (int k = 0; k < 2; ++k)
      CU_CHECK(cuMemcpyHtoD(r.ptr() + e[k] * sizeof(double), &v[1 - k], sizeof(double)));
    return;
  }
  // flip_.offset is the sign byte of element offset / size; the double's sign byte is its last.
  const size_t size = generators::dtype_size(variant_.buffers[size_t(flip_.buffer)].dtype);
  const size_t at = (flip_.offset / size) * sizeof(double) + sizeof(double) - 1;
  unsigned char byte = 0;
  CU_CHECK(cuMemcpyDtoH(&byte, r.ptr() + at, 1));
  byte ^= 0x80;
  CU_CHECK(cuMemcpyHtoD(r.ptr() + at, &byte, 1));
}

std::vector<uint64_t> DeviceBuffers::save_outputs(std::vector<DeviceBuffer>& into,
                                                  CUstream stream) const {
  into.resize(outputs_.size());
  for (size_t k = 0; k < outputs_.size(); ++k) {
    const DeviceBuffer& src = work_[outputs_[k]];
    if (into[k].bytes() != src.bytes()) into[k] = DeviceBuffer(src.bytes());
    if (src.bytes()) CU_CHECK(cuMemcpyDtoDAsync(into[k].ptr(), src.ptr(), src.bytes(), stream));
  }
  CU_CHECK(cuStreamSynchronize(stream));
  // The copies sit outside the arena, at addresses a white-box kernel could work out from the
  // worker's allocation history: their keyed digests now, checked before they are compared.
  std::vector<uint64_t> digests;
  if (!device_digest_) return digests;
  for (const DeviceBuffer& d : into)
    digests.push_back(d.bytes() ? (*device_digest_)(d.ptr(), d.bytes(), nullptr) : 0);
  return digests;
}

std::string DeviceBuffers::load_outputs(const std::vector<DeviceBuffer>& from,
                                        const std::vector<uint64_t>& digests) const {
  for (size_t k = 0; k < digests.size() && k < from.size(); ++k)
    if (from[k].bytes() && (*device_digest_)(from[k].ptr(), from[k].bytes(), nullptr) != digests[k])
      return "the audited run's saved copy of output '" + variant_.buffers[outputs_[k]].name +
             "' changed after it was saved (a write outside the kernel's own buffers)";
  for (size_t k = 0; k < outputs_.size() && k < from.size(); ++k) {
    const DeviceBuffer& dst = work_[outputs_[k]];
    if (dst.bytes() && dst.bytes() == from[k].bytes())
      CU_CHECK(cuMemcpyDtoD(dst.ptr(), from[k].ptr(), dst.bytes()));
  }
  CU_CHECK(cuCtxSynchronize());
  return "";
}

void DeviceBuffers::unflip() const {
  if (flip_.set < 0) return;
  if (flip_.dense) {
    dense(flip_, *flip_.derive, nullptr, flip_.reference_copy, true);
    flip_.reference_copy = false;
    flip_.set = -1;
    return;
  }
  if (flip_.reference_copy) toggle_reference_copy();
  flip_.reference_copy = false;
  const DeviceBuffer& d = inputs_[size_t(flip_.set)][size_t(flip_.buffer)];
  if (flip_.swap_size) {
    for (int k = 0; k < 2; ++k)
      CU_CHECK(
          cuMemcpyHtoD(d.ptr() + flip_.swap_offsets[k], flip_.swap_original[k], flip_.swap_size));
  } else {
    CU_CHECK(cuMemcpyHtoD(d.ptr() + flip_.offset, &flip_.original, 1));
  }
  flip_.set = -1;
  CU_CHECK(cuCtxSynchronize());
}

Comparison DeviceBuffers::compare_output_on_device(size_t buffer, const DeviceCompare& compare,
                                                   const generators::Tolerance& tol,
                                                   CUstream stream) const {
  const DeviceBuffer& out = work_[buffer];
  const DeviceBuffer& ref = ref_work_[buffer];
  const generators::DType dtype = variant_.buffers[buffer].dtype;
  const size_t n = out.bytes() / generators::dtype_size(dtype), ref_n = ref.bytes() / 8;
  // float64, or a 64-bit integer output's own type (its bits: reference_bits, resolve_reference)
  const generators::DType ref_dtype = reference_.buffers[buffer].dtype;
  if (n != ref_n ||
      (ref_dtype != generators::DType::F64 && !(reference_bits(ref_dtype) && ref_dtype == dtype)))
    return size_mismatch(n, ref_n);
  const generators::ResolvedBuffer& b = variant_.buffers[buffer];
  if (b.order_lead >= 0 && b.order_count >= 0) {
    const size_t c = size_t(b.order_count);
    const generators::ResolvedBuffer& lead = variant_.buffers[size_t(b.order_lead)];
    DeviceCompare::Valid valid;
    valid.row = lead.shape.empty() ? lead.elements : lead.shape.back();
    valid.out_count = work_[c].ptr();
    valid.out_type = compare_type(variant_.buffers[c].dtype);
    valid.ref_count = ref_work_[c].ptr();
    valid.ref_type = compare_type(reference_.buffers[c].dtype);
    return compare(out.ptr(), dtype, int64_t(n), ref.ptr(), 0, tol, stream, &valid);
  }
  return compare(out.ptr(), dtype, int64_t(n), ref.ptr(), 0, tol, stream);
}

void DeviceBuffers::order_outputs_on_device(const DeviceCompare& compare, CUstream stream) const {
  for (const OrderGroup& g : order_groups(variant_)) {
    for (bool reference : {false, true}) {
      const auto& bufs = reference ? ref_work_ : work_;
      const generators::ResolvedVariant& rv = reference ? reference_ : variant_;
      std::vector<std::pair<CUdeviceptr, int>> columns;
      for (size_t m : g.members)
        columns.push_back({bufs[m].ptr(), compare_type(rv.buffers[m].dtype)});
      const CUdeviceptr count = g.count >= 0 ? bufs[size_t(g.count)].ptr() : 0;
      const int count_type = g.count >= 0 ? compare_type(rv.buffers[size_t(g.count)].dtype) : 0;
      compare.sort_rows(columns, g.rows, g.row, count, count_type, stream);
    }
  }
}

void DeviceBuffers::clear_reference_outputs() const {
  for (size_t i : outputs_) clear_reference_output(ref_work_[i]);
}

}  // namespace solver::gpu
