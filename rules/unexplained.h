// "No rule explains this kernel" (issue 29): where no rule names a class, the verdict is the
// time account's largest items (the derived stall_top / pipe_top signals and the issue slots
// used), never silence. classify's verdict line and eval's case detail share this text.
#pragma once
#include <string>

#include "rules/signals.h"

namespace solver::rules {

// "no rule explains this kernel; largest stall: wait (0.26 of warp time); busiest pipe: fp64
// (0.6862 of peak); issue slots used: 0.7288", each part only where it was measured; null
// `signals` or none of them measured says so.
std::string unexplained_summary(const SignalSet* signals);

}  // namespace solver::rules
