// Reference for corpus_fresh11 darknet_reorg (written for the corpus; a copy, so exact): for
// each element e of the (batch, c, h, w) output, with forward = 0 as YOLOv2 calls the layer,
// the input element at the space-to-depth index of e in a (batch, c / s^2, h s, w s) view:
// channel k = q * (c / s^2) + c2 takes row h s + q / s, column w s + q % s of channel c2.
extern "C" __global__ void reorg_ref(int n, const float* x, int w, int h, int c, int s,
                                     double* out) {
  const long long total = n;
  const int oc = c / (s * s);
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < total;
       e += (long long)blockDim.x * gridDim.x) {
    const long long plane = (long long)w * h;
    const int col = (int)(e % w), row = (int)((e / w) % h);
    const long long k = (e / plane) % c, b = e / (plane * c);
    const long long q = k / oc, c2 = k % oc;
    const long long src =
        ((b * oc + c2) * (long long)(h * s) + (row * s + q / s)) * (long long)(w * s) +
        (col * s + q % s);
    out[e] = (double)x[src];
  }
}
