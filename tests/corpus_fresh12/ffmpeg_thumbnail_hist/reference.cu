// Reference for corpus_fresh12 ffmpeg_thumbnail_hist (written for the corpus): the 256-bin
// histogram of an 8-bit plane (bytes of the u32 words, little-endian, pitch in bytes), one
// block per bin, counts summed in shared memory and written as float64.
extern "C" __global__ void thumbnail_hist_ref(int width, int height, int pitch,
                                              const unsigned int* words, double* histogram) {
  __shared__ double part[256];
  const unsigned char* src = (const unsigned char*)words;
  const int bin = blockIdx.x;
  double c = 0;
  for (long long p = threadIdx.x; p < (long long)width * height; p += blockDim.x) {
    const long long y = p / width, x = p % width;
    c += src[y * pitch + x] == bin;
  }
  part[threadIdx.x] = c;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if ((int)threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) histogram[bin] = part[0];
}
