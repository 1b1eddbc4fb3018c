// float64 reference for corpus_fresh3 problem sdk_mt_boxmuller (written for the corpus): the
// Box-Muller pair of each (iRng, iOut) couple in place, one thread per pair (the inout buffer
// arrives as double holding the input uniforms)
extern "C" __global__ void boxmuller_ref(double* d, int NPerRng) {
  long p = (long)blockIdx.x * blockDim.x + threadIdx.x;  // pair index: iRng + 4096 * (iOut / 2)
  if (p >= 4096L * (NPerRng / 2)) return;
  long iRng = p % 4096, iOut = 2 * (p / 4096);
  long i1 = iRng + iOut * 4096, i2 = iRng + (iOut + 1) * 4096;
  double r = sqrt(-2.0 * log(d[i1]));
  double phi = 2.0 * (double)3.14159265358979f * d[i2];
  d[i1] = r * cos(phi);
  d[i2] = r * sin(phi);
}
