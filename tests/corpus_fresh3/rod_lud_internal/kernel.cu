// corpus_fresh3: rod_lud_internal -- from Rodinia 3.1, cuda/lud/cuda/lud_kernel.cu: lud_internal,
// the trailing-matrix update of the blocked LU factorisation: each 16x16 block stages its row
// and column panels (16 x 16 each) in shared memory and subtracts their rank-16 product from its
// tile of m
// license: Rodinia (University of Virginia); written here in the benchmark's form
// adapted: extern "C"
#define BLOCK_SIZE 16
extern "C" __global__ void lud_internal(float *m, int matrix_dim, int offset)
{
    __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];
    int i;
    float sum;
    int global_row_id = offset + (blockIdx.y + 1) * BLOCK_SIZE;
    int global_col_id = offset + (blockIdx.x + 1) * BLOCK_SIZE;
    peri_row[threadIdx.y][threadIdx.x] = m[(offset + threadIdx.y) * matrix_dim + global_col_id + threadIdx.x];
    peri_col[threadIdx.y][threadIdx.x] = m[(global_row_id + threadIdx.y) * matrix_dim + offset + threadIdx.x];
    __syncthreads();
    sum = 0;
    for (i = 0; i < BLOCK_SIZE; i++) sum += peri_col[threadIdx.y][i] * peri_row[i][threadIdx.x];
    m[(global_row_id + threadIdx.y) * matrix_dim + global_col_id + threadIdx.x] -= sum;
}
