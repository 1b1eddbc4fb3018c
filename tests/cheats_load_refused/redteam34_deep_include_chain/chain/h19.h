// h19.h: link 19 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h20.h"
