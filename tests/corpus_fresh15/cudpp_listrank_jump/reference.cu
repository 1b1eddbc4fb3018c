// Reference for corpus_fresh15 cudpp_listrank_jump (written for the corpus): one pointer-jumping
// round of list ranking. Every node's pointer is replaced by its successor's (-1 stays -1, a
// successor of -1 gives -1); the 1024 ranked nodes at the front of the list advance one hop
// each: the node after start[i - 1] (head for i = 0) becomes the start of rank i + step and its
// value is ranked there. ranked, start and pong arrive as float64 (inout: with their inputs).
extern "C" __global__ void listrank_jump_ref(long long n, long long step, int head,
                                             const float* values, const int* ping,
                                             double* ranked, double* start, double* pong) {
  const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long nthreads = (long long)blockDim.x * gridDim.x;
  // the prefix's hop: start[0 .. step - 2] is read, start[step - 1 .. 2 step - 2] written
  for (long long i = tid; i < step && i + step < n; i += nthreads) {
    const long long from = i == 0 ? head : (long long)start[i - 1];
    const int to = ping[from];
    start[i + step - 1] = (double)to;
    ranked[i + step] = (double)values[to];
  }
  if (step == 1 && tid == 0) ranked[0] = (double)values[head];
  for (long long i = tid; i < n; i += nthreads) {
    const int nx = ping[i];
    pong[i] = nx < 0 ? -1.0 : (double)ping[nx];
  }
}
