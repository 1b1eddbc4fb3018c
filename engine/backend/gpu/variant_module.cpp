#include "engine/backend/gpu/variant_module.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "engine/backend/gpu/host_data.h"

namespace solver::gpu {
namespace {

using generators::DType;

// What caps occupancy, by the CUDA occupancy calculator's arithmetic (registers are allocated
// per warp in units of 256, shared memory with a 1 KiB per-block reservation).
std::string occupancy_limiter(const KernelAttributes& a, int64_t threads, int64_t dyn_smem,
                              const DeviceContext& ctx) {
  int64_t warps = (threads + 31) / 32;
  int64_t max_warps = ctx.attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR) / 32;
  int64_t by_warps = warps ? max_warps / warps : 0;
  int64_t by_blocks = ctx.attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
  int64_t regs_per_warp = ((int64_t(a.regs) * 32 + 255) / 256) * 256;
  int64_t by_regs = regs_per_warp && warps
                        ? ctx.attribute(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR) /
                              (regs_per_warp * warps)
                        : by_blocks;
  int64_t smem = a.static_smem + dyn_smem;
  int64_t by_smem =
      smem ? ctx.attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR) / (smem + 1024)
           : by_blocks;
  // The SM's own caps first: min_element keeps the first of equal limits, and a resource whose
  // limit only ties with a cap the SM sets does not bind (no shared memory "limits" one-warp
  // blocks to the 32-block cap; helper c37).
  std::array<std::pair<int64_t, const char*>, 4> limits{
      {{by_blocks, "blocks"}, {by_warps, "warps"}, {by_regs, "registers"}, {by_smem, "smem"}}};
  auto best = std::min_element(limits.begin(), limits.end(),
                               [](const auto& x, const auto& y) { return x.first < y.first; });
  return best->second;
}

}  // namespace

VariantModule::VariantModule(const generators::ResolvedVariant& variant, const std::string& cubin,
                             const DeviceContext& ctx)
    : variant_(variant) {
  CU_CHECK(cuModuleLoadData(&module_, cubin.data()));
  for (const auto& l : variant_.launches) {
    CUfunction f = nullptr;
    CU_CHECK(cuModuleGetFunction(&f, module_, l.entry.c_str()));
    if (l.smem_bytes > 48 * 1024)
      CU_CHECK(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                  int(l.smem_bytes)));
    KernelAttributes a;
    CU_CHECK(cuFuncGetAttribute(&a.regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
    CU_CHECK(cuFuncGetAttribute(&a.static_smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f));
    CU_CHECK(cuFuncGetAttribute(&a.local_bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, f));
    CU_CHECK(cuFuncGetAttribute(&a.max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
    if (l.threads_per_block() <= a.max_threads)
      CU_CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(
          &a.blocks_per_sm, f, int(l.threads_per_block()), size_t(l.smem_bytes)));
    a.limiter = occupancy_limiter(a, l.threads_per_block(), l.smem_bytes, ctx);
    functions_.push_back(f);
    attrs_.push_back(a);
  }
}

VariantModule::~VariantModule() {
  if (module_) cuModuleUnload(module_);
}

void VariantModule::launch(CUstream stream, const std::vector<CUdeviceptr>& buffers) const {
  for (size_t i = 0; i < variant_.launches.size(); ++i) {
    const auto& l = variant_.launches[i];
    // Each argument gets a slot of a CUtensorMap's size and alignment (128 bytes); a scalar's
    // kernel parameter reads only its own width from it.
    struct alignas(alignof(CUtensorMap)) Slot {
      unsigned char bytes[sizeof(CUtensorMap)];
    };
    static_assert(sizeof(Slot) == 128);
    std::vector<Slot> storage(l.args.size());
    std::vector<void*> params(l.args.size());
    for (size_t k = 0; k < l.args.size(); ++k) {
      const auto& arg = l.args[k];
      auto* slot = storage[k].bytes;
      std::memset(slot, 0, sizeof storage[k].bytes);
      if (arg.kind == generators::ResolvedArg::Kind::Buffer) {
        CUdeviceptr p = buffers.at(size_t(arg.index));
        std::memcpy(slot, &p, sizeof p);
      } else if (arg.kind == generators::ResolvedArg::Kind::TensorMap) {
        const auto& m = variant_.tensor_maps.at(size_t(arg.index));
        const CUtensorMap& map = tensor_maps_.get(m, arg.index, buffers.at(size_t(m.buffer)));
        std::memcpy(slot, &map, sizeof map);
      } else {
        const auto& s = variant_.scalars.at(size_t(arg.index));
        switch (s.dtype) {
          case DType::F32: {
            float v = float(s.value);
            std::memcpy(slot, &v, 4);
            break;
          }
          case DType::F64: {
            double v = s.value;
            std::memcpy(slot, &v, 8);
            break;
          }
          case DType::I64: {
            int64_t v = int64_t(s.value);
            std::memcpy(slot, &v, 8);
            break;
          }
          case DType::U64: {
            uint64_t v = uint64_t(s.value);
            std::memcpy(slot, &v, 8);
            break;
          }
          case DType::U32: {
            uint32_t v = uint32_t(s.value);
            std::memcpy(slot, &v, 4);
            break;
          }
          case DType::I32: {
            int32_t v = int32_t(s.value);
            std::memcpy(slot, &v, 4);
            break;
          }
          case DType::F16: {
            uint16_t h = half_bits(s.value);
            std::memcpy(slot, &h, 2);
            break;
          }
          case DType::BF16: {
            uint16_t h = bf16_bits(s.value);
            std::memcpy(slot, &h, 2);
            break;
          }
        }
      }
      params[k] = slot;
    }
    CU_CHECK(cuLaunchKernel(functions_[i], unsigned(l.grid[0]), unsigned(l.grid[1]),
                            unsigned(l.grid[2]), unsigned(l.block[0]), unsigned(l.block[1]),
                            unsigned(l.block[2]), unsigned(l.smem_bytes), stream,
                            params.empty() ? nullptr : params.data(), nullptr));
  }
}

bool VariantModule::global(const std::string& name, CUdeviceptr* ptr, size_t* bytes) const {
  return cuModuleGetGlobal(ptr, bytes, module_, name.c_str()) == CUDA_SUCCESS;
}

profiling::LaunchAttributes VariantModule::launch_attributes(size_t i) const {
  const auto& l = variant_.launches.at(i);
  const auto& a = attrs_.at(i);
  profiling::LaunchAttributes out;
  out.regs_per_thread = a.regs;
  out.static_smem_bytes = a.static_smem;
  out.dynamic_smem_bytes = double(l.smem_bytes);
  out.local_bytes_per_thread = a.local_bytes;
  out.block_threads = double(l.threads_per_block());
  out.grid_blocks = double(l.grid[0] * l.grid[1] * l.grid[2]);
  out.max_active_blocks_per_sm = a.blocks_per_sm;
  out.occupancy_limiter = a.limiter;
  return out;
}

}  // namespace solver::gpu
