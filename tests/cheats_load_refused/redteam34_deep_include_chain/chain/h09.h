// h09.h: link 9 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h10.h"
