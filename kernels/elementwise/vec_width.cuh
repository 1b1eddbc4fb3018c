// vec_t: the float vector of VEC lanes (4: float4, 2: float2, else float), the unit of a
// kernel's global loads and stores when their width is a knob. Shared by problems/sgemm_2048
// (tiled: the staging loads of A and B) and problems/layernorm_4096 (team: the row's loads and
// stores); the including kernel defines VEC before the include. Each kernel keeps its own lane
// accessor (one reads lanes, the other writes them).
#pragma once

#if VEC == 4
typedef float4 vec_t;
#elif VEC == 2
typedef float2 vec_t;
#else
typedef float vec_t;
#endif
