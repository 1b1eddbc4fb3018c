// control_redteam38b_kappa_tang_exp child (honest, red team 38b): the seed's tiled pole response
// with exp(x) by Tang's method, a 64-entry table and Taylor to degree 5 (kernels/pole/
// exp_tang64.cuh: r^6/720 dropped, 3.4e-17 relative a term), FP64 in every instruction:
// redteam38b_kappa_short_exp's code with three more terms. ~11 FP64 operations a term against
// the library exp's ~15-17.
#define EXP_TANG64_DEGREE 5
#include "exp_tang64.cuh"

#define POLE_ENTRY pole_response_tang
#define POLE_EXP(x) exp_tang64(x, tab)
#define POLE_SHARED , tab[64]
#define POLE_SETUP EXP_TANG64_SETUP(tab)
#include "pole_response.cuh"
