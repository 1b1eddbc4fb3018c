extern "C" __global__ void k(const float* x, float* out, int n) {}
