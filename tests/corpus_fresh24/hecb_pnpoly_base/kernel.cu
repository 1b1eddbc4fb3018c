// corpus_fresh24: hecb_pnpoly_base -- HeCBench (zjin-lcf/HeCBench), src/pnpoly-cuda: the
// point-in-polygon kernel of Ben van Werkhoven's Kernel Tuner example (pnpoly_base, the version the
// benchmark checks the tuned ones against): each thread takes one point and walks the 600 edges of
// one polygon, flipping a bit at every edge a ray from the point in +x crosses (the crossing
// number test of Dan Sunday's "Inclusion of a Point in a Polygon").
// Rewritten for the problem format (see README.md): extern "C", VERTICES as PN_VERTICES; the edge
// walk, the slope division, the two comparisons and the launch (256-thread blocks, a point a
// thread) as the origin's.

#define PN_VERTICES 600

extern "C" __global__ void pnpoly_base(int* __restrict__ bitmap, const float2* __restrict__ point,
                                       const float2* __restrict__ vertex, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int inside = 0;
    const float2 p = point[i];

    int k = PN_VERTICES - 1;
    for (int j = 0; j < PN_VERTICES; k = j++) {  // the edge from vertex j to vertex k
      const float2 vj = vertex[j];
      const float2 vk = vertex[k];

      const float slope = (vk.x - vj.x) / (vk.y - vj.y);

      // p lies between the edge's ends in y, and left of the edge at p's height
      if (((vj.y > p.y) != (vk.y > p.y)) && (p.x < slope * (p.y - vj.y) + vj.x)) {
        inside = !inside;
      }
    }

    bitmap[i] = inside;  // 1 inside (an odd count), 0 outside
  }
}
