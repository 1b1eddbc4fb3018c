// corpus_fresh2: rod_kmeans_invert -- from Rodinia 3.1, cuda/kmeans/kmeans_cuda_kernel.cu
// (invert_mapping: the point-major feature array transposed to feature-major on the device)
// license: Rodinia's license (University of Virginia, BSD-style); written here in its form
// adapted: extern "C"; 2^20 points of 34 features (Rodinia's kdd_cup input has 494020 x 34)
extern "C" __global__ void invert_mapping(const float *input, float *output, int npoints, int nfeatures)
{
    int point_id = threadIdx.x + blockDim.x * blockIdx.x;
    int i;
    if (point_id < npoints) {
        for (i = 0; i < nfeatures; i++)
            output[point_id + npoints * i] = input[point_id * nfeatures + i];
    }
}
