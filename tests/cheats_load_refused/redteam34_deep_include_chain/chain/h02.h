// h02.h: link 2 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h03.h"
