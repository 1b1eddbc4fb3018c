// h21.h: link 21 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h22.h"
