// corpus: cs_nbody_fp64 -- from NVIDIA/cuda-samples, Samples/5_Domain_Specific/nbody/bodySystemCuda.cu (bodyBodyInteraction<double>, computeBodyAccel) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C"; the double instantiation (rsqrt in double); acceleration written as 3 doubles per body; 16384 bodies
#define SOFT2 0.01
typedef double real;
typedef double4 real4;
__device__ void bodyBodyInteraction(real &ax, real &ay, real &az, real4 bi, real4 bj) {
  real rx = bj.x - bi.x, ry = bj.y - bi.y, rz = bj.z - bi.z;
  real distSqr = rx * rx + ry * ry + rz * rz;
  distSqr += (real)SOFT2;
  real invDist = rsqrt(distSqr);
  real invDistCube = invDist * invDist * invDist;
  real s = bj.w * invDistCube;
  ax += rx * s; ay += ry * s; az += rz * s;
}
extern "C" __global__ void nbody_accel_fp64(const real4* __restrict__ pos, real* acc, int numBodies) {
  extern __shared__ unsigned char smem[];
  real4* sharedPos = (real4*)smem;
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  real4 bi = pos[index];
  real ax = 0, ay = 0, az = 0;
  for (int tile = 0; tile < numBodies / blockDim.x; tile++) {
    sharedPos[threadIdx.x] = pos[tile * blockDim.x + threadIdx.x];
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < blockDim.x; j++) bodyBodyInteraction(ax, ay, az, bi, sharedPos[j]);
    __syncthreads();
  }
  acc[3 * index + 0] = ax; acc[3 * index + 1] = ay; acc[3 * index + 2] = az;
}
