// h15.h: link 15 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h16.h"
