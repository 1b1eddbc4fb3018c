// corpus_fresh3: mini_nbody_force -- from harrism/mini-nbody (Mark Harris, NVIDIA), cuda/nbody-orig.cu:
// bodyForce, the all-pairs force loop with no shared-memory tiling: every thread reads every
// body's position straight from global memory (an array of structs of six floats)
// license: Apache-2.0 (harrism/mini-nbody); written here in the program's form
// adapted: extern "C"; Body passed as a float array of 6 per body (x, y, z, vx, vy, vz)
#define SOFTENING 1e-9f
typedef struct { float x, y, z, vx, vy, vz; } Body;
extern "C" __global__ void bodyForce(float *buf, float dt, int n)
{
    Body *p = (Body *)buf;
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        float Fx = 0.0f; float Fy = 0.0f; float Fz = 0.0f;
        for (int j = 0; j < n; j++) {
            float dx = p[j].x - p[i].x;
            float dy = p[j].y - p[i].y;
            float dz = p[j].z - p[i].z;
            float distSqr = dx * dx + dy * dy + dz * dz + SOFTENING;
            float invDist = rsqrtf(distSqr);
            float invDist3 = invDist * invDist * invDist;
            Fx += dx * invDist3; Fy += dy * invDist3; Fz += dz * invDist3;
        }
        p[i].vx += dt * Fx; p[i].vy += dt * Fy; p[i].vz += dt * Fz;
    }
}
