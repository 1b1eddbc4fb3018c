// corpus_fresh2: fence_publish -- the message-passing idiom of the CUDA C++ Programming Guide's
// "Memory Fence Functions" section (write the data, __threadfence(), then write the flag a
// consumer polls), applied per element in a grid-stride loop, as producer code that publishes
// results one by one does. Written here in that form.
// license: written for the corpus
extern "C" __global__ void publish_with_fence(const float *x, float *y, int *ready, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        y[i] = 2.0f * x[i] + 1.0f;  // the payload
        __threadfence();           // make it visible device-wide before the flag
        ready[i] = 1;              // publish
    }
}
