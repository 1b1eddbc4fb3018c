// corpus_fresh6: rod_pf_find_index -- Rodinia 3.1 particlefilter,
// cuda/particlefilter/ex_particle_CUDA_float_seq.cu (find_index_kernel, the resampling step),
// rewritten for the problem format (see README.md). One thread per particle scans the CDF of the
// weights from the start until the first entry >= its systematic-resampling threshold u[i] and
// copies that particle's position.
extern "C" __global__ void find_index_kernel(double* arrayX, double* arrayY, double* CDF, double* u,
                                             double* xj, double* yj, double* weights,
                                             int Nparticles) {
  int block_id = blockIdx.x;
  int i = blockDim.x * block_id + threadIdx.x;
  if (i < Nparticles) {
    int index = -1;
    int x;
    for (x = 0; x < Nparticles; x++) {
      if (CDF[x] >= u[i]) {
        index = x;
        break;
      }
    }
    if (index == -1) index = Nparticles - 1;
    xj[i] = arrayX[index];
    yj[i] = arrayY[index];
  }
  __syncthreads();
}
