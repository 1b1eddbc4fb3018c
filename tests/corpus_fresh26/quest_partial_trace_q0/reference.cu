// Reference for corpus_fresh26 quest_partial_trace_q0 (written for the corpus): the trace over
// qubit 0 of a 12-qubit density matrix (2^24 complex amplitudes, column-major as a 24-bit flat
// index) in float64. Output n (11 + 11 bits: ket bits 0..10, bra bits 11..21) takes ket bits
// 1..11 and bra bits 13..23 of the input: the sum of input elements with ket bit 0 = bra bit 12
// = 0 and = 1.
extern "C" __global__ void ptrace_ref(const double* in, double* out, long long numThreads) {
  const long long n = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= numThreads) return;
  const long long ket = n & ((1LL << 11) - 1);
  const long long bra = n >> 11;
  const long long k = (ket << 1) | (bra << 13);  // ket bit 0 and bra bit 12 zero
  const long long k1 = k | 1LL | (1LL << 12);     // both one
  out[2 * n] = in[2 * k] + in[2 * k1];
  out[2 * n + 1] = in[2 * k + 1] + in[2 * k1 + 1];
}
