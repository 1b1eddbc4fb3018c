// corpus: rod_nw -- from yuhc/gpu-rodinia (Rodinia 3.1), cuda/nw/needle_kernel.cu (needle_cuda_shared_1) @ 9c10d3ea16dd
// license: Rodinia license (BSD-style, Copyright (c) 2008-2011 University of Virginia)
// adapted: extern "C"; maximum() kept; BLOCK_SIZE 32 (Rodinia's RD_WG_SIZE build option; the default 16-thread blocks are not a whole number of warps, which the problem format requires); one launch: the longest anti-diagonal of 32x32 tiles (i = block_width = 64) of a 2049 x 2049 score matrix
#define BLOCK_SIZE 32  // RD_WG_SIZE_0=32
__device__ __host__ int
maximum( int a,
		 int b,
		 int c){
int k;
if( a <= b )
k = b;
else
k = a;
if( k <=c )
return(c);
else
return(k);
}
extern "C" __global__ void
needle_cuda_shared_1(  int* referrence,
			  int* matrix_cuda,
			  int cols,
			  int penalty,
			  int i,
			  int block_width)
{
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int b_index_x = bx;
  int b_index_y = i - 1 - bx;
  int index   = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + ( cols + 1 );
  int index_n   = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + ( 1 );
  int index_w   = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + ( cols );
  int index_nw =  cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;
  __shared__  int temp[BLOCK_SIZE+1][BLOCK_SIZE+1];
  __shared__  int ref[BLOCK_SIZE][BLOCK_SIZE];
   if (tx == 0)
		  temp[tx][0] = matrix_cuda[index_nw];
  for ( int ty = 0 ; ty < BLOCK_SIZE ; ty++)
  ref[ty][tx] = referrence[index + cols * ty];
  __syncthreads();
  temp[tx + 1][0] = matrix_cuda[index_w + cols * tx];
  __syncthreads();
  temp[0][tx + 1] = matrix_cuda[index_n];
  __syncthreads();
  for( int m = 0 ; m < BLOCK_SIZE ; m++){
	  if ( tx <= m ){
		  int t_index_x =  tx + 1;
		  int t_index_y =  m - tx + 1;
          temp[t_index_y][t_index_x] = maximum( temp[t_index_y-1][t_index_x-1] + ref[t_index_y-1][t_index_x-1],
		                                        temp[t_index_y][t_index_x-1]  - penalty,
												temp[t_index_y-1][t_index_x]  - penalty);
	  }
	  __syncthreads();
    }
 for( int m = BLOCK_SIZE - 2 ; m >=0 ; m--){
	  if ( tx <= m){
		  int t_index_x =  tx + BLOCK_SIZE - m ;
		  int t_index_y =  BLOCK_SIZE - tx;
          temp[t_index_y][t_index_x] = maximum( temp[t_index_y-1][t_index_x-1] + ref[t_index_y-1][t_index_x-1],
		                                        temp[t_index_y][t_index_x-1]  - penalty,
												temp[t_index_y-1][t_index_x]  - penalty);
	  }
	  __syncthreads();
  }
  for ( int ty = 0 ; ty < BLOCK_SIZE ; ty++)
  matrix_cuda[index + ty * cols] = temp[ty+1][tx+1];
}
