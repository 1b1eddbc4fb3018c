// corpus_fresh9: raja_int_predict -- LLNL RAJAPerf, src/lcals/INT_PREDICT-Cuda.cpp (Base_CUDA,
// int_predict<block_size>) with INT_PREDICT_BODY of INT_PREDICT.hpp (Livermore loop 9, integrate
// predictors): each element combines ten planes of px lying `offset` elements apart into plane 0.
// One thread per element, block 256. Rewritten for the problem format (see README.md).
#define block_size 256

#define INT_PREDICT_BODY                                                                         \
  px[i] = dm28 * px[i + offset * 12] + dm27 * px[i + offset * 11] + dm26 * px[i + offset * 10] + \
          dm25 * px[i + offset * 9] + dm24 * px[i + offset * 8] + dm23 * px[i + offset * 7] +    \
          dm22 * px[i + offset * 6] + c0 * (px[i + offset * 4] + px[i + offset * 5]) +           \
          px[i + offset * 2];

extern "C" __global__ void __launch_bounds__(block_size)
    int_predict(double* px, double dm22, double dm23, double dm24, double dm25, double dm26,
                double dm27, double dm28, double c0, const long long offset, long long iend) {
  long long i = (long long)blockIdx.x * block_size + threadIdx.x;
  if (i < iend) {
    INT_PREDICT_BODY;
  }
}
