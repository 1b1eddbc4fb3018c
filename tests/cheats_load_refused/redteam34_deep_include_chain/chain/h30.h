// h30.h: link 30 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h31.h"
