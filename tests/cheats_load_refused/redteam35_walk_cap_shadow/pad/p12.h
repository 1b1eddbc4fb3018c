// pad/p12.h: one of 16 files of a padding include folder (red team 35); nothing includes it.
#pragma once
