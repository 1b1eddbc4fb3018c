// reference for corpus_fresh2 problem cs_bitonic_shared (written for the corpus): each segment
// of arrayLength keys (distinct: the keys are a permutation) sorted ascending with its values,
// by ranking: a key's place is the number of smaller keys in its segment
extern "C" __global__ void bitonic_ref(double* dkey, double* dval, const unsigned int* skey,
                                       const unsigned int* sval, int N, int arrayLength) {
  long base = (long)blockIdx.x * arrayLength;
  if (base >= N) return;
  for (int i = 0; i < arrayLength; ++i) {
    unsigned int k = skey[base + i];
    int rank = 0;
    for (int j = 0; j < arrayLength; ++j) rank += skey[base + j] < k;
    dkey[base + rank] = (double)k;
    dval[base + rank] = (double)sval[base + i];
  }
}
