#include "engine/backend/gpu/tensor_map_encode.h"

#include <array>

#include "engine/backend/gpu/cuda_driver.h"

namespace solver::gpu {
namespace {

CUtensorMapDataType data_type(generators::DType d) {
  using generators::DType;
  switch (d) {
    case DType::F16:
      return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
    case DType::BF16:
      return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
    case DType::F32:
      return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
    case DType::F64:
      return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
    case DType::I32:
      return CU_TENSOR_MAP_DATA_TYPE_INT32;
    case DType::U32:
      return CU_TENSOR_MAP_DATA_TYPE_UINT32;
    case DType::I64:
      return CU_TENSOR_MAP_DATA_TYPE_INT64;
    case DType::U64:
      return CU_TENSOR_MAP_DATA_TYPE_UINT64;
  }
  return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
}

CUtensorMapSwizzle swizzle(int bytes) {
  switch (bytes) {
    case 32:
      return CU_TENSOR_MAP_SWIZZLE_32B;
    case 64:
      return CU_TENSOR_MAP_SWIZZLE_64B;
    case 128:
      return CU_TENSOR_MAP_SWIZZLE_128B;
    default:
      return CU_TENSOR_MAP_SWIZZLE_NONE;
  }
}

}  // namespace

CUtensorMap encode_tensor_map(const generators::ResolvedTensorMap& m, CUdeviceptr base) {
  const auto rank = static_cast<cuuint32_t>(m.dims.size());
  std::array<cuuint64_t, 5> dims{}, strides{};
  std::array<cuuint32_t, 5> box{}, elem_strides{};
  for (size_t i = 0; i < m.dims.size() && i < 5; ++i) {
    dims[i] = cuuint64_t(m.dims[i]);
    box[i] = cuuint32_t(m.box.at(i));
    elem_strides[i] = 1;
  }
  for (size_t i = 0; i < m.strides.size() && i < 4; ++i) strides[i] = cuuint64_t(m.strides[i]);
  CUtensorMap out;
  CU_CHECK(cuTensorMapEncodeTiled(
      &out, data_type(m.dtype), rank, reinterpret_cast<void*>(base), dims.data(), strides.data(),
      box.data(), elem_strides.data(), CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle(m.swizzle_bytes),
      CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  return out;
}

const CUtensorMap& TensorMapCache::get(const generators::ResolvedTensorMap& m, int index,
                                       CUdeviceptr base) {
  auto key = std::make_pair(index, base);
  auto it = maps_.find(key);
  if (it == maps_.end()) it = maps_.emplace(key, encode_tensor_map(m, base)).first;
  return it->second;
}

}  // namespace solver::gpu
