// h26.h: link 26 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h27.h"
