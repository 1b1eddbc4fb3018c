// h00.h: link 0 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h01.h"
