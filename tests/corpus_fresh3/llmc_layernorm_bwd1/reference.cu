// float64 reference for corpus_fresh3 problem llmc_layernorm_bwd1 (written for the corpus): thread
// r < B*T computes row r's dinp; thread c < C sums channel c's dbias and dweight over all rows.
// dinp, dweight and dbias start at zero (the kernel accumulates into zeroed gradients).
extern "C" __global__ void layernorm_bwd_ref(double* dinp, double* dweight, double* dbias,
                                             const float* dout, const float* inp,
                                             const float* weight, const float* mean,
                                             const float* rstd, int B, int T, int C) {
  long id = (long)blockIdx.x * blockDim.x + threadIdx.x;
  const long N = (long)B * T;
  if (id < N) {
    const float* d = dout + id * C;
    const float* x = inp + id * C;
    double m = mean[id], s = rstd[id], a = 0, bsum = 0;
    for (int i = 0; i < C; ++i) {
      double n = ((double)x[i] - m) * s, dn = (double)weight[i] * d[i];
      a += dn;
      bsum += dn * n;
    }
    a /= C;
    bsum /= C;
    for (int i = 0; i < C; ++i) {
      double n = ((double)x[i] - m) * s, dn = (double)weight[i] * d[i];
      dinp[id * C + i] = (dn - a - n * bsum) * s;
    }
  }
  if (id < C) {
    double db = 0, dw = 0;
    for (long r = 0; r < N; ++r) {
      double dv = dout[r * C + id];
      db += dv;
      dw += ((double)inp[r * C + id] - (double)mean[r]) * (double)rstd[r] * dv;
    }
    dbias[id] = db;
    dweight[id] = dw;
  }
}
