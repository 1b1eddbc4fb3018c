// reference for corpus_fresh6 ggml_get_rows_f32: out[t][c] = table[ids[t]][c], one thread per
// output element of the [T, C] result, written in float64.
extern "C" __global__ void get_rows_ref(const float* table, const int* ids, double* out,
                                        long long T, long long C) {
  long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= T * C) return;
  long long t = e / C, c = e % C;
  out[e] = (double)table[(long long)ids[t] * C + c];
}
