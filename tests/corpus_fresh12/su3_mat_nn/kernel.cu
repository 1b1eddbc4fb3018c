// corpus_fresh12: su3_mat_nn -- su3_bench (the NERSC/LBNL MILC lattice-QCD proxy), mat_nn_cuda.hpp,
// k_mat_nn: c = a * b for the four SU(3) links of every site of a 4-D lattice, one thread per
// complex output element (36 per site: link j, row k, column l), each a 3-term complex dot
// product in FP64. su3_bench's Complx (a 16-byte complex double with its + and * operators)
// and its su3_matrix / site structs, as lattice.hpp lays them out. Rewritten for the problem
// format (see README.md).

struct __align__(16) Complx {
  double real, imag;
};
__device__ inline Complx operator*(const Complx& a, const Complx& b) {
  Complx r;
  r.real = a.real * b.real - a.imag * b.imag;
  r.imag = a.real * b.imag + a.imag * b.real;
  return r;
}
__device__ inline Complx& operator+=(Complx& a, const Complx& b) {
  a.real += b.real;
  a.imag += b.imag;
  return a;
}
struct su3_matrix {
  Complx e[3][3];
};
struct site {
  su3_matrix link[4];
};

extern "C" __global__ void k_mat_nn(const site* __restrict__ a, const su3_matrix* __restrict__ b,
                                    site* __restrict__ c, int total_sites) {
  int myThread = blockDim.x * blockIdx.x + threadIdx.x;
  int mySite = myThread / 36;

  if (mySite < total_sites) {
    int j = (myThread % 36) / 9;
    int k = (myThread % 9) / 3;
    int l = myThread % 3;
    Complx cc = {0.0, 0.0};
    for (int m = 0; m < 3; m++) cc += a[mySite].link[j].e[k][m] * b[j].e[m][l];
    c[mySite].link[j].e[k][l] = cc;
  }
}
