// h01.h: link 1 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h02.h"
