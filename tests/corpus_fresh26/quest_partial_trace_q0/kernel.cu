// corpus_fresh26: quest_partial_trace_q0 -- QuEST v4 (QuEST-Kit/QuEST), quest/src/gpu/gpu_kernels.cuh:
// kernel_densmatr_partialTrace_sub, the kernel behind calcPartialTrace on a density matrix held on
// one GPU. A density matrix of N qubits is stored as a 2N-qubit vector (column-major: bit q of
// the flat index is the ket's qubit q, bit N + q the bra's); tracing out target qubits sums, for
// each output amplitude n, the 2^t input amplitudes whose ket and bra target bits are equal.
// Here: N = 12 qubits (a 2^24-amplitude matrix), one traced qubit, qubit 0 (ket bit 0, bra bit
// 12): thread n sums input amplitudes k and k + 1 + 2^12, k = n with zeros inserted at bits 0
// and 12, and writes output amplitude n (an 11-qubit density matrix).
// Rewritten for the problem format (see README.md): extern "C", the template's NumTargs = 1
// fixed, cu_qcomp (cuDoubleComplex) as double2, bitwise.hpp's insertBits / setBits as the origin
// computes them over the device arrays of qubits it reads.
typedef long long qindex;
#define NUM_TARG_PAIRS 1

__device__ __forceinline__ qindex q_insert_bit(qindex number, int bitIndex, int bitValue) {
  const qindex left = (number >> bitIndex) << (bitIndex + 1);
  const qindex right = number & ((((qindex)1) << bitIndex) - 1);
  return left | (((qindex)bitValue) << bitIndex) | right;
}
__device__ __forceinline__ qindex q_set_bit(qindex number, int bitIndex, int bitValue) {
  return (number & ~(((qindex)1) << bitIndex)) | (((qindex)bitValue) << bitIndex);
}

extern "C" __global__ void kernel_densmatr_partialTrace_sub(const double2* ampsIn, double2* ampsOut,
                                                            const qindex numThreads,
                                                            const int* ketTargs,
                                                            const int* pairTargs,
                                                            const int* allTargs,
                                                            const int numKetTargs) {
  const qindex n = (qindex)blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= numThreads) return;
  const int numAllTargs = 2 * NUM_TARG_PAIRS;
  const qindex numIts = ((qindex)1) << NUM_TARG_PAIRS;
  // k = nth local index of the input where all targets and pairs are zero (allTargs sorted)
  qindex k = n;
  for (int b = 0; b < numAllTargs; b++) k = q_insert_bit(k, allTargs[b], 0);
  // each output amplitude sums 2^targs input amplitudes
  double2 outAmp = make_double2(0, 0);
  for (qindex j = 0; j < numIts; j++) {
    // i = nth local index of the input where the targets = j and the pair targets = j
    qindex i = k;
    for (int b = 0; b < NUM_TARG_PAIRS; b++) i = q_set_bit(i, ketTargs[b], (j >> b) & 1);
    for (int b = 0; b < NUM_TARG_PAIRS; b++) i = q_set_bit(i, pairTargs[b], (j >> b) & 1);
    const double2 a = ampsIn[i];
    outAmp = make_double2(outAmp.x + a.x, outAmp.y + a.y);
  }
  ampsOut[n] = outAmp;
}
