// What the host part of a kernel file (its `main`) says that a problem draft needs: the sizes
// it sets (`const int N = 4096;`, `#define M 1024`), the launches (`k<<<grid, block>>>(args)`
// with `dim3` variables resolved), and the element count of each device allocation
// (`cudaMalloc(&d_a, M * K * sizeof(float))`). Text in, facts out, never throws; what it
// cannot read is simply absent, and `problems new` keeps its TODO there.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace solver::generators {

struct HostLaunch {
  std::string kernel;
  std::vector<std::string> grid, block;  // components as written (1 to 3)
  std::vector<std::string> args;         // call arguments as written
  std::string text;                      // the launch as written, for comments
};

struct HostFacts {
  std::map<std::string, std::string> int_values;          // name -> integer literal
  std::map<std::string, std::vector<std::string>> dim3s;  // dim3 variable -> components
  std::map<std::string, std::string> alloc_elements;      // device pointer -> element count
  std::vector<HostLaunch> launches;
  const HostLaunch* launch_of(const std::string& kernel) const;
};

// `host` is the file's host code with comments removed (KernelFileScan::host_source).
HostFacts scan_host_code(const std::string& host);

// `expr` (C, over main's names) as a problem.yaml expression over the problem's scalars:
// names in `rename` are replaced, other names with a known integer value by the value, and a
// C integer division is written floor(...). "" when a name would be left that the problem
// does not know (the caller keeps its default and a TODO).
std::string translate_host_expr(const std::string& expr,
                                const std::map<std::string, std::string>& rename,
                                const HostFacts& facts);

}  // namespace solver::generators
