// The whole-file read and the atomic write of text_file.h, relative to an open folder: what the
// caches on disk (generators/cache_trust.h) read and write through. Apart from text_file.h so the
// many files that include that one do not depend on these.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace solver::rules {

// try_read_text_file and write_file_atomically for `name` (one path component, no '/') inside the
// folder `dir_fd` is open on: what a later swap of the folder's path (a link retargeted, a parent
// renamed) cannot redirect. The read refuses a link (O_NOFOLLOW) as it refuses what is not a
// regular file; the write makes the file with `mode` (the caches: 0600). The callers are the caches
// on disk (generators/cache_trust.h).
std::optional<std::string> try_read_text_file_at(int dir_fd, const std::string& name,
                                                 std::size_t max_bytes);
void write_file_atomically_at(int dir_fd, const std::string& name, std::string_view content,
                              unsigned mode);

}  // namespace solver::rules
