// float64 reference for corpus problem llmc_crossentropy_fwd (written for the corpus)
extern "C" __global__ void xent_ref(double* losses, const float* probs, const int* targets, int B, int T, int V) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < B * T) losses[i] = -log((double)probs[(long)i * V + targets[i]]);
}
