// Two elements per thread as before, then a warp-shuffle butterfly, one shared slot per warp,
// and a last shuffle round in warp 0: one barrier per block instead of log2(BLOCK). The kernel
// is the library's (issue 33): the cheat suites' honest reduction seed is the same code.
#include <reduce_shuffle_atomic.cu>
