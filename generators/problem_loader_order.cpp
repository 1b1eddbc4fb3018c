// A buffer's `order:` and `count:` in problem.yaml (issue 28, h28x; docs/problem-format.md,
// "Order-free outputs"): which outputs an honest kernel may write in any order within a row,
// which permute together, and which output holds each row's number of valid entries. Every
// mistake is an error at its key: a declaration the comparison cannot honour soundly is refused
// rather than read as something weaker.
#include <algorithm>

#include "generators/problem_loader.h"

namespace solver::generators {
namespace detail {

namespace {

bool integral(DType d) {
  return d == DType::I32 || d == DType::U32 || d == DType::I64 || d == DType::U64;
}

}  // namespace

void Loader::load_order(const YAML::Node& v, BufferSpec& b) {
  if (const YAML::Node o = child(v, "order")) {
    b.order_where = at(o);
    if (o.IsScalar() && o.Scalar() == "free") {
      b.order_free = true;
    } else if (o.IsMap()) {
      rules::check_keys(o, {"with"}, file_, diags_);
      const YAML::Node w = child(o, "with");
      if (w && w.IsScalar() && !w.Scalar().empty())
        b.order_with = w.Scalar();
      else
        error(o, "order: {with: NAME} names the order: free output this one is permuted with");
    } else {
      error(o,
            "order must be 'free' (the elements of each row, the last dimension, in any "
            "order) or {with: NAME} (permuted together with the order: free output NAME), not '" +
                (o.IsScalar() ? o.Scalar() : std::string("a ") + (o.IsMap() ? "map" : "list")) +
                "'");
    }
    if ((b.order_free || !b.order_with.empty()) && b.role != BufferRole::Out)
      error(o, "buffer '" + b.name + "': order applies to outputs of role out, not " +
                   to_string(b.role) +
                   (b.role == BufferRole::InOut
                        ? " (an inout buffer starts as its input and cannot be poisoned before a "
                          "run: a permutation of that input may already be the answer's "
                          "multiset, an in-place sort, so a kernel that writes nothing would "
                          "pass; write the result to an out buffer)"
                        : ": only outputs are compared"));
  }
  if (const YAML::Node c = child(v, "count")) {
    b.count_where = at(c);
    if (!c.IsScalar() || c.Scalar().empty())
      error(c, "count names the output that holds each row's number of valid entries");
    else
      b.count = c.Scalar();
    if (!b.order_free)
      error(c, "buffer '" + b.name + "': count goes with order: free (on the group's lead: " +
                   (b.order_with.empty() ? std::string("this buffer is ordered")
                                         : "this one follows '" + b.order_with + "'") +
                   ")");
  }
}

void Loader::check_orders(const YAML::Node& buffers, const ProblemSpec& spec) {
  if (!buffers || !buffers.IsMap()) return;
  for (const BufferSpec& b : spec.buffers) {
    const YAML::Node v = child(buffers, b.name.c_str());
    if (!b.order_with.empty()) {
      const YAML::Node w = child(child(v, "order"), "with");
      const BufferSpec* lead = spec.find_buffer(b.order_with);
      if (!lead)
        error(w, "order: with '" + b.order_with + "': no such buffer");
      else if (lead == &b)
        error(w, "order: with names the buffer itself (write order: free)");
      else if (!lead->order_free)
        error(w,
              "order: with '" + b.order_with + "': that buffer is not order: free (" +
                  (lead->order_with.empty() ? "ordered" : "it follows '" + lead->order_with + "'") +
                  "); name the group's lead");
      else if (std::count_if(spec.buffers.begin(), spec.buffers.end(),
                             [&](const BufferSpec& f) { return f.order_with == b.order_with; }) > 3)
        error(w, "order: with '" + b.order_with +
                     "': more than 3 outputs follow it; a group is at most 4 outputs (the "
                     "device sort's tuple)");
      else if (lead->shape.size() != b.shape.size())
        error(w, "order: with '" + b.order_with + "': " + std::to_string(lead->shape.size()) +
                     " dimension(s) there, " + std::to_string(b.shape.size()) +
                     " here; outputs permuted together have one shape");
    }
    if (b.count.empty()) continue;
    const YAML::Node cn = child(v, "count");
    const BufferSpec* c = spec.find_buffer(b.count);
    if (!c) {
      error(cn, "count '" + b.count + "': no such buffer");
      continue;
    }
    if (c->role != BufferRole::Out)
      error(cn, "count '" + b.count + "' has role " + to_string(c->role) +
                    ": a count is an output (role out) the kernel writes");
    if (!integral(c->dtype))
      error(cn, "count '" + b.count + "' is " + to_string(c->dtype) +
                    ": a count is an integer (i32, u32, i64 or u64)");
    if (c->order_free || !c->order_with.empty())
      error(cn, "count '" + b.count +
                    "' is itself order-free: a count is compared exactly, "
                    "element by element");
  }
}

}  // namespace detail
}  // namespace solver::generators
