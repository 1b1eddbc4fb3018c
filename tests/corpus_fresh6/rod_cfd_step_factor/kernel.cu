// corpus_fresh6: rod_cfd_step_factor -- Rodinia 3.1 cfd (Corrigan et al., AIAA-2009-4001),
// cuda/cfd/euler3d_double.cu (cuda_compute_step_factor, double precision), rewritten for the
// problem format (see README.md). One thread per mesh element: from the element's conserved
// variables (structure-of-arrays, element i of each variable nelr apart) the local time-step
// factor 0.5 / (sqrt(area) * (|v| + c)).
#define GAMMA 1.4
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define NDIM 3
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)

__device__ inline void compute_velocity(double& density, double3& momentum, double3& velocity) {
  velocity.x = momentum.x / density;
  velocity.y = momentum.y / density;
  velocity.z = momentum.z / density;
}

__device__ inline double compute_speed_sqd(double3& velocity) {
  return velocity.x * velocity.x + velocity.y * velocity.y + velocity.z * velocity.z;
}

__device__ inline double compute_pressure(double& density, double& density_energy,
                                          double& speed_sqd) {
  return (double(GAMMA) - double(1.0)) * (density_energy - double(0.5) * density * speed_sqd);
}

__device__ inline double compute_speed_of_sound(double& density, double& pressure) {
  return sqrt(double(GAMMA) * pressure / density);
}

// Rodinia passes one `variables` array of NVAR rows; here the density row, the three momentum
// rows and the energy row are three buffers (README.md), indexed with Rodinia's row offsets.
extern "C" __global__ void cuda_compute_step_factor(int nelr, const double* density_row,
                                                    const double* momentum_rows,
                                                    const double* energy_row, double* areas,
                                                    double* step_factors) {
  const int i = (blockDim.x * blockIdx.x + threadIdx.x);
  double density = density_row[i + VAR_DENSITY * nelr];
  double3 momentum;
  momentum.x = momentum_rows[i + (VAR_MOMENTUM + 0 - 1) * nelr];
  momentum.y = momentum_rows[i + (VAR_MOMENTUM + 1 - 1) * nelr];
  momentum.z = momentum_rows[i + (VAR_MOMENTUM + 2 - 1) * nelr];
  double density_energy = energy_row[i + (VAR_DENSITY_ENERGY - 4) * nelr];

  double3 velocity;
  compute_velocity(density, momentum, velocity);
  double speed_sqd = compute_speed_sqd(velocity);
  double pressure = compute_pressure(density, density_energy, speed_sqd);
  double speed_of_sound = compute_speed_of_sound(density, pressure);
  // dt = 0.5 * sqrt(area) / (|v| + c), divided by the area at once for the time step
  step_factors[i] = double(0.5) / (sqrt(areas[i]) * (sqrt(speed_sqd) + speed_of_sound));
}
