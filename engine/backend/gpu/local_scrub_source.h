// The local-memory scrub's kernel source and NVRTC options (local_scrub.h), apart from the
// driver code so a host test can compile it and read its frame from ptxas (no GPU).
#pragma once
#include <string>
#include <vector>

namespace solver::gpu {

// `solver_local_scrub(unsigned v, unsigned* sink)`: a frame of WORDS 32-bit words, every word
// stored (the run's value mixed with its index), one read back into *sink by one thread.
const char* local_scrub_source();
std::vector<std::string> local_scrub_options(const std::string& arch, int words);

}  // namespace solver::gpu
