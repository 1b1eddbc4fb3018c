// Float64 reference: out[v, f] = sum over e in [rowptr[v], rowptr[v+1]) of x[col[e], f].
extern "C" __global__ void aggregate_ref(const int* rowptr, const int* col, const float* x,
                                         double* out, int V, int F) {
  const size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (size_t)V * F) return;
  const int v = (int)(t / F), f = (int)(t % F);
  double acc = 0.0;
  for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) acc += (double)x[(size_t)col[e] * F + f];
  out[t] = acc;
}
