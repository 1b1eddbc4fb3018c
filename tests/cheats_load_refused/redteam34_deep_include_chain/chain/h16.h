// h16.h: link 16 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h17.h"
