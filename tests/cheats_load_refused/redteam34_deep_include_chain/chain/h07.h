// h07.h: link 7 of the chain (redteam34_deep_include_chain, README.md)
#pragma once
#include "h08.h"
