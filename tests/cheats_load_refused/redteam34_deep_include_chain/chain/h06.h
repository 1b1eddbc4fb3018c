// h06.h: link 6 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h07.h"
