// corpus_fresh: atomic_sum_naive -- written for the corpus in the common tutorial form of a first
// GPU reduction: every thread adds its element into one global float with atomicAdd.
extern "C" __global__ void sum_atomic(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(out, in[i]);
}
