// float64 reference for corpus_fresh3 problem rod_gaussian_fan2 (written for the corpus): step t
// of the elimination; the inout buffers arrive as double holding their inputs. Row t is only
// read (the kernel writes rows t+1 .. Size-1), so the update order does not matter.
extern "C" __global__ void fan2_ref(const float* m, double* a, double* b, int Size, int t) {
  long col = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long row = (long)blockIdx.y * blockDim.y + threadIdx.y;
  if (row <= t || row >= Size || col < t || col >= Size) return;
  a[row * Size + col] -= (double)m[row * Size + t] * a[(long)t * Size + col];
  if (col == t) b[row] -= (double)m[row * Size + t] * b[t];
}
