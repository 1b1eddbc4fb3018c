// corpus_fresh9: raja_diff_predict -- LLNL RAJAPerf, src/lcals/DIFF_PREDICT-Cuda.cpp (Base_CUDA,
// diff_predict<block_size>) with DIFF_PREDICT_BODY of DIFF_PREDICT.hpp (Livermore loop 10,
// difference predictors): each element walks ten planes of px that lie `offset` elements apart,
// storing each difference before it reads the next plane. One thread per element, block 256.
// Rewritten for the problem format (see README.md).
#define block_size 256

#define DIFF_PREDICT_BODY                         \
  double ar, br, cr;                              \
                                                  \
  ar = cx[i + offset * 4];                        \
  br = ar - px[i + offset * 4];                   \
  px[i + offset * 4] = ar;                        \
  cr = br - px[i + offset * 5];                   \
  px[i + offset * 5] = br;                        \
  ar = cr - px[i + offset * 6];                   \
  px[i + offset * 6] = cr;                        \
  br = ar - px[i + offset * 7];                   \
  px[i + offset * 7] = ar;                        \
  cr = br - px[i + offset * 8];                   \
  px[i + offset * 8] = br;                        \
  ar = cr - px[i + offset * 9];                   \
  px[i + offset * 9] = cr;                        \
  br = ar - px[i + offset * 10];                  \
  px[i + offset * 10] = ar;                       \
  cr = br - px[i + offset * 11];                  \
  px[i + offset * 11] = br;                       \
  px[i + offset * 13] = cr - px[i + offset * 12]; \
  px[i + offset * 12] = cr;

extern "C" __global__ void __launch_bounds__(block_size)
    diff_predict(double* px, double* cx, const long long offset, long long iend) {
  long long i = (long long)blockIdx.x * block_size + threadIdx.x;
  if (i < iend) {
    DIFF_PREDICT_BODY;
  }
}
