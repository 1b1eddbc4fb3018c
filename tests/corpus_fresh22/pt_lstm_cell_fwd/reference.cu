// Reference for corpus_fresh22 pt_lstm_cell_fwd (written for the corpus): the LSTM cell in
// float64, one thread per (batch, hidden) element: gates = input + hidden + b1 + b2 in the
// (i, f, g, o) order of a row of 4 * hsz, i/f/o sigmoids, g tanh, cy = f cx + i g, hy = o tanh(cy),
// the four activations into the workspace at the gates' positions.
extern "C" __global__ void lstm_cell_ref(const float* in, const float* hid, const float* b1,
                                         const float* b2, const float* cx, double* hy, double* cy,
                                         double* ws, int hsz, int total) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= total) return;
  const long long row = t / hsz, k = t % hsz;
  const long long o = row * 4 * hsz + k;
  double g[4];
  for (int q = 0; q < 4; ++q)
    g[q] = (double)in[o + q * hsz] + (double)hid[o + q * hsz] + (double)b1[k + q * hsz] +
           (double)b2[k + q * hsz];
  const double ig = 1.0 / (1.0 + exp(-g[0]));
  const double fg = 1.0 / (1.0 + exp(-g[1]));
  const double cg = tanh(g[2]);
  const double og = 1.0 / (1.0 + exp(-g[3]));
  const double c = fg * (double)cx[t] + ig * cg;
  cy[t] = c;
  hy[t] = og * tanh(c);
  ws[o + 0 * hsz] = ig;
  ws[o + 1 * hsz] = fg;
  ws[o + 2 * hsz] = cg;
  ws[o + 3 * hsz] = og;
}
