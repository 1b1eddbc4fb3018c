// corpus: rod_nn -- from yuhc/gpu-rodinia (Rodinia 3.1), cuda/nn/nn_cuda.cu (euclid) @ 9c10d3ea16dd
// license: Rodinia license (BSD-style, Copyright (c) 2008-2011 University of Virginia)
// adapted: extern "C"; LatLong records passed as an FP32 buffer of (lat, lng) pairs; 2^24 records, 1-D grid
typedef struct latLong { float lat; float lng; } LatLong;
extern "C" __global__ void euclid(LatLong *d_locations, float *d_distances, int numRecords,float lat, float lng)
{
	int globalId = blockDim.x * ( gridDim.x * blockIdx.y + blockIdx.x ) + threadIdx.x; // more efficient
    LatLong *latLong = d_locations+globalId;
    if (globalId < numRecords) {
        float *dist=d_distances+globalId;
        *dist = (float)sqrt((lat-latLong->lat)*(lat-latLong->lat)+(lng-latLong->lng)*(lng-latLong->lng));
	}
}
