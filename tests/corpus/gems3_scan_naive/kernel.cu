// corpus: gems3_scan_naive -- from GPU Gems 3, ch. 39 'Parallel Prefix Sum (Scan) with CUDA' (Harris, Sengupta, Owens), NVIDIA, Example 39-1, scan_naive (Hillis-Steele, double-buffered) @ -
// license: book listing published free online by NVIDIA (developer.nvidia.com/gpugems); educational use
// adapted: extern "C"; each block scans its own 1024-element segment (the listing scans one block); exclusive scan as in the listing
extern "C" __global__ void scan_naive(float *g_odata, float *g_idata)
{
  extern __shared__ float temp[]; // allocated on invocation
  int n = blockDim.x;
  int thid = threadIdx.x;
  g_idata += blockIdx.x * n; g_odata += blockIdx.x * n;  // corpus: one segment per block
  int pout = 0, pin = 1;
  // Load input into shared memory.
  // This is exclusive scan, so shift right by one and set first element to 0
  temp[pout*n + thid] = (thid > 0) ? g_idata[thid-1] : 0;
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2)
  {
    pout = 1 - pout; // swap double buffer indices
    pin = 1 - pout;
    if (thid >= offset)
      temp[pout*n+thid] = temp[pin*n+thid] + temp[pin*n+thid - offset];
    else
      temp[pout*n+thid] = temp[pin*n+thid];
    __syncthreads();
  }
  g_odata[thid] = temp[pout*n+thid]; // write output
}
