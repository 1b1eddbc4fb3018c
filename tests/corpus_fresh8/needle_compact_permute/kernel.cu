// corpus_fresh8: needle_compact_permute -- CMU 10-714 (Deep Learning Systems) homework 3, the
// needle CUDA backend's CompactKernel as a student solution writes it (Camuslu/dlsyscourse-hw3,
// src/ndarray_backend_cuda.cu): one thread per element of the compact output, the
// multi-dimensional index recovered from the flat one by dividing by the cumulative products of
// the shape (CumProd, GetIndex), then the strided source offset. Used by needle's permute ->
// compact, here the attention head split (B, T, H, D) -> (B, H, T, D). Rewritten for the problem
// format (see README.md).
// NVRTC has no <stdint.h>: the two fixed-width types the backend uses
typedef unsigned int uint32_t;
typedef int int32_t;

#define MAX_VEC_SIZE 8
struct CudaVec {
  uint32_t size;
  int32_t data[MAX_VEC_SIZE];
};

// <2, 3, 4> => <12, 4, 1>
__device__ CudaVec CumProd(CudaVec shape) {
  uint32_t dims = shape.size;
  CudaVec modulos;
  modulos.size = dims;
  uint32_t product = 1;
  modulos.data[dims - 1] = 1;
  for (size_t i = dims - 1; i > 0; --i) {
    product *= shape.data[i];
    modulos.data[i - 1] = product;
  }
  return modulos;
}

// i = 13, modulos = <12, 4, 1> => <1, 0, 1>
__device__ CudaVec GetIndex(size_t i, CudaVec modulos) {
  uint32_t dims = modulos.size;
  CudaVec fullIndex;
  fullIndex.size = dims;
  for (size_t idx = 0; idx < dims; idx++) {
    int moduloAtIdx = i / modulos.data[idx];
    i -= moduloAtIdx * modulos.data[idx];
    fullIndex.data[idx] = moduloAtIdx;
  }
  return fullIndex;
}

__device__ void CompactKernel(const float* a, float* out, size_t size, CudaVec shape,
                              CudaVec strides, size_t offset) {
  size_t gid = blockIdx.x * blockDim.x + threadIdx.x;
  // The solution has no gid < size test; the launch covers size exactly here.
  uint32_t dims = shape.size;
  CudaVec modulos = CumProd(shape);
  CudaVec fullIndex = GetIndex(gid, modulos);
  size_t real_index = offset;
  for (int dimIdx = 0; dimIdx < dims; dimIdx++) {
    int32_t stride = strides.data[dimIdx];
    int32_t coordinate = fullIndex.data[dimIdx];
    real_index += stride * coordinate;
  }
  out[gid] = a[real_index];
}

// The host passes shape and strides as CudaVec structs by value (VecToCuda); the problem format
// passes scalars, so the entry rebuilds the two structs from a rank and four entries each.
extern "C" __global__ void needle_CompactKernel(const float* a, float* out, unsigned long long size,
                                                unsigned int ndim, int sh0, int sh1, int sh2,
                                                int sh3, int st0, int st1, int st2, int st3,
                                                unsigned long long offset) {
  CudaVec shape, strides;
  shape.size = ndim;
  strides.size = ndim;
  shape.data[0] = sh0, shape.data[1] = sh1, shape.data[2] = sh2, shape.data[3] = sh3;
  strides.data[0] = st0, strides.data[1] = st1, strides.data[2] = st2, strides.data[3] = st3;
  CompactKernel(a, out, size, shape, strides, offset);
}
