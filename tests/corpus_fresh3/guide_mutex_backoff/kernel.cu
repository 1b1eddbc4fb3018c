// corpus_fresh3: guide_mutex_backoff -- the mutex with exponential back-off of the CUDA C++
// Programming Guide's "Nanosleep Function" section (atomicCAS to take it, __nanosleep doubling
// from 8 to 256 ns while it is held, atomicExch to release), used as such code uses it: one lock
// per bin guarding a two-field update (a count and a sum that must change together)
// license: written for the corpus (the mutex is the Guide's example)
// adapted: extern "C"; the bin update, the volatile accesses inside the critical section and the
// __threadfence() before the release (what a correct caller of the Guide's mutex needs) are ours
__device__ void mutex_lock(unsigned int *mutex)
{
    unsigned int ns = 8;
    while (atomicCAS(mutex, 0, 1) == 1) {
        __nanosleep(ns);
        if (ns < 256) {
            ns *= 2;
        }
    }
}
__device__ void mutex_unlock(unsigned int *mutex)
{
    atomicExch(mutex, 0);
}
extern "C" __global__ void binned_update_locked(const int *keys, const float *vals, unsigned int *locks,
                                                int *count, float *sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = keys[i];
    mutex_lock(&locks[k]);
    volatile int *c = count;
    volatile float *s = sum;
    c[k] = c[k] + 1;
    s[k] = s[k] + vals[i];
    __threadfence();
    mutex_unlock(&locks[k]);
}
