// h17.h: link 17 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h18.h"
