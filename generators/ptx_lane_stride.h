// The lane stride of global accesses, a static code fact (issue 29): for each global (or
// generic) load and store of a launched entry (ld, ldu, st; atomics, cp.async, TMA and wmma
// loads and stores are not counted), how far apart the addresses of adjacent lanes are, from
// an affine analysis of the PTX. A register's value is tracked as its coefficient on
// the lane index (%tid.x, or %laneid) through mov, cvt, cvta, add, sub, neg, mul, mad and shl by
// a constant; a value the same for every lane of a warp (%ntid, %ctaid, %nctaid, kernel
// parameters, constants, and %tid.y and %tid.z, read as warp-uniform because a block's x
// extent is normally a multiple of 32) has coefficient 0, and a lane value multiplied by a
// uniform value that is not a literal (a row pitch `n`) has a symbolic coefficient.
// `threadIdx.x % 2^k` (and, rem) keeps a unit coefficient over aligned runs of 2^k lanes and
// `threadIdx.x / 2^k` (shr, div) is flat over them, so a warp split into groups of 16 lanes is
// read group by group. Anything else with a lane-varying input is unknown: a loaded value (an
// index read from memory), another division or shift, a bitwise operation, a select on a
// lane-varying predicate. A register written more than once (a loop counter, a value that
// crosses a branch) joins its definitions: the same coefficient keeps it, different ones make
// it unknown.
//
// A thread's run: the accesses through one address register at constant offsets ("[%rd8]" to
// "[%rd8+7]", a thread storing eight bytes one at a time) cover the bytes from the lowest offset
// to the end of the highest. An access is then, by its address's coefficient in bytes (the lane
// stride times the access width):
//   contiguous  at most 16 bytes or at most the thread's run (a unit-stride stream of 1 to
//               16-byte elements, a broadcast, a thread's eight bytes next to its neighbour's),
//               over runs of lanes that cover at least a 32-byte sector: the warp's sectors
//               are filled by its own bytes;
//   strided     further apart, or a symbolic stride (a column walk, a naive transpose's write),
//               or runs of lanes too short to fill a sector: each lane needs sectors of its
//               own, so a warp moves more sectors than its bytes fill;
//   unknown     an address not affine in the lane (a gather through a loaded index).
// Each access weighs 8^depth, depth being the number of loops (a backward branch to a label of
// the same entry) that hold it: a loop's access is assumed to run about eight times per trip of
// the loop around it.
#pragma once
#include <string_view>

namespace solver::generators {

struct LaneAccessMix {
  int accesses = 0;         // static global/generic loads and stores counted
  double contiguous = 0.0;  // the weights of the three kinds (see above)
  double strided = 0.0;
  double unknown = 0.0;
  // Of the stores alone: their weight, and that of the stores whose lanes fill the sectors they
  // write together (a lane-varying address, adjacent lanes no further apart than the access
  // width or the thread's run, over runs of lanes that cover a sector). A store every lane of a
  // run sends to one address (a block's or a group's single result) writes a partial sector
  // that nothing in the warp fills.
  double stores = 0.0;
  double store_fill = 0.0;
  // Of the contiguous accesses: the loads whose value feeds the address of a global access
  // (through arithmetic, not through another load): an index read before the gather it
  // steers (SHOC MD's neighbour list, a CSR row's column indices). Such a load is the first
  // link of each step's index -> gather dependence, not a stream's load.
  double index_loads = 0.0;
  double total() const { return contiguous + strided + unknown; }
  LaneAccessMix& operator+=(const LaneAccessMix& o) {
    accesses += o.accesses;
    contiguous += o.contiguous;
    strided += o.strided;
    unknown += o.unknown;
    stores += o.stores;
    store_fill += o.store_fill;
    index_loads += o.index_loads;
    return *this;
  }
};

// The kind of each global/generic access of one entry's body (ptx_entry_body's answer).
LaneAccessMix ptx_lane_access_mix(std::string_view entry_body);

}  // namespace solver::generators
