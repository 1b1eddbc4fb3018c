// The names of the temporary files the tool writes before renaming them into place, made and
// recognised in one place, so a cleanup after a kill finds every leftover the writer can leave
// (issue 27: a cleanup that matched only "*.tmp" missed "measurements.json.tmp.<pid>.<n>").
#pragma once
#include <string>
#include <string_view>

namespace solver::rules {

// "<path>.tmp.<pid>.<n>": unique to this process and call, in the same folder as `path`.
std::string temp_name_for(const std::string& path);

// True for a file name (no folder) that temp_name_for made ("x.json.tmp.4242.7"), or that an
// older solver made ("x.json.tmp").
bool is_temp_name(std::string_view filename);

}  // namespace solver::rules
