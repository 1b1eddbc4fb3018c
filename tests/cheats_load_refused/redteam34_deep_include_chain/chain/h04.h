// h04.h: link 4 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h05.h"
