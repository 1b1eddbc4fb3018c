// control_hon19_cub_block_radix_sort child: CUB's block-wide radix sort (NVIDIA/cccl,
// Apache-2.0 with LLVM exception) on float keys, as segmented sorts use it (written here):
// BlockLoad with a warp transpose, BlockRadixSort<float, 256, 8>::Sort (all 32 bits, 4 a pass),
// BlockStore with a warp transpose. The temp storages share shared memory through a union.
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_store.cuh>

extern "C" __global__ void __launch_bounds__(256) sort_cub(const float* keys, float* out, int n) {
  using Load = cub::BlockLoad<float, 256, 8, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Sort = cub::BlockRadixSort<float, 256, 8>;
  using Store = cub::BlockStore<float, 256, 8, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Sort::TempStorage sort;
    typename Store::TempStorage store;
  } tmp;
  float k[8];
  const size_t base = (size_t)blockIdx.x * 2048;
  Load(tmp.load).Load(keys + base, k);
  __syncthreads();
  Sort(tmp.sort).Sort(k);
  __syncthreads();
  Store(tmp.store).Store(out + base, k);
}
