// src/sum4.h: the float4 sum of the control's loop (red team 35's control). include/sum4.h is a
// symlink to this file, inside the problem folder: NVRTC reads it through the link, and so does
// the confinement check (it resolves inside).
#pragma once
__device__ __forceinline__ float sum4(float4 v) { return (v.x + v.y) + (v.z + v.w); }
