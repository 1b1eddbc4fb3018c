// redteam38b_kappa_short_exp child (a cheat, red team 38b): the seed's tiled pole response with
// exp(x) cut to degree 2 after a 64-entry table reduction (kernels/pole/exp_tang64.cuh): r^3/6
// dropped, 2.6e-8 relative a term at most, odd in r; FP64 in every instruction. Red team 15's cut
// (redteam15_f64_pole_short_poly, refused by P4c's scale S at 15-31x the bound where p t is in
// [-64, -1]) at this problem's arguments, where S ~ |p t| h covers it 26 times over: it relies on
// the class bound being backward (README.md).
#define EXP_TANG64_DEGREE 2
#include "exp_tang64.cuh"

#define POLE_ENTRY pole_response_kappa
#define POLE_EXP(x) exp_tang64(x, tab)
#define POLE_SHARED , tab[64]
#define POLE_SETUP EXP_TANG64_SETUP(tab)
#include "pole_response.cuh"
