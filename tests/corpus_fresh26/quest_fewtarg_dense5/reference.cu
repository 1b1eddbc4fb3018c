// Reference for corpus_fresh26 quest_fewtarg_dense5 (written for the corpus): the same 32 x 32
// complex matrix on qubits 20..24 of the 2^25-amplitude statevector in float64. Thread n owns
// the 32 amplitudes n + 2^20 * k (k = 0..31: the five target bits are the top five), reads all
// 32 into registers, then writes row k of the matrix times them into amplitude k.
extern "C" __global__ void fewtarg_ref(double* amps, long long numThreads, const double* m) {
  const long long n = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= numThreads) return;
  double re[32], im[32];
  for (int k = 0; k < 32; k++) {
    re[k] = amps[2 * (n + (k << 20))];
    im[k] = amps[2 * (n + (k << 20)) + 1];
  }
  for (int k = 0; k < 32; k++) {
    double sr = 0.0, si = 0.0;
    for (int l = 0; l < 32; l++) {
      const double er = m[2 * (32 * k + l)], ei = m[2 * (32 * k + l) + 1];
      sr += er * re[l] - ei * im[l];
      si += er * im[l] + ei * re[l];
    }
    amps[2 * (n + (k << 20))] = sr;
    amps[2 * (n + (k << 20)) + 1] = si;
  }
}
