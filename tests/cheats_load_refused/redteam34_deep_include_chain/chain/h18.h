// h18.h: link 18 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h19.h"
