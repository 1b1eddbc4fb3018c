// h24.h: link 24 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h25.h"
