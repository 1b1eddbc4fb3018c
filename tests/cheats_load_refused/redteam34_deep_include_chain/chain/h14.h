// h14.h: link 14 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h15.h"
