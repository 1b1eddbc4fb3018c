// h32.h: the 33rd header of the chain, at include depth 33 from cheat.cu. check_includes
// (generators/source_confinement.cpp) pushes a header only while its includer's depth is below
// 32, so this file is never read by the confinement check; NVRTC reads it and follows its
// include out of the problem folder (the checkout's own harness source, four levels up from
// chain/: tests/cheats/<folder>/chain/ -> the repository root).
#pragma once
#include "../../../../engine/backend/gpu/normal_knots.h"
