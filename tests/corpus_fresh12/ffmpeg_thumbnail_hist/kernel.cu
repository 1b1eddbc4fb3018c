// corpus_fresh12: ffmpeg_thumbnail_hist -- FFmpeg, libavfilter/vf_thumbnail_cuda.cu,
// Thumbnail_uchar: the thumbnail_cuda filter's per-frame histogram of an 8-bit plane, one
// thread per pixel on 32 x 16 blocks, one global atomicAdd per pixel into 256 bins. Rewritten
// for the problem format (see README.md): the texture read becomes a load from the plane.

extern "C" __global__ void Thumbnail_uchar(const unsigned char* src, int src_pitch, int* histogram,
                                           int src_width, int src_height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (y < src_height && x < src_width) {
    unsigned char pixel = src[y * src_pitch + x];
    atomicAdd(&histogram[pixel], 1);
  }
}
