// Host emulation check (scripts/host_emu/run_fresh8.sh): OpenCV 2.4's equalizeHist remap and CUDA
// by Example's constant-memory ray tracer, at full size.
#include "emu.h"

// The folder's sources, unchanged (the emulator defines the CUDA keywords first).
#include "tests/corpus_fresh8/cbe_ray_const/kernel.cu"
#include "tests/corpus_fresh8/cbe_ray_const/reference.cu"
#include "tests/corpus_fresh8/cv_equalize_hist_const/kernel.cu"
#include "tests/corpus_fresh8/cv_equalize_hist_const/reference.cu"

int main() {
  int bad = 0;
  {  // equalize at full size (8192 x 8192), every pixel value, through the formulas of one block
     // row
    const int cols = 8192, rows = 8192;
    const long long npix = (long long)cols * rows;
    int b = 0;
    for (int v = 0; v < 256; ++v) {
      int k = __float2int_rn(255.0f / (cols * rows) * c_lut[v]);
      double cdf = (double)(v + 1) * (double)(npix / 256);
      unsigned r = (unsigned)rint(255.0 / (double)npix * cdf);
      if ((unsigned)(k & 0xff) != r) ++b;
    }
    // and the kernel itself on a 64 x 32 corner of the image (step 8192), against the word
    // reference
    std::vector<unsigned> src(8192 * 32 / 4), dst(8192 * 32 / 4, 0);
    for (auto& w : src) w = (unsigned)rnd64();
    std::vector<double> ref(src.size());
    emu::launch_blocks(
        dim3(512, 512), dim3(16, 16), {dim3(0, 0), dim3(1, 0), dim3(2, 1), dim3(3, 1)}, [&] {
          equalizeHist_kernel((const uchar*)src.data(), 8192, cols, rows, (uchar*)dst.data(), 8192);
        });
    emu::launch(dim3(src.size() / 256), dim3(256),
                [&] { equalize_ref(src.data(), ref.data(), src.size(), npix); });
    for (int y = 0; y < 32; ++y)
      for (int x = 0; x < 64; ++x) {
        size_t wi = (y * 8192 + x) / 4;
        if (dst[wi] != (unsigned)ref[wi] && ((y < 16 && x < 32) || (y >= 16 && x >= 32))) ++b;
      }
    printf("equalize: %d mismatches (256 values at full size, 4 blocks of pixels)\n", b);
    bad += b;
  }
  {  // ray tracer: blocks at the image centre (the spheres) and at the rims, exact
    const int DIMv = 4096;
    std::vector<unsigned> img(DIMv * DIMv / 1, 0);
    std::vector<double> ref(img.size(), -1);
    std::vector<dim3> blocks;
    for (int by = 96; by < 160; by += 3)
      for (int bx = 96; bx < 160; bx += 3) blocks.push_back(dim3(bx, by));
    blocks.push_back(dim3(0, 0));
    blocks.push_back(dim3(255, 255));
    emu::launch_blocks(dim3(256, 256), dim3(16, 16), blocks,
                       [&] { ray_const_kernel((unsigned char*)img.data()); });
    emu::launch_blocks(dim3(256, 256), dim3(16, 16), blocks, [&] { ray_ref(ref.data(), DIMv); });
    int b = 0, hit = 0, n = 0;
    for (auto bl : blocks)
      for (int ty = 0; ty < 16; ++ty)
        for (int tx = 0; tx < 16; ++tx) {
          size_t i = (size_t)(bl.y * 16 + ty) * DIMv + bl.x * 16 + tx;
          ++n;
          if (img[i] != (unsigned)ref[i]) ++b;
          if ((img[i] & 0xffffff) != 0) ++hit;
        }
    printf("ray tracer: %d of %d pixels differ (%d pixels hit a sphere)\n", b, n, hit);
    bad += b;
  }
  return bad != 0;
}
