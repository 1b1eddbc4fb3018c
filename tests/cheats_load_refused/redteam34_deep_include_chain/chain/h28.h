// h28.h: link 28 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h29.h"
