// corpus_fresh13: opencv_clahe_calc_lut -- OpenCV, cudaimgproc CLAHE: clahe::calcLutKernel, the
// first of cv::cuda::CLAHE's two kernels: one block per tile builds the tile's 256-bin histogram
// with shared-memory atomics, clips it and redistributes the excess, and writes the scaled
// cumulative histogram as the tile's lookup table. Rewritten for the problem format (see
// README.md).

// OpenCV's reduce<256>(smem, val, tid, plus<int>()): a block sum left in val of thread 0
__device__ __forceinline__ void block_reduce_256(int* smem, int& val, unsigned int tid) {
  smem[tid] = val;
  __syncthreads();
  for (unsigned int s = 128; s > 0; s >>= 1) {
    if (tid < s) smem[tid] = val = val + smem[tid + s];
    __syncthreads();
  }
}

// OpenCV's blockScanInclusive<256>: warp scans by shuffle, then the warps' totals
__device__ __forceinline__ int block_scan_inclusive_256(int val, int* smem, unsigned int tid) {
  const unsigned int lane = tid & 31, warp = tid >> 5;
  for (int o = 1; o < 32; o <<= 1) {
    const int n = __shfl_up_sync(0xffffffff, val, o);
    if (lane >= o) val += n;
  }
  __syncthreads();
  if (lane == 31) smem[warp] = val;
  __syncthreads();
  if (warp == 0) {
    int w = lane < 8 ? smem[lane] : 0;
    for (int o = 1; o < 8; o <<= 1) {
      const int n = __shfl_up_sync(0xffffffff, w, o);
      if (lane >= o) w += n;
    }
    if (lane < 8) smem[lane] = w;
  }
  __syncthreads();
  return warp > 0 ? val + smem[warp - 1] : val;
}

extern "C" __global__ void calcLutKernel(const unsigned char* src, int src_step, unsigned char* lut,
                                         int lut_step, int tileSize_x, int tileSize_y, const int tilesX,
                                         const int clipLimit, const float lutScale) {
  __shared__ int smem[512];

  const int tx = blockIdx.x;
  const int ty = blockIdx.y;
  const unsigned int tid = threadIdx.y * blockDim.x + threadIdx.x;

  smem[tid] = 0;
  __syncthreads();

  // the tile's histogram, one shared-memory atomic per pixel
  for (int i = threadIdx.y; i < tileSize_y; i += blockDim.y) {
    const unsigned char* srcPtr = src + (long long)(ty * tileSize_y + i) * src_step + tx * tileSize_x;
    for (int j = threadIdx.x; j < tileSize_x; j += blockDim.x) {
      const int data = srcPtr[j];
      atomicAdd(&smem[data], 1);
    }
  }
  __syncthreads();

  int tHistVal = smem[tid];
  __syncthreads();

  if (clipLimit > 0) {
    // clip the bar
    int clipped = 0;
    if (tHistVal > clipLimit) {
      clipped = tHistVal - clipLimit;
      tHistVal = clipLimit;
    }
    // how many samples were clipped in all
    block_reduce_256(smem, clipped, tid);
    __shared__ int totalClipped;
    if (tid == 0) totalClipped = clipped;
    __syncthreads();

    // spread them evenly
    int redistBatch = totalClipped / 256;
    tHistVal += redistBatch;
    int residual = totalClipped - redistBatch * 256;
    if (tid < residual) ++tHistVal;
  }

  const int lutVal = block_scan_inclusive_256(tHistVal, smem, tid);
  const int v = __float2int_rn(lutScale * lutVal);
  lut[(ty * tilesX + tx) * lut_step + tid] = (unsigned char)min(max(v, 0), 255);
}
