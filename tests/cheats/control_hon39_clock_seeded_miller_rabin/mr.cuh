// control_hon39_clock_seeded_miller_rabin: one Miller-Rabin round of odd m = d * 2^s + 1 to base a
// (products below 2^62: m < 2^31). True where a is no witness of m's compositeness.
__device__ __forceinline__ unsigned long long mulmod(unsigned long long a, unsigned long long b,
                                                     unsigned long long m) {
  return a * b % m;
}
__device__ __forceinline__ bool mr_round(unsigned long long m, unsigned long long d, int s, unsigned long long a) {
  unsigned long long x = 1, p = a % m;
  for (unsigned long long e = d; e; e >>= 1) {
    if (e & 1) x = mulmod(x, p, m);
    p = mulmod(p, p, m);
  }
  if (x == 1 || x == m - 1) return true;
  for (int j = 0; j < s - 1; ++j) {
    x = mulmod(x, x, m);
    if (x == m - 1) return true;
  }
  return false;
}
__device__ __forceinline__ void mr_split(unsigned long long m, unsigned long long& d, int& s) {
  d = m - 1;
  s = 0;
  while ((d & 1) == 0) d >>= 1, ++s;
}
__device__ __forceinline__ int mr_fixed(unsigned long long m) {
  unsigned long long d;
  int s;
  mr_split(m, d, s);
  const unsigned long long bases[4] = {2, 3, 5, 7};
  for (int k = 0; k < 4; ++k)
    if (!mr_round(m, d, s, bases[k])) return 0;
  return 1;
}
