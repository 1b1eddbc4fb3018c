// corpus: rod_kmeans -- from yuhc/gpu-rodinia (Rodinia 3.1), cuda/kmeans/kmeans_cuda_kernel.cu (kmeansPoint) @ 9c10d3ea16dd
// license: Rodinia license (BSD-style, Copyright (c) 2008-2011 University of Virginia)
// adapted: extern "C"; texture t_features and __constant__ c_clusters read as plain global pointers (the problem format cannot bind textures or fill __constant__); FLT_MAX written as its value (NVRTC has no float.h); GPU_DELTA_REDUCTION off so the unused block_clusters/block_deltas parameters are dropped; 2^20 points, 34 features (kdd_cup), 16 clusters
extern "C" __global__ void
kmeansPoint(const float  *features,			/* in: [npoints*nfeatures] */
            int     nfeatures,
            int     npoints,
            int     nclusters,
            int    *membership,
			const float  *clusters)
{
	const unsigned int block_id = gridDim.x*blockIdx.y+blockIdx.x;
	const unsigned int point_id = block_id*blockDim.x*blockDim.y + threadIdx.x;
	int  index = -1;
	if (point_id < npoints)
	{
		int i, j;
		float min_dist = 3.40282347e+38f;  // FLT_MAX
		float dist;
		for (i=0; i<nclusters; i++) {
			int cluster_base_index = i*nfeatures;
			float ans=0.0;
			for (j=0; j < nfeatures; j++)
			{
				int addr = point_id + j*npoints;
				float diff = (features[addr] -
							  clusters[cluster_base_index + j]);
				ans += diff*diff;
			}
			dist = ans;
			if (dist < min_dist) {
				min_dist = dist;
				index    = i;
			}
		}
	}
	if (point_id < npoints)
	{
		membership[point_id] = index;
	}
}
