#include "engine/backend/gpu/pinned_bytes.h"

#include <cuda.h>

#include <cstdlib>
#include <new>
#include <string>
#include <utility>

namespace solver::gpu {

bool PinnedBytes::pageable_only() {
  static const bool off = [] {
    const char* v = std::getenv("SOLVER_PAGEABLE_READBACK");
    return v && std::string(v) == "1";
  }();
  return off;
}

PinnedBytes::~PinnedBytes() { release(); }

PinnedBytes::PinnedBytes(PinnedBytes&& o) noexcept
    : data_(o.data_), size_(o.size_), capacity_(o.capacity_), pinned_(o.pinned_) {
  o.data_ = nullptr;
  o.size_ = o.capacity_ = 0;
  o.pinned_ = false;
}

PinnedBytes& PinnedBytes::operator=(PinnedBytes&& o) noexcept {
  if (this != &o) {
    release();
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
    std::swap(pinned_, o.pinned_);
  }
  return *this;
}

void PinnedBytes::release() {
  if (data_) {
    if (pinned_)
      cuMemFreeHost(data_);  // an error here leaves nothing to undo
    else
      delete[] data_;
  }
  data_ = nullptr;
  size_ = capacity_ = 0;
  pinned_ = false;
}

void PinnedBytes::resize(size_t n) {
  if (n <= capacity_) {
    size_ = n;
    return;
  }
  release();
  void* p = nullptr;
  if (!pageable_only() && cuMemAllocHost(&p, n) == CUDA_SUCCESS && p) {
    data_ = static_cast<unsigned char*>(p);
    pinned_ = true;
  } else {
    data_ = new unsigned char[n];
    pinned_ = false;
  }
  size_ = capacity_ = n;
}

}  // namespace solver::gpu
