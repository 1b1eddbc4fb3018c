// corpus: lut_gamma_const -- from written for the corpus, tests/corpus/lut_gamma_const/kernel.cu @ -
// license: same license as this repository
// adapted: none (written here in the usual form of a per-pixel lookup table kept in __constant__ memory)
#define G(i) (float)((i) * (i)) / 65025.0f
#define G4(i) G(i), G(i + 1), G(i + 2), G(i + 3)
#define G16(i) G4(i), G4(i + 4), G4(i + 8), G4(i + 12)
#define G64(i) G16(i), G16(i + 16), G16(i + 32), G16(i + 48)
// gamma 2.0 on [0, 255] -> [0, 1]
__constant__ float c_lut[256] = {G64(0), G64(64), G64(128), G64(192)};
extern "C" __global__ void gamma_lut(const int* __restrict__ px, float* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = c_lut[px[i] & 255];
}
