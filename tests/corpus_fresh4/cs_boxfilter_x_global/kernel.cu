// corpus_fresh4: cs_boxfilter_x_global -- from NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/boxFilter/boxFilter_kernel.cu: d_boxfilter_x_global and
// d_boxfilter_x (the sliding-window row pass, one thread per image row, launched
// <<<height / nthreads, nthreads>>>); the sample's own note: "the x (row) pass suffers from
// uncoalesced global memory reads, since each thread is reading from a different row"
// license: BSD-3-Clause (NVIDIA CORPORATION); written here in the sample's form
// adapted: extern "C" on the kernel; the device function body as in the sample
__device__ void d_boxfilter_x(float* id, float* od, int w, int h, int r) {
  float scale = 1.0f / (float)((r << 1) + 1);

  float t;
  // do left edge
  t = id[0] * r;

  for (int x = 0; x < (r + 1); x++) {
    t += id[x];
  }

  od[0] = t * scale;

  for (int x = 1; x < (r + 1); x++) {
    t += id[x + r];
    t -= id[0];
    od[x] = t * scale;
  }

  // main loop
  for (int x = (r + 1); x < w - r; x++) {
    t += id[x + r];
    t -= id[x - r - 1];
    od[x] = t * scale;
  }

  // do right edge
  for (int x = w - r; x < w; x++) {
    t += id[w - 1];
    t -= id[x - r - 1];
    od[x] = t * scale;
  }
}

extern "C" __global__ void d_boxfilter_x_global(float* id, float* od, int w, int h, int r) {
  unsigned int y = blockIdx.x * blockDim.x + threadIdx.x;
  d_boxfilter_x(&id[y * w], &od[y * w], w, h, r);
}
