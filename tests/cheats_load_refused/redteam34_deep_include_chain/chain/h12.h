// h12.h: link 12 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h13.h"
