// float64 reference for corpus_fresh10 nvblog_ls_generate_paths (written for the corpus): the
// same recurrence as the sample's CPU reference (longstaff_schwartz_cpu): S_t = S_{t-1} exp(A +
// B z_t), the put payoff max(K - S, 0) at the last step, one thread per path.
extern "C" __global__ void ls_paths_ref(int num_timesteps, int num_paths, double K, double dt,
                                        double S0, double r, double sigma, const double* samples,
                                        double* paths) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= num_paths) return;
  const double a = (r - 0.5 * sigma * sigma) * dt;
  const double b = sigma * sqrt(dt);
  double S = S0;
  for (int t = 0; t < num_timesteps; ++t) {
    const long long o = (long long)t * num_paths + i;
    S = S * exp(a + b * samples[o]);
    paths[o] = t < num_timesteps - 1 ? S : fmax(K - S, 0.0);
  }
}
