// corpus_fresh8: clover_ideal_gas_f64 -- UK-MAC/CloverLeaf_CUDA, ideal_gas_kernel_cuda.cu:
// device_ideal_gas_kernel_cuda, the ideal-gas equation of state (gamma = 1.4) of CloverLeaf's
// hydrodynamics step in FP64: pressure and sound speed from density and energy, one thread per
// cell of the halo-padded 2-D chunk, 1-D blocks of BLOCK_SZ threads, row and column recovered by
// a division (cuda_common.cu's __kernel_indexes). Rewritten for the problem format (see
// README.md).
#define BLOCK_SZ 128

// cuda_common.cu: a 1-D thread index over the (x_max + 4)-wide padded rows
#define THARR2D(x_offset, y_offset, big_row) \
  (glob_id + (x_offset) + ((y_offset) * (x_max + 4)) + (big_row * (row + (y_offset))))

extern "C" __global__ void device_ideal_gas_kernel_cuda(int x_min, int x_max, int y_min, int y_max,
                                                        const double* __restrict const density,
                                                        const double* __restrict const energy,
                                                        double* __restrict const pressure,
                                                        double* __restrict const soundspeed) {
  const int glob_id = threadIdx.x + blockIdx.x * blockDim.x;
  const int row = glob_id / (x_max + 4);
  const int column = glob_id % (x_max + 4);
  double v, pressurebyenergy, pressurebyvolume, sound_speed_squared;
  if (row >= (y_min + 1) && row <= (y_max + 1) && column >= (x_min + 1) &&
      column <= (x_max + 1)) {
    v = 1.0 / density[THARR2D(0, 0, 0)];
    pressure[THARR2D(0, 0, 0)] = (1.4 - 1.0) * density[THARR2D(0, 0, 0)] * energy[THARR2D(0, 0, 0)];
    pressurebyenergy = (1.4 - 1.0) * density[THARR2D(0, 0, 0)];
    pressurebyvolume = -density[THARR2D(0, 0, 0)] * pressure[THARR2D(0, 0, 0)];
    sound_speed_squared =
        v * v * (pressure[THARR2D(0, 0, 0)] * pressurebyenergy - pressurebyvolume);
    soundspeed[THARR2D(0, 0, 0)] = sqrt(sound_speed_squared);
  }
}
