// h22.h: link 22 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h23.h"
