// Reference for corpus_fresh26 quest_onetarg_dense_q0 (written for the corpus): the same
// one-qubit gate on qubit 0 in float64 -- thread n multiplies the pair (2n, 2n + 1) of the
// statevector (double real/imaginary pairs, updated in place) by the 2x2 complex matrix.
extern "C" __global__ void onetarg_ref(double* amps, long long numThreads, double m00r,
                                       double m00i, double m01r, double m01i, double m10r,
                                       double m10i, double m11r, double m11i) {
  const long long n = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= numThreads) return;
  double* a0 = amps + 4 * n;  // amplitude 2n: real, imaginary
  double* a1 = a0 + 2;        // amplitude 2n + 1
  const double r0 = a0[0], i0 = a0[1], r1 = a1[0], i1 = a1[1];
  a0[0] = (m00r * r0 - m00i * i0) + (m01r * r1 - m01i * i1);
  a0[1] = (m00r * i0 + m00i * r0) + (m01r * i1 + m01i * r1);
  a1[0] = (m10r * r0 - m10i * i0) + (m11r * r1 - m11i * i1);
  a1[1] = (m10r * i0 + m10i * r0) + (m11r * i1 + m11i * r1);
}
