#include "engine/backend/gpu/device_buffers.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "engine/backend/sequence_plan.h"

namespace solver::gpu {

namespace {

using generators::BufferRole;
using generators::DType;

bool is_input(BufferRole r) { return r == BufferRole::In || r == BufferRole::InOut; }
bool is_output(BufferRole r) { return r == BufferRole::Out || r == BufferRole::InOut; }
// P7b: the buffers whose set copies are digested and verified. An in-out buffer's set copy is
// the input the run's working copy is restored from; no kernel is given its address (the
// working copy is what it may write), so it is guarded as an `in` buffer is.
bool is_digested(BufferRole r) { return is_input(r); }

DeviceBuffer upload(const void* bytes, size_t size) {
  DeviceBuffer b(size);
  if (size) CU_CHECK(cuMemcpyHtoD(b.ptr(), bytes, size));
  return b;
}

std::vector<unsigned char> download(const DeviceBuffer& b) {
  std::vector<unsigned char> out(b.bytes());
  if (!out.empty()) CU_CHECK(cuMemcpyDtoH(out.data(), b.ptr(), out.size()));
  return out;
}

void poison(const DeviceBuffer& b, bool zero, CUstream stream) {
  if (b.bytes()) CU_CHECK(cuMemsetD8Async(b.ptr(), zero ? 0x00 : 0xFF, b.bytes(), stream));
}

}  // namespace

DeviceBuffers::DeviceBuffers(const generators::ResolvedVariant& variant,
                             const generators::ResolvedVariant& reference,
                             std::vector<HostSet> sets, const DeviceDigest* device_digest,
                             DeviceInputCache* device_cache)
    : variant_(variant),
      reference_(reference),
      sets_(std::move(sets)),
      device_digest_(device_digest),
      device_cache_(device_digest ? device_cache : nullptr),
      flip_key_([] {
        std::random_device rd;  // where the timed samples' flips fall: unknown to the kernel
        return (uint64_t(rd()) << 32) ^ uint64_t(rd());
      }()) {
  const auto& bufs = variant_.buffers;
  for (size_t i = 0; i < bufs.size(); ++i)
    if (is_output(bufs[i].role)) outputs_.push_back(i);
  // P8 (engine/backend/sequence_plan.h): the rotation sets and the working buffers in one
  // allocation at offsets that depend on the buffer list alone, its base slid by a random
  // multiple of kArenaAlign; allocated before anything else of this object.
  layout_ = engine::arena_layout(bufs, std::min<int>(int(sets_.size()), engine::kRotationSets));
  {
    std::random_device rd;
    slide_ = size_t(rd() % unsigned(engine::kArenaSlides)) * engine::kArenaAlign;
  }
  if (layout_.bytes) arena_ = DeviceBuffer(layout_.bytes + slide_);
  if (layout_.bytes) set_slack();
  {
    std::random_device rd;
    slack_state_ = (uint64_t(rd()) << 32) ^ uint64_t(rd());
  }
  for (size_t s = 0; s < sets_.size(); ++s) upload_set(s);
  work_.resize(bufs.size());
  ref_work_.resize(bufs.size());
  size_t scratch_bytes = 0;
  for (size_t i = 0; i < bufs.size(); ++i) {
    if (bufs[i].role != BufferRole::In && bufs[i].elements > 0)
      work_[i] =
          layout_.work[i] != engine::ArenaLayout::npos
              ? DeviceBuffer::view(arena_.ptr() + slide_ + layout_.work[i], size_t(bufs[i].bytes))
              : DeviceBuffer(size_t(bufs[i].bytes));
    if (bufs[i].role == BufferRole::Scratch)
      scratch_bytes = std::max(scratch_bytes, size_t(bufs[i].bytes));
    if (i < reference_.buffers.size()) {
      const auto& rb = reference_.buffers[i];
      if (rb.role != BufferRole::In && rb.elements > 0)
        ref_work_[i] = DeviceBuffer(size_t(rb.bytes));
    }
  }
  for (size_t i = 0; i < bufs.size() && flip_buffer_ < 0; ++i)
    // in or inout (restored from this copy); a sign flip only where -x is in the law (P6c)
    if (perturbable(bufs[i]) && sign_symmetric(bufs[i])) flip_buffer_ = int(i);
  // Else an exchange of two values (in the law whatever its support): an integer input, or a
  // float input whose law a sign flip would leave.
  for (size_t i = 0; i < bufs.size() && flip_buffer_ < 0 && swap_buffer_ < 0; ++i)
    if (swappable(bufs[i]) || (perturbable(bufs[i]) && bufs[i].role == BufferRole::In))
      swap_buffer_ = int(i);
  if (scratch_bytes) {
    std::vector<unsigned char> g(scratch_bytes + kGarbageSlack);
    fill_garbage(g.data(), g.size(), 0x6a7ba6e5ULL ^ uint64_t(scratch_bytes));
    garbage_ = upload(g.data(), g.size());
    std::random_device entropy;
    garbage_key_ = (uint64_t(entropy()) << 32) ^ uint64_t(entropy());
  }
}

DeviceBuffer DeviceBuffers::input_buffer(size_t s, size_t i, size_t bytes) const {
  if (s < layout_.input.size() && layout_.input[s][i] != engine::ArenaLayout::npos &&
      bytes == size_t(variant_.buffers[i].bytes))
    return DeviceBuffer::view(arena_.ptr() + slide_ + layout_.input[s][i], bytes);
  return DeviceBuffer(bytes);
}

void DeviceBuffers::upload_set(size_t s) {
  const auto& bufs = variant_.buffers;
  forget_kept(s);
  if (inputs_.size() <= s) inputs_.resize(s + 1), ref_inout_inputs_.resize(s + 1);
  inputs_[s].resize(bufs.size());
  ref_inout_inputs_[s].resize(bufs.size());
  for (size_t i = 0; i < bufs.size(); ++i) {
    const auto& host = sets_[s].inputs.size() > i ? sets_[s].inputs[i] : nullptr;
    if (!is_input(bufs[i].role) || bufs[i].elements <= 0 || !host) continue;
    const bool cacheable = device_cache_ && bufs[i].role == BufferRole::In &&
                           sets_[s].kind == SetKind::Regular &&
                           sets_[s].key == std::to_string(sets_[s].seed);
    const std::string key = cacheable ? input_key(bufs[i], sets_[s].seed) : std::string();
    std::shared_ptr<const DeviceBuffer> entry;
    if (device_digests_.size() <= s) device_digests_.resize(s + 1);
    device_digests_[s].resize(bufs.size(), 0);
    if (cacheable) {
      if (DeviceCopy* hit = device_cache_->find(key); hit && hit->buffer->bytes() == host->size) {
        PhaseScope scope("device_cache_copy");
        inputs_[s][i] = input_buffer(s, i, host->size);
        CU_CHECK(cuMemcpyDtoD(inputs_[s][i].ptr(), hit->buffer->ptr(), host->size));
        uint64_t d = (*device_digest_)(inputs_[s][i].ptr(), host->size, nullptr);
        if (d == hit->digest) {
          device_digests_[s][i] = d;
          entry = hit->buffer;
        } else {
          // Changed since it was uploaded: no longer pristine, so neither the entry nor the copy.
          std::fprintf(stderr, "solver-gpu: a cached device input '%s' changed; uploaded again\n",
                       bufs[i].name.c_str());
          device_cache_->erase(key);
        }
      }
    }
    if (!entry) {
      PhaseScope scope("host_upload");
      inputs_[s][i] = input_buffer(s, i, host->size);
      if (host->size) CU_CHECK(cuMemcpyHtoD(inputs_[s][i].ptr(), host->data.get(), host->size));
      if (device_digest_ && is_digested(bufs[i].role))
        device_digests_[s][i] =
            (*device_digest_)(inputs_[s][i].ptr(), inputs_[s][i].bytes(), nullptr);
      if (cacheable) {
        auto copy = std::make_shared<DeviceBuffer>(host->size);
        CU_CHECK(cuMemcpyDtoD(copy->ptr(), inputs_[s][i].ptr(), host->size));
        if (device_cache_->put(key, DeviceCopy{copy, device_digests_[s][i]}, host->size))
          entry = copy;
      }
    }
    if (s == 0 && device_digest_) {  // only the device digest can tell the copy is intact
      if (pristine_.size() < bufs.size()) pristine_.resize(bufs.size());
      if (entry) {
        pristine_[i] = entry;
      } else {
        auto copy = std::make_shared<DeviceBuffer>(host->size);
        CU_CHECK(cuMemcpyDtoD(copy->ptr(), inputs_[s][i].ptr(), host->size));
        pristine_[i] = copy;
      }
    }
    if (bufs[i].role == BufferRole::InOut && reference_bits(bufs[i].dtype)) {
      // A 64-bit integer inout: the reference takes the kernel's own integers (resolve_reference).
      ref_inout_inputs_[s][i] = upload(host->data.get(), host->size);
    } else if (bufs[i].role == BufferRole::InOut) {
      // The reference's float64 copy: exactly the values the kernel sees (make_input's
      // as_double equals to_doubles of its bytes).
      std::vector<double> as_double(size_t(bufs[i].elements));
      to_doubles(host->data.get(), bufs[i].elements, bufs[i].dtype, as_double.data());
      ref_inout_inputs_[s][i] = upload(as_double.data(), as_double.size() * sizeof(double));
    }
  }
}

int DeviceBuffers::add_set(HostSet set) {
  sets_.push_back(std::move(set));
  upload_set(sets_.size() - 1);
  return int(sets_.size()) - 1;
}

void DeviceBuffers::release_set(int set) {
  const size_t s = size_t(set);
  if (set <= 0 || s >= sets_.size() || s < layout_.input.size() || set < engine::kRotationSets)
    return;
  forget_kept(s);
  for (auto* per_set : {&inputs_, &ref_inout_inputs_, &kept_})
    if (s < per_set->size())
      for (DeviceBuffer& d : (*per_set)[s]) d = DeviceBuffer();  // freed
  sets_[s].inputs.assign(sets_[s].inputs.size(), nullptr);
  if (released_.size() <= s) released_.resize(s + 1, false);
  released_[s] = true;
}

std::vector<uint64_t> DeviceBuffers::input_digests(int slot) const {
  std::vector<uint64_t> out;
  if (!device_digest_) return out;
  const auto& bufs = variant_.buffers;
  out.assign(bufs.size(), 0);
  for (size_t i = 0; i < bufs.size(); ++i) {
    const DeviceBuffer& d = inputs_[size_t(slot)][i];
    if (is_digested(bufs[i].role) && d.bytes())
      out[i] = (*device_digest_)(d.ptr(), d.bytes(), nullptr);
  }
  return out;
}

std::string DeviceBuffers::verify_inputs(int slot, int expected) const {
  const auto& bufs = variant_.buffers;
  std::vector<unsigned char>& bytes = readback_;  // kept: its pages are touched once
  for (size_t i = 0; i < bufs.size(); ++i) {
    if (!is_digested(bufs[i].role)) continue;
    const DeviceBuffer& d = inputs_[size_t(slot)][i];
    if (!d.bytes()) continue;
    // On the device: the digest of the buffer now against the one taken at its upload. Equal
    // means unchanged (the key is secret to the kernel); only a difference reads the bytes back.
    if (device_digest_ && size_t(expected) < device_digests_.size() &&
        (*device_digest_)(d.ptr(), d.bytes(), nullptr) == device_digests_[size_t(expected)][i])
      continue;
    // An on_device set has no host bytes to compare with until now (the digest differed).
    if (sets_[size_t(expected)].on_device)
      materialise(variant_, sets_[size_t(sets_[size_t(expected)].base)], sets_[size_t(expected)]);
    bytes.resize(d.bytes());
    CU_CHECK(cuMemcpyDtoH(bytes.data(), d.ptr(), d.bytes()));
    uint64_t got = digest(bytes.data(), bytes.size());
    uint64_t want = sets_[size_t(expected)].digests[i];
    if (got != want) {
      // Where it changed, for the record (the first differing element).
      const auto& host = sets_[size_t(expected)].inputs[i];
      size_t first = 0;
      while (first < bytes.size() && bytes[first] == host->data[first]) ++first;
      size_t elem = first / generators::dtype_size(bufs[i].dtype);
      char hex[24];
      std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)got);
      return "the kernel wrote its input buffer '" + bufs[i].name + "'" +
             (bufs[i].role == BufferRole::InOut ? " (the set's input copy of an in-out buffer)"
                                                : "") +
             " (digest " + hex + " after the run; first changed element " + std::to_string(elem) +
             ")";
    }
  }
  return "";
}

void DeviceBuffers::copy_inputs(int from, int slot, CUstream stream) const {
  forget_kept(size_t(slot));  // the slot holds another set's bytes until restore_inputs
  for (size_t i = 0; i < variant_.buffers.size(); ++i) {
    const DeviceBuffer& src = inputs_[size_t(from)][i];
    const DeviceBuffer& dst = inputs_[size_t(slot)][i];
    if (src.bytes() && src.bytes() == dst.bytes())
      CU_CHECK(cuMemcpyDtoDAsync(dst.ptr(), src.ptr(), src.bytes(), stream));
  }
}

void DeviceBuffers::restore_inputs(int slot) const {
  forget_kept(size_t(slot));
  if (slot == 0 && device_digest_ && !pristine_.empty()) {
    const auto& base = pristine();
    for (size_t i = 0; i < base.size(); ++i)
      if (base[i] && base[i]->bytes() && inputs_[0][i].bytes() == base[i]->bytes())
        CU_CHECK(cuMemcpyDtoD(inputs_[0][i].ptr(), base[i]->ptr(), base[i]->bytes()));
    // A device-to-device cuMemcpy returns before it completes, on the legacy stream, which
    // the worker's non-blocking stream does not wait for: the next run's one-element flip
    // could land first and be overwritten (the audit of P7 found it as a one-element
    // "wrong result" of an honest gather). Every synchronous copy here ends with the context.
    CU_CHECK(cuCtxSynchronize());
    return;
  }
  if (sets_[size_t(slot)].on_device)
    materialise(variant_, sets_[size_t(sets_[size_t(slot)].base)], sets_[size_t(slot)]);
  for (size_t i = 0; i < variant_.buffers.size(); ++i) {
    const DeviceBuffer& dst = inputs_[size_t(slot)][i];
    const auto& host = sets_[size_t(slot)].inputs[i];
    if (dst.bytes() && host) CU_CHECK(cuMemcpyHtoD(dst.ptr(), host->data.get(), host->size));
  }
  CU_CHECK(cuCtxSynchronize());
}

std::vector<CUdeviceptr> DeviceBuffers::variant_args(int set) const {
  std::vector<CUdeviceptr> out(variant_.buffers.size(), 0);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] =
        variant_.buffers[i].role == BufferRole::In ? inputs_[size_t(set)][i].ptr() : work_[i].ptr();
  return out;
}

std::vector<CUdeviceptr> DeviceBuffers::reference_args(int set) const {
  std::vector<CUdeviceptr> out(reference_.buffers.size(), 0);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = reference_.buffers[i].role == BufferRole::In ? inputs_[size_t(set)][i].ptr()
                                                          : ref_work_[i].ptr();
  return out;
}

void DeviceBuffers::prepare_variant_run(int set, CUstream stream) const {
  // No byte of the arena outside the buffers keeps what a run left there (red team 8's slack
  // carry): rewritten before every run with a byte the kernel cannot predict.
  // Its cost is the phase "arena_slack" (waited for here, so the phase holds its device time).
  slack_state_ = slack_state_ * 6364136223846793005ULL + 1442695040888963407ULL;
  if (!slack_.empty()) {
    PhaseScope cost("arena_slack");
    for (const auto& [at, bytes] : slack_)
      CU_CHECK(
          cuMemsetD8Async(arena_.ptr() + at, (unsigned char)(slack_state_ >> 56), bytes, stream));
    CU_CHECK(cuStreamSynchronize(stream));
  }
  for (size_t i : outputs_) {
    const auto& b = variant_.buffers[i];
    if (b.role == BufferRole::InOut) {
      const auto& src = inputs_[size_t(set)][i];
      if (src.bytes()) CU_CHECK(cuMemcpyDtoDAsync(work_[i].ptr(), src.ptr(), src.bytes(), stream));
    } else {
      poison(work_[i], b.zero_before_run, stream);
    }
  }
  // Scratch: a window of the garbage source that moves every run, so a cache kept in scratch
  // (or a kernel that reads scratch before writing it) never sees what the last run left.
  if (garbage_.bytes()) {
    size_t offset = garbage_offset(runs_++, garbage_key_);
    for (size_t i = 0; i < variant_.buffers.size(); ++i)
      if (variant_.buffers[i].role == BufferRole::Scratch && work_[i].bytes())
        CU_CHECK(
            cuMemcpyDtoDAsync(work_[i].ptr(), garbage_.ptr() + offset, work_[i].bytes(), stream));
  }
}

void DeviceBuffers::prepare_reference_run(int set, CUstream stream) const {
  for (size_t i : outputs_) {
    if (i >= reference_.buffers.size()) continue;
    const auto& b = reference_.buffers[i];
    if (b.role == BufferRole::InOut) {
      const auto& src = ref_inout_inputs_[size_t(set)][i];
      if (src.bytes())
        CU_CHECK(cuMemcpyDtoDAsync(ref_work_[i].ptr(), src.ptr(), src.bytes(), stream));
    } else {
      poison(ref_work_[i], b.zero_before_run, stream);
    }
  }
}

void DeviceBuffers::download_variant_output(size_t buffer, PinnedBytes& into) const {
  const DeviceBuffer& b = work_[buffer];
  into.resize(b.bytes());  // page-locked, grow-only: a direct copy (pinned_bytes.h)
  if (b.bytes()) CU_CHECK(cuMemcpyDtoH(into.data(), b.ptr(), b.bytes()));
}

void DeviceBuffers::clear_reference_output(const DeviceBuffer& b) const {
  // The reference's answer leaves the device once read (zeroed there): a candidate that found
  // this allocation next to its own buffers would read the answer it is checked against
  // (issue 28, hole 5). Cost: one memset per reference output read, no host traffic.
  if (!b.bytes()) return;
  CU_CHECK(cuMemsetD8(b.ptr(), 0, b.bytes()));
  // A device memset may return before it lands, on the legacy stream: ended with the context
  // so it cannot fall after the next reference run's preparation on the worker's stream.
  CU_CHECK(cuCtxSynchronize());
}

HostDoubles DeviceBuffers::read_reference_output(size_t buffer) const {
  const DeviceBuffer& b = ref_work_[buffer];
  DType dtype = reference_.buffers[buffer].dtype;
  if (dtype == DType::F64) {
    // float64 (the usual case): straight into the doubles, no intermediate byte copy.
    HostDoubles out(b.bytes() / sizeof(double));
    {
      PhaseScope touch("touch");  // timed apart: the next cut is chosen from these figures
      // A recycled block's pages are resident already (block_pool.h): nothing to fault in.
      if (!host_block_pool().recycled(out.data()))
        touch_pages(out.data(), out.size() * sizeof(double));
    }
    {
      PhaseScope copy("copy");
      if (!out.empty()) CU_CHECK(cuMemcpyDtoH(out.data(), b.ptr(), out.size() * sizeof(double)));
    }
    clear_reference_output(b);
    return out;
  }
  std::vector<unsigned char> bytes = download(b);
  clear_reference_output(b);
  HostDoubles out(bytes.size() / generators::dtype_size(dtype));
  reference_values(bytes.data(), int64_t(out.size()), dtype, out.data());  // I64/U64: bits
  return out;
}

void DeviceBuffers::read_reference_output(size_t buffer, PinnedBytes& into) const {
  const DeviceBuffer& b = ref_work_[buffer];
  DType dtype = reference_.buffers[buffer].dtype;
  const size_t n = b.bytes() / generators::dtype_size(dtype);
  {
    // Named as the fresh buffer's first touch above: here it is the growth of `into` (its pages
    // locked by cuMemAllocHost), ~0 once `into` has held an output of this size.
    PhaseScope touch("touch");
    into.resize(n * sizeof(double));
  }
  if (dtype == DType::F64) {
    PhaseScope copy("copy");
    if (n) CU_CHECK(cuMemcpyDtoH(into.data(), b.ptr(), n * sizeof(double)));
  } else {
    std::vector<unsigned char> bytes = download(b);
    reference_values(bytes.data(), int64_t(n), dtype, reinterpret_cast<double*>(into.data()));
  }
  clear_reference_output(b);
}

}  // namespace solver::gpu
