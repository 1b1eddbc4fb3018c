// Undoes cuda_emulation.h's macros after the emulated source's .inc (see there).
#undef __device__
#undef __global__
#undef __shared__
#undef __forceinline__
