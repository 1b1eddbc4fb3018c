// Red team 39 (issue 28, P4c): red team 15's cut exp (kernels/pole/exp_tang64.cuh at degree 2: a
// 64-entry table and 1 + r + r^2/2, 2.6e-8 a term, FP64 in every instruction, so no static rule
// sees it) on red team 15's own law (p t in [-64, -1], where the class bound refused it at 1.82 x),
// in a problem that declares an absolute tolerance beside its relative one, as most do
// (`fp64: {rtol: 1.0e-6, atol: 1.0e-6}`). The measured class bound is atol + 2^-32 max(|r|, S)
// (engine/backend/gpu/class_bound.h): the problem's atol is added to the class's own term, so
// wherever |r| and S are below atol x 2^32 (~4,300 here) the class is measured no finer than the
// problem's tolerance, which is what P4c exists to go beyond ("an fp64 variant's outputs are as
// precise as FP64, not only inside the problem's tolerance").
#define EXP_TANG64_DEGREE 2
#include "exp_tang64.cuh"

#define POLE_ENTRY pole_response_atol_cut
#define POLE_EXP(x) exp_tang64(x, tab)
#define POLE_SHARED , tab[64]
#define POLE_SETUP EXP_TANG64_SETUP(tab)
#include "pole_response.cuh"
