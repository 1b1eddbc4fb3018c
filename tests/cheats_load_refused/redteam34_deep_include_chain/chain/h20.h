// h20.h: link 20 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h21.h"
