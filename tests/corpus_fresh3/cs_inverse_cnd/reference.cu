// float64 reference for corpus_fresh3 problem cs_inverse_cnd (written for the corpus): the same
// Moro approximation in double, on the same unsigned sample points (pos + 1) * distance
__device__ double moro_ref(unsigned int x) {
  bool negate = false;
  if (x >= 0x80000000u) {
    x = 0xffffffffu - x;
    negate = true;
  }
  const double x1 = 1.0 / 4294967295.0;
  double p1 = (double)x * x1 + x1 / 2.0;
  double p2 = p1 - 0.5;
  double z;
  if (p2 > -0.42) {
    z = p2 * p2;
    z = p2 * (((-25.44106049637 * z + 41.39119773534) * z - 18.61500062529) * z + 2.50662823884) /
        ((((3.13082909833 * z - 21.06224101826) * z + 23.08336743743) * z - 8.4735109309) * z +
         1.0);
  } else {
    z = log(-log(p1));
    z = -(0.337475482272615 +
          z * (0.976169019091719 +
               z * (0.160797971491821 +
                    z * (2.76438810333863E-02 +
                         z * (3.8405729373609E-03 +
                              z * (3.951896511919E-04 +
                                   z * (3.21767881768E-05 +
                                        z * (2.888167364E-07 + z * 3.960315187E-07))))))));
  }
  return negate ? -z : z;
}
extern "C" __global__ void inverse_cnd_ref(double* out, unsigned int pathN) {
  unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= pathN) return;
  unsigned int distance = 0xffffffffu / (pathN + 1);
  out[pos] = moro_ref((pos + 1) * distance);
}
