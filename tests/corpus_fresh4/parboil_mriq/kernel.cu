// corpus_fresh4: parboil_mriq -- from the Parboil benchmark suite (IMPACT group, University of
// Illinois), mri-q, the CUDA version's ComputeQ_GPU, the Q-matrix kernel of the MRI reconstruction
// case study in Kirk & Hwu's "Programming Massively Parallel Processors" (ch. "Application case
// study: non-Cartesian MRI"); launched with 256-thread blocks over numX, one launch per tile of
// KERNEL_Q_K_ELEMS_PER_GRID = 1024 k-space samples
// license: University of Illinois/NCSA Open Source License; written here in the benchmark's form
// adapted: extern "C"; the tile of k-space samples is read through a pointer (ck) instead of a
// __constant__ array filled by cudaMemcpyToSymbol, which the problem format cannot do (as public
// course versions of the kernel also pass it); one tile (numK = 1024, kGlobalIndex 0)
#define PIx2 6.2831853071795864769252867665590058f
#define KERNEL_Q_THREADS_PER_BLOCK 256
#define KERNEL_Q_K_ELEMS_PER_GRID 1024

struct kValues {
  float Kx;
  float Ky;
  float Kz;
  float PhiMag;
};

extern "C" __global__ void ComputeQ_GPU(int numK, int kGlobalIndex, const float* x, const float* y,
                                        const float* z, float* Qr, float* Qi,
                                        const kValues* __restrict__ ck) {
  float sX;
  float sY;
  float sZ;
  float sQr;
  float sQi;

  // Determine the element of the X arrays computed by this thread
  int xIndex = blockIdx.x * KERNEL_Q_THREADS_PER_BLOCK + threadIdx.x;

  // Read block's X values from global mem to shared mem
  sX = x[xIndex];
  sY = y[xIndex];
  sZ = z[xIndex];
  sQr = Qr[xIndex];
  sQi = Qi[xIndex];

  // Loop over all elements of K in constant mem to compute a partial value
  // for X.
  int kIndex = 0;
  if (numK % 2) {
    float expArg = PIx2 * (ck[0].Kx * sX + ck[0].Ky * sY + ck[0].Kz * sZ);
    sQr += ck[0].PhiMag * cos(expArg);
    sQi += ck[0].PhiMag * sin(expArg);
    kIndex++;
    kGlobalIndex++;
  }

  for (; (kIndex < KERNEL_Q_K_ELEMS_PER_GRID) && (kGlobalIndex < numK);
       kIndex += 2, kGlobalIndex += 2) {
    float expArg = PIx2 * (ck[kIndex].Kx * sX + ck[kIndex].Ky * sY + ck[kIndex].Kz * sZ);
    sQr += ck[kIndex].PhiMag * cos(expArg);
    sQi += ck[kIndex].PhiMag * sin(expArg);

    int kIndex1 = kIndex + 1;
    float expArg1 = PIx2 * (ck[kIndex1].Kx * sX + ck[kIndex1].Ky * sY + ck[kIndex1].Kz * sZ);
    sQr += ck[kIndex1].PhiMag * cos(expArg1);
    sQi += ck[kIndex1].PhiMag * sin(expArg1);
  }

  Qr[xIndex] = sQr;
  Qi[xIndex] = sQi;
}
