// corpus_fresh26: quest_onetarg_dense_q0 -- QuEST v4 (QuEST-Kit/QuEST), quest/src/gpu/gpu_kernels.cuh:
// kernel_statevec_anyCtrlOneTargDenseMatr_subA, the kernel QuEST launches for any one-qubit gate
// given as a dense 2x2 complex matrix (compactUnitary, Hadamard, rotations, ...) on a statevector
// held on one GPU. Thread n inserts a zero at the target bit of n to find the pair (i0, i1 = i0
// with the target bit set), reads both complex amplitudes and writes the matrix times the pair.
// Here: no control qubits (the template's NumCtrls = 0) and the target is qubit 0, so thread n
// owns amplitudes 2n and 2n + 1.
// Rewritten for the problem format (see README.md): extern "C"; cu_qcomp (cuDoubleComplex, a
// 16-byte double2) as double2 with the origin's complex multiply and add written out; the four
// matrix elements, which the origin passes as four cu_qcomp by value, as eight doubles; qindex
// (long long) kept; insertBitsWithMaskedValues / insertBit / flipBit as the origin's bitwise.hpp
// computes them, over the device array of sorted control-and-target qubits it reads.
typedef long long qindex;

__device__ __forceinline__ double2 q_add(double2 a, double2 b) {
  return make_double2(a.x + b.x, a.y + b.y);
}
__device__ __forceinline__ double2 q_mul(double2 a, double2 b) {
  return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
// bitwise.hpp's insertBit: the bits of `number` from bitIndex up move one place left, and
// bitValue goes in at bitIndex.
__device__ __forceinline__ qindex q_insert_bit(qindex number, int bitIndex, int bitValue) {
  const qindex left = (number >> bitIndex) << (bitIndex + 1);
  const qindex right = number & ((((qindex)1) << bitIndex) - 1);
  return left | (((qindex)bitValue) << bitIndex) | right;
}

extern "C" __global__ void kernel_statevec_anyCtrlOneTargDenseMatr_subA(
    double2* amps, const qindex numThreads, const int* ctrlsAndTarg, const int numCtrls,
    const qindex ctrlStateMask, const int targ, const double m00r, const double m00i,
    const double m01r, const double m01i, const double m10r, const double m10i,
    const double m11r, const double m11i) {
  const qindex n = (qindex)blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= numThreads) return;
  // i0 = nth local index where the controls are active and the target is 0
  qindex i0 = n;
  for (int b = 0; b < numCtrls + 1; b++) i0 = q_insert_bit(i0, ctrlsAndTarg[b], 0);
  i0 |= ctrlStateMask;
  const qindex i1 = i0 ^ (((qindex)1) << targ);
  // the pair is strided by 2^targ
  const double2 amp0 = amps[i0];
  const double2 amp1 = amps[i1];
  const double2 m00 = make_double2(m00r, m00i), m01 = make_double2(m01r, m01i);
  const double2 m10 = make_double2(m10r, m10i), m11 = make_double2(m11r, m11i);
  amps[i0] = q_add(q_mul(m00, amp0), q_mul(m01, amp1));
  amps[i1] = q_add(q_mul(m10, amp0), q_mul(m11, amp1));
}
