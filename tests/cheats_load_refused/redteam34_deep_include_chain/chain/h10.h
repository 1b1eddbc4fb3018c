// h10.h: link 10 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h11.h"
