// h31.h: link 31 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h32.h"
