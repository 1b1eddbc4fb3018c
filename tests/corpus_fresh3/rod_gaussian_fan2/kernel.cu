// corpus_fresh3: rod_gaussian_fan2 -- from Rodinia 3.1, cuda/gaussian/gaussian.cu: Fan2, the
// row-update kernel of Gaussian elimination (step t): a[row][col] -= m[row][t] * a[t][col] for
// every row below t, with the thread's x index walking ROWS (lanes Size floats apart)
// license: Rodinia (University of Virginia), BSD-style; written here in the benchmark's form
// adapted: extern "C"; const m; the unused j1 argument dropped
extern "C" __global__ void Fan2(const float *m_cuda, float *a_cuda, float *b_cuda, int Size, int t)
{
    if (threadIdx.x + blockIdx.x * blockDim.x >= Size - 1 - t) return;
    if (threadIdx.y + blockIdx.y * blockDim.y >= Size - t) return;
    int xidx = blockIdx.x * blockDim.x + threadIdx.x;
    int yidx = blockIdx.y * blockDim.y + threadIdx.y;
    a_cuda[Size * (xidx + 1 + t) + (yidx + t)] -= m_cuda[Size * (xidx + 1 + t) + t] * a_cuda[Size * t + (yidx + t)];
    if (yidx == 0) {
        b_cuda[xidx + 1 + t] -= m_cuda[Size * (xidx + 1 + t) + (yidx + t)] * b_cuda[t];
    }
}
