// corpus_fresh7: blw_pagerank_edgelist -- merijn/Belewitte, pagerank/edgelist.cu:
// updateRankEdgeList, one PageRank push step over an edge list (one thread per edge: the source's
// rank divided by its out-degree is added to the destination's new rank with a float atomicAdd).
// Rewritten for the problem format (see README.md): the EdgeListCSR struct's arrays are passed
// one by one.
extern "C" __global__ void updateRankEdgeList(const unsigned* vertices, const unsigned* inEdges,
                                              const unsigned* outEdges, int edge_count,
                                              const float* pagerank, float* new_pagerank) {
  int idx = (blockIdx.x * blockDim.x) + threadIdx.x;
  if (idx < edge_count) {
    int degree = vertices[inEdges[idx] + 1] - vertices[inEdges[idx]];
    float new_rank = 0.0f;
    if (degree != 0) new_rank = pagerank[inEdges[idx]] / degree;
    atomicAdd(&new_pagerank[outEdges[idx]], new_rank);
  }
}
