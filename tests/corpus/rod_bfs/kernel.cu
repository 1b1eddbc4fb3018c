// corpus: rod_bfs -- from yuhc/gpu-rodinia (Rodinia 3.1), cuda/bfs/kernel.cu (Kernel) @ 9c10d3ea16dd
// license: Rodinia license (BSD-style, Copyright (c) 2008-2011 University of Virginia)
// adapted: extern "C", entry renamed bfs_kernel; Node{starting,no_of_edges} read from a CSR row-pointer array; bool masks as int; g_cost a scratch buffer (its values race in the original, so only the masks are checked); one BFS level (10% of 2^22 nodes in the frontier, half visited, average degree 6)
#define MAX_THREADS_PER_BLOCK 512
extern "C" __global__ void
bfs_kernel(const int* g_starting, int* g_graph_edges, int* g_graph_mask, int* g_updating_graph_mask, int *g_graph_visited, int* g_cost, int no_of_nodes)
{
	int tid = blockIdx.x*MAX_THREADS_PER_BLOCK + threadIdx.x;
	if( tid<no_of_nodes && g_graph_mask[tid])
	{
		g_graph_mask[tid]=false;
		int starting = g_starting[tid], no_of_edges = g_starting[tid + 1] - starting;  // g_graph_nodes[tid]
		for(int i=starting; i<(no_of_edges + starting); i++)
			{
			int id = g_graph_edges[i];
			if(!g_graph_visited[id])
				{
				g_cost[id]=g_cost[tid]+1;
				g_updating_graph_mask[id]=true;
				}
			}
	}
}
