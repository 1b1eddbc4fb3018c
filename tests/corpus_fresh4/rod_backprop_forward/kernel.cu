// corpus_fresh4: rod_backprop_forward -- from Rodinia 3.1, cuda/backprop/backprop_cuda_kernel.cu:
// bpnn_layerforward_CUDA (input -> hidden layer: each 16x16 block multiplies a 16-row slice of the
// weights by its inputs and tree-sums the 16 rows in shared memory), launched by backprop_cuda.cu
// as grid(1, in / 16), threads(16, 16)
// license: Rodinia's license (University of Virginia; BSD-style); written here in the
// benchmark's form
// adapted: extern "C"; HEIGHT and WIDTH (backprop.h) defined here; nothing else
#define WIDTH 16   // shared memory width
#define HEIGHT 16  // shared memory height

extern "C" __global__ void bpnn_layerforward_CUDA(float* input_cuda, float* output_hidden_cuda,
                                                  float* input_hidden_cuda,
                                                  float* hidden_partial_sum, int in, int hid) {
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);

  int index_in = HEIGHT * by + ty + 1;

  __shared__ float input_node[HEIGHT];
  __shared__ float weight_matrix[HEIGHT][WIDTH];

  if (tx == 0) input_node[ty] = input_cuda[index_in];

  __syncthreads();

  weight_matrix[ty][tx] = input_hidden_cuda[index];

  __syncthreads();

  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];

  __syncthreads();

  for (int i = 1; i <= __log2f(HEIGHT); i++) {
    int power_two = __powf(2, i);

    if (ty % power_two == 0)
      weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];

    __syncthreads();
  }

  //__syncthreads();

  input_hidden_cuda[index] = weight_matrix[ty][tx];

  __syncthreads();

  if (tx == 0) {
    hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
  }
}
