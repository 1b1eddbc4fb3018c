// corpus_fresh11: darknet_reorg -- pjreddie/darknet, src/blas_kernels.cu, reorg_kernel: the
// YOLOv2 "passthrough" reorg layer (stride 2), one thread per element, its (w, h, c, b) taken
// apart by runtime integer division and modulo, then the space-to-depth index rebuilt with
// three more divisions. reorg_layer.c calls it with forward = 0 when the layer is not reversed
// (YOLOv2's [reorg] stride=2): out[in_index] = x[out_index]. Here the 608 x 608 input's
// 38 x 38 x 64 feature map at batch 64. Rewritten for the problem format (see README.md).

extern "C" __global__ void reorg_kernel(int N, float* x, int w, int h, int c, int batch,
                                        int stride, int forward, float* out) {
  int i = (blockIdx.x + blockIdx.y * gridDim.x) * blockDim.x + threadIdx.x;
  if (i >= N) return;
  int in_index = i;
  int in_w = i % w;
  i = i / w;
  int in_h = i % h;
  i = i / h;
  int in_c = i % c;
  i = i / c;
  int b = i % batch;

  int out_c = c / (stride * stride);

  int c2 = in_c % out_c;
  int offset = in_c / out_c;
  int w2 = in_w * stride + offset % stride;
  int h2 = in_h * stride + offset / stride;
  int out_index = w2 + w * stride * (h2 + h * stride * (c2 + out_c * b));

  if (forward)
    out[out_index] = x[in_index];
  else
    out[in_index] = x[out_index];
}
