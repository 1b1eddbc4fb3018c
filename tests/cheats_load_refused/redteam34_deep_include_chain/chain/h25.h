// h25.h: link 25 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h26.h"
