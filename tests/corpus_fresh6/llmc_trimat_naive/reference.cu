// reference for corpus_fresh6 llmc_trimat_naive: the causal attention scores
// S[b][h][i][j] = (q_i . k_j) / sqrt(HS) with q_i = inp[b][i][0][h][:], k_j = inp[b][j][1][h][:],
// in float64, wherever the kernel computes one: key j up to the end of the query's 8-row group
// (floor(j / 8) <= floor(i / 8)); 0 elsewhere (the output is zeroed before the kernel).
extern "C" __global__ void trimat_ref(const float* inp, double* out, int B, int T, int C, int NH) {
  long long id = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= (long long)B * NH * T * T) return;
  int j = (int)(id % T), i = (int)((id / T) % T);
  long long bh = id / ((long long)T * T);
  int h = (int)(bh % NH), b = (int)(bh / NH);
  if (j / 8 > i / 8) {
    out[id] = 0.0;
    return;
  }
  int HS = C / NH;
  const float* qi = inp + ((long long)b * T + i) * 3 * C + h * HS;
  const float* kj = inp + ((long long)b * T + j) * 3 * C + C + h * HS;
  double s = 0;
  for (int d = 0; d < HS; ++d) s += (double)qi[d] * (double)kj[d];
  out[id] = s / sqrt((double)HS);
}
