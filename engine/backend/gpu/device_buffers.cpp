#include "engine/backend/gpu/device_buffers.h"

#include "engine/backend/gpu/host_data.h"

namespace solver::gpu {
namespace {

using generators::BufferRole;
using generators::DType;

bool is_input(BufferRole r) { return r == BufferRole::In || r == BufferRole::InOut; }
bool is_output(BufferRole r) { return r == BufferRole::Out || r == BufferRole::InOut; }

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
                             const std::vector<uint64_t>& seeds, InputCache* cache)
    : variant_(variant), reference_(reference), seeds_(seeds) {
  const auto& bufs = variant_.buffers;
  for (size_t i = 0; i < bufs.size(); ++i)
    if (is_output(bufs[i].role)) outputs_.push_back(i);
  inputs_.resize(seeds_.size());
  ref_inout_inputs_.resize(seeds_.size());
  for (size_t s = 0; s < seeds_.size(); ++s) {
    inputs_[s].resize(bufs.size());
    ref_inout_inputs_[s].resize(bufs.size());
    for (size_t i = 0; i < bufs.size(); ++i) {
      if (!is_input(bufs[i].role) || bufs[i].elements <= 0) continue;
      auto host = cache ? cache->get(bufs[i], seeds_[s]) : generate_input(bufs[i], seeds_[s]);
      inputs_[s][i] = upload(host->data.get(), host->size);
      if (bufs[i].role == BufferRole::InOut) {
        // The reference's float64 copy: exactly the values the kernel sees (make_input's
        // as_double equals to_doubles of its bytes).
        std::vector<double> as_double(size_t(bufs[i].elements));
        to_doubles(host->data.get(), bufs[i].elements, bufs[i].dtype, as_double.data());
        ref_inout_inputs_[s][i] = upload(as_double.data(), as_double.size() * sizeof(double));
      }
    }
  }
  work_.resize(bufs.size());
  ref_work_.resize(bufs.size());
  for (size_t i = 0; i < bufs.size(); ++i) {
    if (bufs[i].role != BufferRole::In && bufs[i].elements > 0) work_[i] = DeviceBuffer(size_t(bufs[i].bytes));
    if (i < reference_.buffers.size()) {
      const auto& rb = reference_.buffers[i];
      if (rb.role != BufferRole::In && rb.elements > 0) ref_work_[i] = DeviceBuffer(size_t(rb.bytes));
    }
  }
}

std::vector<CUdeviceptr> DeviceBuffers::variant_args(int set) const {
  std::vector<CUdeviceptr> out(variant_.buffers.size(), 0);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = variant_.buffers[i].role == BufferRole::In ? inputs_[size_t(set)][i].ptr() : work_[i].ptr();
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
  for (size_t i : outputs_) {
    const auto& b = variant_.buffers[i];
    if (b.role == BufferRole::InOut) {
      const auto& src = inputs_[size_t(set)][i];
      if (src.bytes()) CU_CHECK(cuMemcpyDtoDAsync(work_[i].ptr(), src.ptr(), src.bytes(), stream));
    } else {
      poison(work_[i], b.zero_before_run, stream);
    }
  }
}

void DeviceBuffers::prepare_reference_run(int set, CUstream stream) const {
  for (size_t i : outputs_) {
    if (i >= reference_.buffers.size()) continue;
    const auto& b = reference_.buffers[i];
    if (b.role == BufferRole::InOut) {
      const auto& src = ref_inout_inputs_[size_t(set)][i];
      if (src.bytes()) CU_CHECK(cuMemcpyDtoDAsync(ref_work_[i].ptr(), src.ptr(), src.bytes(), stream));
    } else {
      poison(ref_work_[i], b.zero_before_run, stream);
    }
  }
}

void DeviceBuffers::download_variant_output(size_t buffer, std::vector<unsigned char>& into) const {
  const DeviceBuffer& b = work_[buffer];
  into.resize(b.bytes());
  if (b.bytes()) CU_CHECK(cuMemcpyDtoH(into.data(), b.ptr(), b.bytes()));
}

HostDoubles DeviceBuffers::read_reference_output(size_t buffer) const {
  const DeviceBuffer& b = ref_work_[buffer];
  DType dtype = reference_.buffers[buffer].dtype;
  if (dtype == DType::F64) {
    // float64 (the usual case): straight into the doubles, no intermediate byte copy.
    HostDoubles out(b.bytes() / sizeof(double));
    touch_pages(out.data(), out.size() * sizeof(double));
    if (!out.empty()) CU_CHECK(cuMemcpyDtoH(out.data(), b.ptr(), out.size() * sizeof(double)));
    return out;
  }
  std::vector<unsigned char> bytes = download(b);
  HostDoubles out(bytes.size() / generators::dtype_size(dtype));
  to_doubles(bytes.data(), int64_t(out.size()), dtype, out.data());
  return out;
}

}  // namespace solver::gpu
