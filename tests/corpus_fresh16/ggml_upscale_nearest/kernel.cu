// corpus_fresh16: ggml_upscale_nearest -- llama.cpp / ggml, GGML_OP_UPSCALE in nearest mode
// (ggml/src/ggml-cuda/upscale.cu: upscale_f32, launched by upscale_f32_cuda with
// CUDA_UPSCALE_BLOCK_SIZE = 256 threads, one destination element per thread). Every thread
// recovers its four destination coordinates with integer division and modulo by the runtime
// extents, divides each by a float scale factor and copies one float. Rewritten for the problem
// format (see README.md).

extern "C" __global__ void upscale_f32(const float* x, float* dst,
                                       const int nb00, const int nb01, const int nb02, const int nb03,
                                       const int ne10, const int ne11, const int ne12, const int ne13,
                                       const float sf0, const float sf1, const float sf2, const float sf3) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  if (index >= ne10 * ne11 * ne12 * ne13) {
    return;
  }

  // destination coordinates (ne1x: destination extents)
  int i10 = index % ne10;
  int i11 = (index / ne10) % ne11;
  int i12 = (index / (ne10 * ne11)) % ne12;
  int i13 = (index / (ne10 * ne11 * ne12)) % ne13;

  // source coordinates: int -> float, a float division, float -> int (truncation)
  int i00 = i10 / sf0;
  int i01 = i11 / sf1;
  int i02 = i12 / sf2;
  int i03 = i13 / sf3;

  // source strides are in bytes (nb0x)
  dst[index] = *((const float*)((const char*)x + i03 * nb03 + i02 * nb02 + i01 * nb01 + i00 * nb00));
}
