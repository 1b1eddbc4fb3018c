// h05.h: link 5 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h06.h"
