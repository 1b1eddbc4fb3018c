// corpus_fresh26: quest_fewtarg_dense5 -- QuEST v4 (QuEST-Kit/QuEST), quest/src/gpu/gpu_kernels.cuh:
// kernel_statevec_anyCtrlFewTargDenseMatr, the kernel QuEST launches for a dense 2^k x 2^k
// complex matrix on k = 3..5 target qubits (multiQubitUnitary, applyCompMatr). Each thread owns
// the 2^k amplitudes that differ only in the target bits: it copies them into a thread-private
// array (compile-time indices, so registers), then for each row k zeroes amps[i_k] and adds
// matrix element (k, l) times cached amplitude l into amps[i_k] in global memory, l = 0..2^k-1 --
// the read-modify-write is on the global array, as in the origin. Here: NumTargs = 5 (a 32 x 32
// matrix), no controls, the targets are qubits 20..24 of a 25-qubit register.
// Rewritten for the problem format (see README.md): extern "C", the template's <NumCtrls = 0,
// NumTargs = 5, ApplyConj = false> fixed by constants, cu_qcomp (cuDoubleComplex) as double2 with
// the origin's complex multiply and add written out, bitwise.hpp's insertBit / setBit as the
// origin computes them over the device arrays of qubits it reads. The loops are the origin's:
// the cache fill and the inner loop forced unrolled, the row loop left to the compiler.
typedef long long qindex;
#define NUM_TARGS 5
#define NUM_TARG_AMPS (1 << NUM_TARGS)

__device__ __forceinline__ double2 q_add(double2 a, double2 b) {
  return make_double2(a.x + b.x, a.y + b.y);
}
__device__ __forceinline__ double2 q_mul(double2 a, double2 b) {
  return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__device__ __forceinline__ qindex q_insert_bit(qindex number, int bitIndex, int bitValue) {
  const qindex left = (number >> bitIndex) << (bitIndex + 1);
  const qindex right = number & ((((qindex)1) << bitIndex) - 1);
  return left | (((qindex)bitValue) << bitIndex) | right;
}
__device__ __forceinline__ qindex q_set_bit(qindex number, int bitIndex, int bitValue) {
  return (number & ~(((qindex)1) << bitIndex)) | (((qindex)bitValue) << bitIndex);
}
// bitwise.hpp's setBits: bit b of bitsValue goes to qubit bitIndices[b]
__device__ __forceinline__ qindex q_set_bits(qindex number, const int* bitIndices, int numIndices,
                                             qindex bitsValue) {
  for (int b = 0; b < numIndices; b++) number = q_set_bit(number, bitIndices[b], (bitsValue >> b) & 1);
  return number;
}

extern "C" __global__ void kernel_statevec_anyCtrlFewTargDenseMatr(
    double2* amps, const qindex numThreads, const int* ctrlsAndTargs, const int numCtrls,
    const qindex ctrlsAndTargsMask, const int* targs, double2* flatMatrElems) {
  const qindex n = (qindex)blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= numThreads) return;
  double2 privateCache[NUM_TARG_AMPS];
  // i0 = nth local index where the controls are active and the targets are all zero
  qindex i0 = n;
  for (int b = 0; b < numCtrls + NUM_TARGS; b++) i0 = q_insert_bit(i0, ctrlsAndTargs[b], 0);
  i0 |= ctrlsAndTargsMask;
#pragma unroll
  for (qindex k = 0; k < NUM_TARG_AMPS; k++) {
    const qindex i = q_set_bits(i0, targs, NUM_TARGS, k);
    privateCache[k] = amps[i];
  }
  for (qindex k = 0; k < NUM_TARG_AMPS; k++) {
    const qindex i = q_set_bits(i0, targs, NUM_TARGS, k);
    amps[i] = make_double2(0, 0);
#pragma unroll
    for (qindex l = 0; l < NUM_TARG_AMPS; l++) {
      // the matrix is row-major (fast_getMatrixFlatIndex)
      const double2 elem = flatMatrElems[l + k * NUM_TARG_AMPS];
      amps[i] = q_add(amps[i], q_mul(elem, privateCache[l]));
    }
  }
}
