#include "engine/backend/gpu/device_digest.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

#include "engine/backend/gpu/keyed_digest.h"
#include "engine/backend/gpu/worker_module.h"
#include "generators/nvrtc_compiler.h"

namespace solver::gpu {

DeviceDigest::DeviceDigest(const std::string& arch) : sum_(sizeof(unsigned long long)) {
  auto compiled = generators::nvrtc_compile(keyed_digest_source(), "solver_digest.cu",
                                            {"--gpu-architecture=" + arch, "-default-device"});
  module_ = load_worker_module(compiled, "the digest kernel does");
  CU_CHECK(cuModuleGetFunction(&fn_, module_, "solver_digest"));
  std::random_device rd;
  key_ = (uint64_t(rd()) << 32) ^ uint64_t(rd());
  blocks_ = grid_stride_blocks();
  // Self-check against the host function on a buffer with a partial last word: a digest that
  // disagreed would call every honest kernel an input mutator (or, worse, miss one).
  std::vector<unsigned char> probe(4096 + 5);
  for (size_t i = 0; i < probe.size(); ++i) probe[i] = static_cast<unsigned char>(i * 131 + 7);
  DeviceBuffer d(probe.size());
  CU_CHECK(cuMemcpyHtoD(d.ptr(), probe.data(), probe.size()));
  if ((*this)(d.ptr(), probe.size(), nullptr) != keyed_digest(probe.data(), probe.size(), key_))
    throw std::runtime_error(
        "the device digest disagrees with its host definition on a probe buffer");
}

DeviceDigest::~DeviceDigest() {
  if (module_) cuModuleUnload(module_);
}

uint64_t DeviceDigest::operator()(CUdeviceptr p, size_t bytes, CUstream stream) const {
  unsigned long long n_words = bytes / 8, tail_bytes = bytes % 8, tail = 0;
  if (tail_bytes) {  // the partial last word, read on the host (under 8 bytes)
    unsigned char t[8] = {};
    CU_CHECK(cuMemcpyDtoH(t, p + n_words * 8, size_t(tail_bytes)));
    for (unsigned long long b = tail_bytes; b-- > 0;) tail = (tail << 8) | t[b];
  }
  CU_CHECK(cuMemsetD8Async(sum_.ptr(), 0, sizeof(unsigned long long), stream));
  CUdeviceptr words = p, sum = sum_.ptr();
  unsigned long long key = key_;
  void* args[] = {&words, &n_words, &tail, &tail_bytes, &key, &sum};
  unsigned blocks = unsigned(std::min<unsigned long long>(
      uint64_t(blocks_), std::max<unsigned long long>(1, (n_words + 255) / 256)));
  CU_CHECK(cuLaunchKernel(fn_, blocks, 1, 1, 256, 1, 1, 0, stream, args, nullptr));
  unsigned long long out = 0;
  CU_CHECK(cuMemcpyDtoHAsync(&out, sum_.ptr(), sizeof out, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  return out;
}

}  // namespace solver::gpu
