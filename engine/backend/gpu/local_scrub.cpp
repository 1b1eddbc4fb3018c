#include "engine/backend/gpu/local_scrub.h"

#include <algorithm>
#include <random>
#include <stdexcept>

#include "engine/backend/gpu/local_scrub_source.h"
#include "engine/backend/gpu/variant_module.h"
#include "engine/backend/gpu/worker_module.h"
#include "generators/nvrtc_compiler.h"

namespace solver::gpu {
namespace {

constexpr int kBlock = 256;

}  // namespace

LocalScrub::LocalScrub(std::string arch) : arch_(std::move(arch)), sink_(sizeof(unsigned)) {
  std::random_device rd;
  state_ = (uint64_t(rd()) << 32) ^ uint64_t(rd());
}

LocalScrub::~LocalScrub() {
  for (auto& [words, k] : kernels_)
    if (k.module) cuModuleUnload(k.module);
}

const LocalScrub::Kernel& LocalScrub::kernel(int words) {
  auto it = kernels_.find(words);
  if (it != kernels_.end()) return it->second;
  auto compiled = generators::nvrtc_compile(local_scrub_source(), "solver_local_scrub.cu",
                                            local_scrub_options(arch_, words));
  Kernel k;
  k.module = load_worker_module(compiled, "the local-memory scrub does");
  CU_CHECK(cuModuleGetFunction(&k.fn, k.module, "solver_local_scrub"));
  const int sms = device_sm_count();
  int per_sm = 0;
  CU_CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k.fn, kBlock, 0));
  // Every warp slot of every SM at once: the blocks the SMs can hold together, all resident.
  k.blocks = unsigned(std::max(1, sms) * std::max(1, per_sm));
  return kernels_.emplace(words, k).first->second;
}

void LocalScrub::operator()(int bytes_per_thread, CUstream stream) {
  if (bytes_per_thread <= 0) return;
  const Kernel& k = kernel(std::max(2, (bytes_per_thread + 3) / 4));  // one word: a register
  state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
  unsigned v = unsigned(state_ >> 32);
  CUdeviceptr sink = sink_.ptr();
  void* args[] = {&v, &sink};
  CU_CHECK(cuLaunchKernel(k.fn, k.blocks, 1, 1, kBlock, 1, 1, 0, stream, args, nullptr));
}

int local_frame_bytes(const VariantModule& m) {
  int most = 0;
  for (const auto& a : m.attributes()) most = std::max(most, a.local_bytes);
  return most;
}

}  // namespace solver::gpu
