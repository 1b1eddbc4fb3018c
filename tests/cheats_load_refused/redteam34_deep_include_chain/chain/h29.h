// h29.h: link 29 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h30.h"
