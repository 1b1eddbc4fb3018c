// h11.h: link 11 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h12.h"
