// corpus_fresh: pmpp_matvec_row -- from Kirk & Hwu, 'Programming Massively Parallel Processors' (3rd ed.), ch. 3 exercise 2: matrix-vector multiplication, one thread per output element
// license: textbook exercise (the common form of its answer), written here
// adapted: extern "C"; a row-major M x N matrix with M = 131072 rows of N = 512
extern "C" __global__ void matVecKernel(float *A, float *B, float *C, int M, int N)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < M) {
        float sum = 0;
        for (int j = 0; j < N; ++j) {
            sum += B[i * N + j] * C[j];
        }
        A[i] = sum;
    }
}
