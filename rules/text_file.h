// Whole-file reads and atomic writes, the only ones in the code base. rules/ is the lowest
// library, so every module reaches them.
//
// User files (rule tables, problems, chips, recordings, ledgers, signal files, exports) are
// read with read_text_file: a path that is not a regular file (a FIFO would hang, /dev/zero
// never ends, a folder is no file) or is larger than the cap is refused with a located
// InputError, never read without bound. Caches and other files the tool writes for itself use
// try_read_text_file, which answers nothing instead of throwing.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace solver::rules {

// 256 MiB: far above any real input (the bundled recording is 0.2 MB), far below memory.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t(256) << 20;

// The whole file. `what` names it in the error ("rule table", "recording", ...).
std::string read_text_file(const std::string& path, std::string_view what = "file",
                           std::size_t max_bytes = kMaxInputFileBytes);

// The whole file, or nullopt when it is missing, unreadable, not a regular file or over the cap.
std::optional<std::string> try_read_text_file(const std::string& path,
                                              std::size_t max_bytes = kMaxInputFileBytes);

// Writes `content` to a temporary name unique to this process and call in the same folder,
// fsyncs it and renames it over `path` (atomic within a folder: a reader sees the old file or
// the new one, never a part), then fsyncs the folder. Throws std::runtime_error naming the
// step and errno when the environment refuses (a full disk, no permission); the temporary file
// is removed then.
void write_file_atomically(const std::string& path, std::string_view content);

}  // namespace solver::rules
