// h08.h: link 8 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h09.h"
