// corpus: rod_pathfinder -- from yuhc/gpu-rodinia (Rodinia 3.1), cuda/pathfinder/pathfinder.cu (dynproc_kernel) @ 9c10d3ea16dd
// license: Rodinia license (BSD-style, Copyright (c) 2008-2011 University of Virginia)
// adapted: extern "C"; one launch covering all 20 rows (pyramid_height 20, startStep 0): 2^22 columns, BLOCK_SIZE 256, HALO 1
#define BLOCK_SIZE 256
#define HALO 1
#define IN_RANGE(x, min, max)   ((x)>=(min) && (x)<=(max))
#define MIN(a, b) ((a)<=(b) ? (a) : (b))
extern "C" __global__ void dynproc_kernel(
                int iteration,
                int *gpuWall,
                int *gpuSrc,
                int *gpuResults,
                int cols,
                int rows,
                int startStep,
                int border)
{
        __shared__ int prev[BLOCK_SIZE];
        __shared__ int result[BLOCK_SIZE];
	int bx = blockIdx.x;
	int tx=threadIdx.x;
	int small_block_cols = BLOCK_SIZE-iteration*HALO*2;
        int blkX = small_block_cols*bx-border;
        int blkXmax = blkX+BLOCK_SIZE-1;
	int xidx = blkX+tx;
        int validXmin = (blkX < 0) ? -blkX : 0;
        int validXmax = (blkXmax > cols-1) ? BLOCK_SIZE-1-(blkXmax-cols+1) : BLOCK_SIZE-1;
        int W = tx-1;
        int E = tx+1;
        W = (W < validXmin) ? validXmin : W;
        E = (E > validXmax) ? validXmax : E;
        bool isValid = IN_RANGE(tx, validXmin, validXmax);
	if(IN_RANGE(xidx, 0, cols-1)){
            prev[tx] = gpuSrc[xidx];
	}
	__syncthreads();
        bool computed;
        for (int i=0; i<iteration ; i++){
            computed = false;
            if( IN_RANGE(tx, i+1, BLOCK_SIZE-i-2) &&  \
                  isValid){
                  computed = true;
                  int left = prev[W];
                  int up = prev[tx];
                  int right = prev[E];
                  int shortest = MIN(left, up);
                  shortest = MIN(shortest, right);
                  int index = cols*(startStep+i)+xidx;
                  result[tx] = shortest + gpuWall[index];
            }
            __syncthreads();
            if(i==iteration-1)
                break;
            if(computed)
                prev[tx]= result[tx];
	    __syncthreads();
      }
      if (computed){
          gpuResults[xidx]=result[tx];
      }
}
