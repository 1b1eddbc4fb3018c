// A dp4a GEMM tile (red team 10): a block of 16 x 16 threads computes a 64 x 64 tile of int32
// dot products, 4 x 4 a thread, K in steps of 64 int8 values (16 packed words) staged in
// shared memory. The words come from the including kernel's loaders, load_a(r, w) and
// load_b(r, w): the packed int8 word at K word w of the tile's row r (0..63) of A and of B.
// Used by tests/cheats/redteam10_dp4a_beside_index (the words narrowed from floats: a cheat)
// and control_redteam10_dp4a_w8a8_tiles (the words read from int8 buffers: honest).
#pragma once

template <class LoadA, class LoadB>
__device__ __forceinline__ void dp4a_tile_64(int K4, LoadA load_a, LoadB load_b, int (&acc)[4][4]) {
  __shared__ int As[64][17], Bs[64][17];
  const int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
  const int lr = t / 4, lw = (t % 4) * 4;  // thread t stages row t / 4, words 4 (t % 4) ..
  for (int k0 = 0; k0 < K4; k0 += 16) {
#pragma unroll
    for (int w = 0; w < 4; ++w) {
      As[lr][lw + w] = load_a(lr, k0 + lw + w);
      Bs[lr][lw + w] = load_b(lr, k0 + lw + w);
    }
    __syncthreads();
#pragma unroll
    for (int kw = 0; kw < 16; ++kw) {
      int a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) a[i] = As[ty * 4 + i][kw], b[i] = Bs[tx * 4 + i][kw];
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
}
