// h03.h: link 3 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h04.h"
