// float64 reference for corpus_fresh4 problem pt_embedding_bag_powerlaw (written for the corpus):
// one thread per (bag, feature), the bag's rows summed in order (mode sum, no padding index hit)
extern "C" __global__ void embedding_bag_ref(const int* input, const int* offsets,
                                             const float* weight, double* output,
                                             double* offset2bag, double* bag_size, int numBags,
                                             int featureSize) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= (long long)numBags * featureSize) return;
  const long long bag = g / featureSize, f = g % featureSize;
  double s = 0;
  for (int e = offsets[bag]; e < offsets[bag + 1]; ++e) {
    s += weight[(long long)input[e] * featureSize + f];
    if (f == 0) offset2bag[e] = (double)bag;
  }
  output[g] = s;
  if (f == 0) bag_size[bag] = (double)(offsets[bag + 1] - offsets[bag]);
}
