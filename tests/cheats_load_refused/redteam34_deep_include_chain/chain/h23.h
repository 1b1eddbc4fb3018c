// h23.h: link 23 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h24.h"
