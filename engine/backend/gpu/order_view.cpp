#include "engine/backend/gpu/order_view.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <thread>

#include "engine/backend/gpu/host_data.h"

namespace solver::gpu {

using generators::DType;

std::vector<OrderGroup> order_groups(const generators::ResolvedVariant& rv) {
  std::vector<OrderGroup> groups;
  std::map<int, size_t> by_lead;
  for (size_t i = 0; i < rv.buffers.size(); ++i) {
    const generators::ResolvedBuffer& b = rv.buffers[i];
    if (b.order_lead < 0) continue;
    auto [it, fresh] = by_lead.emplace(b.order_lead, groups.size());
    if (fresh) {
      const generators::ResolvedBuffer& lead = rv.buffers[size_t(b.order_lead)];
      OrderGroup g;
      g.members.push_back(size_t(b.order_lead));
      g.count = lead.order_count;
      g.row = lead.shape.empty() ? lead.elements : lead.shape.back();
      g.rows = g.row > 0 ? lead.elements / g.row : 0;
      groups.push_back(std::move(g));
    }
    if (int(i) != b.order_lead) groups[it->second].members.push_back(i);
  }
  return groups;
}

DType reference_storage(DType output) { return reference_bits(output) ? output : DType::F64; }

int64_t view_count(double value, int64_t row) {
  if (!(value > 0)) return 0;
  if (value >= double(row)) return row;
  return int64_t(value);
}

namespace {

double value_at(const void* data, DType stored, int64_t i) {
  double v;
  to_doubles(static_cast<const unsigned char*>(data) + size_t(i) * generators::dtype_size(stored),
             1, stored, &v, 1);
  return v;
}

// An order-preserving 64-bit key of element i: integers by value, floats by value with -0 = +0
// and NaN above every other value (the device's sc_order_key, compare_source.cpp).
uint64_t order_key(const void* data, DType stored, int64_t i) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  if (stored == DType::I64 || stored == DType::U64) {
    uint64_t bits;
    std::memcpy(&bits, p + size_t(i) * 8, 8);
    return stored == DType::I64 ? bits ^ (uint64_t(1) << 63) : bits;
  }
  const double v = value_at(data, stored, i);
  if (std::isnan(v)) return ~uint64_t(0);
  if (v == 0) return uint64_t(1) << 63;  // -0 and +0 alike
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  return (bits >> 63) ? ~bits : bits | (uint64_t(1) << 63);
}

void sort_row(const std::vector<OrderColumn>& cols, int64_t begin, int64_t n,
              std::vector<std::pair<uint64_t, int64_t>>& keys, std::vector<unsigned char>& tmp) {
  if (n < 2) return;
  keys.resize(size_t(n));
  for (int64_t j = 0; j < n; ++j)
    keys[size_t(j)] = {order_key(cols[0].data, cols[0].stored, begin + j), begin + j};
  std::sort(keys.begin(), keys.end(), [&](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    for (size_t m = 1; m < cols.size(); ++m) {
      const uint64_t ka = order_key(cols[m].data, cols[m].stored, a.second),
                     kb = order_key(cols[m].data, cols[m].stored, b.second);
      if (ka != kb) return ka < kb;
    }
    return false;
  });
  for (const OrderColumn& c : cols) {
    const size_t size = generators::dtype_size(c.stored);
    unsigned char* base = static_cast<unsigned char*>(c.data);
    tmp.resize(size_t(n) * size);
    for (int64_t j = 0; j < n; ++j)
      std::memcpy(tmp.data() + size_t(j) * size, base + size_t(keys[size_t(j)].second) * size,
                  size);
    std::memcpy(base + size_t(begin) * size, tmp.data(), tmp.size());
  }
}

}  // namespace

std::vector<int64_t> row_counts(const void* count, DType stored, int64_t rows, int64_t row) {
  std::vector<int64_t> out(size_t(std::max<int64_t>(rows, 0)));
  for (int64_t r = 0; r < rows; ++r) {
    double v;
    if (stored == DType::I64 || stored == DType::U64) {
      uint64_t bits;
      std::memcpy(&bits, static_cast<const unsigned char*>(count) + size_t(r) * 8, 8);
      v = wide_int_value(stored, bits);
    } else {
      v = value_at(count, stored, r);
    }
    out[size_t(r)] = view_count(v, row);
  }
  return out;
}

bool order_less(const std::vector<OrderColumn>& cols, int64_t a, int64_t b) {
  for (const OrderColumn& c : cols) {
    const uint64_t ka = order_key(c.data, c.stored, a), kb = order_key(c.data, c.stored, b);
    if (ka != kb) return ka < kb;
  }
  return false;
}

void sort_rows(const std::vector<OrderColumn>& cols, int64_t rows, int64_t row,
               const int64_t* counts, int threads) {
  if (cols.empty() || rows <= 0 || row <= 0) return;
  unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const int64_t workers = std::min<int64_t>(rows, threads > 0 ? threads : int64_t(hw));
  auto work = [&](int64_t w) {
    std::vector<std::pair<uint64_t, int64_t>> keys;
    std::vector<unsigned char> tmp;
    for (int64_t r = w; r < rows; r += workers)
      sort_row(cols, r * row, counts ? std::clamp<int64_t>(counts[r], 0, row) : row, keys, tmp);
  };
  if (workers <= 1) return work(0);
  std::vector<std::thread> pool;
  for (int64_t w = 1; w < workers; ++w) pool.emplace_back(work, w);
  work(0);
  for (auto& t : pool) t.join();
}

void mark_uncounted(const std::vector<OrderColumn>& cols, int64_t rows, int64_t row,
                    const int64_t* counts) {
  if (!counts || rows <= 0 || row <= 0) return;
  for (const OrderColumn& c : cols) {
    const bool bits = c.stored == DType::I64 || c.stored == DType::U64;
    if (!bits && c.stored != DType::F64) continue;  // reference columns only: f64 or 64-bit bits
    unsigned char* base = static_cast<unsigned char*>(c.data);
    const double inf = std::numeric_limits<double>::infinity();
    const uint64_t ones = ~uint64_t(0);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = std::clamp<int64_t>(counts[r], 0, row); j < row; ++j) {
        unsigned char* at = base + size_t(r * row + j) * 8;
        if (bits)
          std::memcpy(at, &ones, 8);
        else
          std::memcpy(at, &inf, 8);
      }
  }
}

namespace {

template <class Ptr>
void order_outputs(const generators::ResolvedVariant& rv, const std::vector<size_t>& outputs,
                   const std::vector<Ptr>& data, bool reference) {
  for (const OrderGroup& g : order_groups(rv)) {
    auto column = [&](size_t buffer) -> std::optional<OrderColumn> {
      for (size_t k = 0; k < outputs.size() && k < data.size(); ++k)
        if (outputs[k] == buffer) {
          const DType d = rv.buffers[buffer].dtype;
          return OrderColumn{static_cast<void*>(data[k]), reference ? reference_storage(d) : d};
        }
      return std::nullopt;
    };
    std::vector<OrderColumn> cols;
    for (size_t m : g.members)
      if (auto c = column(m)) cols.push_back(*c);
    if (cols.size() != g.members.size()) continue;
    std::vector<int64_t> counts;
    if (g.count >= 0) {
      auto c = column(size_t(g.count));
      if (!c) continue;
      counts = row_counts(c->data, c->stored, g.rows, g.row);
    }
    sort_rows(cols, g.rows, g.row, counts.empty() ? nullptr : counts.data());
    if (reference && !counts.empty()) mark_uncounted(cols, g.rows, g.row, counts.data());
  }
}

}  // namespace

void order_reference(const generators::ResolvedVariant& rv, const std::vector<size_t>& outputs,
                     const std::vector<double*>& data) {
  order_outputs(rv, outputs, data, true);
}

void order_candidate(const generators::ResolvedVariant& rv, const std::vector<size_t>& outputs,
                     const std::vector<unsigned char*>& data) {
  order_outputs(rv, outputs, data, false);
}

}  // namespace solver::gpu
