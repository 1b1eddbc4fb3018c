// h13.h: link 13 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h14.h"
