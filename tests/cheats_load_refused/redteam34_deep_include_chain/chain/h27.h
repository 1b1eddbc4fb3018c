// h27.h: link 27 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h28.h"
