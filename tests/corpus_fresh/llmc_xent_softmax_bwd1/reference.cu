// float64 reference for corpus_fresh problem llmc_xent_softmax_bwd1 (written for the corpus):
// dlogits is in-out, so the reference receives it as double (its input values, then its result)
extern "C" __global__ void xent_bwd_ref(double* dlogits, const float* dlosses, const float* probs,
                                        const int* targets, int B, int T, int V) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long)B * T * V) return;
  long bt = i / V;
  int v = i % V;
  double ind = v == targets[bt] ? 1.0 : 0.0;
  dlogits[i] += ((double)probs[i] - ind) * (double)dlosses[bt];
}
