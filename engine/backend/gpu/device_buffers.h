// The device memory of one variant's runs: each input set uploaded once (so timing can rotate
// among sets without host copies, each at its own addresses), the working output buffers,
// scratch, and the float64 outputs of the reference. Before every run the outputs are poisoned:
// every byte 0xFF, which is NaN in f16, bf16, f32 and f64 (so an unwritten element can never
// pass), or zeroed where the spec says zero_before_run; in-out buffers are restored from their
// input set; scratch is filled with garbage that moves between runs (input_sets.h), so nothing
// a kernel leaves in scratch survives to the next run. The host bytes of every set are kept:
// `in` buffers and in-out buffers' set copies (which no kernel is given: a run gets the working
// copy) are verified against their digests after a checked run, and can be restored.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/gpu/device_compare.h"
#include "engine/backend/gpu/device_derive.h"
#include "engine/backend/gpu/device_digest.h"
#include "engine/backend/gpu/device_input_cache.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/pinned_bytes.h"
#include "engine/backend/sequence_plan.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// same_buffer_layout (input_sets.h) decides when one DeviceBuffers serves two variants.
class DeviceBuffers {
 public:
  // `variant`: buffers in spec order (the reference's list has the same order, with float64
  // outputs). One device copy per host set. `device_digest` (may be null; must outlive this):
  // each input's digest (`in`, and an in-out buffer's set copy) is taken on the device right
  // after its upload, and
  // verify_inputs compares on the device; without it, the device copy is read back and hashed.
  // `device_cache` (may be null; needs device_digest): the `in` buffers of regular sets are
  // copied from its pristine entries where present (and entered there when not).
  DeviceBuffers(const generators::ResolvedVariant& variant,
                const generators::ResolvedVariant& reference, std::vector<HostSet> sets,
                const DeviceDigest* device_digest = nullptr,
                DeviceInputCache* device_cache = nullptr);

  int sets() const { return int(sets_.size()); }
  uint64_t seed(int set) const { return sets_[size_t(set)].seed; }
  const HostSet& host_set(int set) const { return sets_[size_t(set)]; }
  HostSet& host_set(int set) { return sets_[size_t(set)]; }
  // Uploads one more set; returns its index.
  int add_set(HostSet set);
  // Frees set `set`'s device inputs (and the reference's float64 in-out copies) and its host
  // bytes, keeping its index (no later set takes it: a Prepared sharing these buffers may hold
  // its reference outputs by index). For the tolerance lint's echo sets (sample_lint_op.cpp),
  // read once by the reference and never run on: without it the lint's gate held up to 16 + 16
  // x inputs of them at once (docs/reliability.md, "Each echoed input on its own").
  // Not for set 0 or a rotation set (ignored there). A released set is skipped by every loop
  // over the sets (released()).
  void release_set(int set);
  bool released(int set) const { return size_t(set) < released_.size() && released_[size_t(set)]; }
  // One more set derived on the device (device_derive.h) by `set.plan` from set 0's pristine
  // copy: every input buffer copied device-to-device, the planned ones transformed, the `in`
  // buffers' digests taken before any kernel saw them. `set` carries key, seed, kind and plan;
  // its host bytes are set 0's where the plan leaves a buffer alone and absent where it does
  // not (made on the host only where a check fails or a restore needs them). Needs the device
  // digest. Returns its index.
  int add_device_set(HostSet set, const DeviceDerive& derive, CUstream stream);

  // Set `slot`'s device copy of input `buffer` read back (synchronous; empty where it has none):
  // the keyed echoes' crosscheck (Worker::keyed_echo_crosscheck).
  std::vector<unsigned char> read_input(int slot, size_t buffer) const;

  // Whether verify_inputs compares keyed digests on the device (no read-back while intact).
  bool digests_on_device() const { return device_digest_ != nullptr; }
  // The keyed device digests of `slot`'s inputs (`in` buffers, in-out set copies) as they are
  // now, by buffer index (0 where neither); empty without device digests. Synchronous.
  std::vector<uint64_t> input_digests(int slot) const;
  // Empty when every input (`in`, in-out set copy) of `slot` still holds the bytes of host set
  // `expected` (device copy read back, digest compared), else which buffer changed.
  std::string verify_inputs(int slot, int expected) const;
  // The device inputs of set `from` copied over those of `slot` (async on `stream`): the
  // check after timing runs fresh values at addresses the kernel has seen.
  void copy_inputs(int from, int slot, CUstream stream) const;
  // `slot`'s device inputs put back (synchronous): set 0 from its pristine device copy (no
  // kernel is ever given that copy's address; with the device digest, which checks it first),
  // others, and set 0 without the device digest, uploaded again from their host bytes.
  void restore_inputs(int slot) const;
  // Before a timed run (docs/reliability.md P6): the timed perturbation (timed_perturbation.h)
  // of every input buffer of `set` that may change, a quarter of its positions, made on the
  // device by `derive` and queued on `stream` (the run's own synchronisation follows; the L2
  // flush comes after it), with draws from a seed this process draws per run from a key of
  // std::random_device, so a kernel that has read this code cannot predict them. A redrawn
  // buffer's bytes are copied aside on the device first. Without `derive` (its self-check
  // failed), one sign of the first perturbable input or one swap of two integers instead
  // (flip_one). unflip() puts the bytes back, so the set's digests hold again. Returns false
  // where the set has no buffer that may change.
  bool perturb(int set, const DeviceDerive* derive, CUstream stream) const;
  // The problem's reference was verified homogeneous in its float inputs (the gate's
  // exponent-range set): timed runs from now on shrink every positive law (P6c, red team 7).
  void set_homogeneous(bool h) { homogeneous_ = h; }
  bool homogeneous() const { return homogeneous_; }
  // The problem's verified runs are redraws i.i.d. from its declared law (law_checks.h, P6h):
  // every timed run perturbed as the law pairs' (timed_perturbations' `law`), audits alike.
  void set_law_checks(bool on) { law_checks_ = on; }
  bool law_checks() const { return law_checks_; }
  // The law pairs (P6d, law_verdict.h): while set, perturb() redraws every law i.i.d. from the
  // declared law (timed_perturbations' `law`), for timing only (nothing is audited then).
  void set_law_only(bool on) const { law_only_ = on; }
  bool flip_one(int set, CUstream stream) const;  // perturb's fallback
  bool swap_two(int set, CUstream stream) const;  // flip_one's integer case
  void unflip() const;
  // What perturb (or flip_one, swap_two) changed, enough to make the same change again later.
  struct Flip {
    int set = -1;
    // The timed perturbation: its run seed (the plan and every byte follow from it).
    bool dense = false;
    uint64_t run_seed = 0;
    bool homogeneous = false;  // the plan's P6c shrink of positive laws (timed_perturbation.h)
    bool law = false;          // the law pairs' i.i.d. redraw (P6d)
    const DeviceDerive* derive = nullptr;  // made it (the worker's, alive as long as this)
    bool values_moved = false;             // a redraw or an exchange: |x| no longer the set's
    int buffer = -1;
    size_t offset = 0;
    unsigned char original = 0, flipped = 0;
    size_t swap_offsets[2] = {0, 0};  // a swap: the two elements' byte offsets
    size_t swap_size = 0;             // element size of a swap, 0 for a sign flip
    unsigned char swap_original[2][8] = {};
    bool reference_copy = false;  // also made in the reference's float64 in-out copy
  };
  // The change in place now (set < 0: none): valid between perturb and unflip.
  Flip current_flip() const { return flip_; }
  // Makes `f` again (synchronous): in the variant's inputs of f.set and, where a buffer is
  // in-out, in the reference's float64 copy of it, so a reference run sees the same inputs as
  // the timed run did (the audit of a timed run, docs/reliability.md P7). unflip() undoes both.
  void reflip(const Flip& f) const;

  // The variant's outputs copied device to device into `into` (one buffer per output,
  // allocated on first use; synchronous), and back into the variant's output buffers.
  // save_outputs returns the copies' keyed device digests (empty without device digests);
  // load_outputs, given them, first checks the copies against them and returns what changed
  // (nothing loaded) or empty: the copies are allocations outside the arena, not slid, which a
  // kernel that replays the worker's allocations could find (docs/reliability.md P7c).
  std::vector<uint64_t> save_outputs(std::vector<DeviceBuffer>& into, CUstream stream) const;
  std::string load_outputs(const std::vector<DeviceBuffer>& from,
                           const std::vector<uint64_t>& digests = {}) const;

  // Pointers for the variant's kernel arguments (by buffer index) when running on `set`.
  std::vector<CUdeviceptr> variant_args(int set) const;
  std::vector<CUdeviceptr> reference_args(int set) const;
  // Poison / zero outputs and restore in-out buffers for a run on `set` (async on `stream`).
  void prepare_variant_run(int set, CUstream stream) const;
  void prepare_reference_run(int set, CUstream stream) const;

  // Indices of the buffers a run writes (role out or inout).
  const std::vector<size_t>& outputs() const { return outputs_; }
  // The variant's device output bytes (its dtype) into `into`, resized to fit (synchronous;
  // `into` can be reused between calls so its host pages are touched once).
  void download_variant_output(size_t buffer, PinnedBytes& into) const;
  // The reference's device output as doubles (synchronous); the device copy is zeroed once
  // read, so no reference answer stays in device memory next to the candidate's buffers.
  HostDoubles read_reference_output(size_t buffer) const;
  // The same doubles into `into` (page-locked, grow-only, kept by the caller: pinned_bytes.h),
  // for a reference read once and dropped (the audit's): after the first read of a size, no
  // host page is touched or locked again and the copy is a direct DMA. Zeroed on the device
  // once read, as above.
  void read_reference_output(size_t buffer, PinnedBytes& into) const;
  // The variant's output `buffer` (in its output buffers now) against the reference's float64
  // output of the last reference run, both where they are, on the device (device_compare.h:
  // the host walk's Comparison). The reference's copy stays until clear_reference_outputs().
  // An order-free output (order_view.h) is compared in its view, with its group's counts:
  // order_outputs_on_device first.
  Comparison compare_output_on_device(size_t buffer, const DeviceCompare& compare,
                                      const generators::Tolerance& tol, CUstream stream) const;
  // The order-free outputs' view on the device (order_view.h's sort, DeviceCompare::sort_rows):
  // the variant's outputs and the reference's float64 outputs, each group by its own count.
  // Nothing without order-free outputs.
  void order_outputs_on_device(const DeviceCompare& compare, CUstream stream) const;
  // Every reference output zeroed on the device (P11), as read_reference_output does once read.
  void clear_reference_outputs() const;
  // The reference's device output `buffer` of the last reference run, where it is (float64, or
  // a 64-bit integer's bits: reference_bits), and its dtype there: the tolerance lint's shares
  // on the device (device_shares.h) read it in place; clear_reference_outputs() after.
  const DeviceBuffer& reference_output(size_t buffer) const { return ref_work_[buffer]; }
  generators::DType reference_dtype(size_t buffer) const {
    return reference_.buffers[buffer].dtype;
  }

  // Red team 34 (engine/backend/placement_plan.h; arena_exchange.cpp): the arena (the rotation
  // sets' inputs and the working buffers: every address a timed run is given) as a place two
  // members of a pair on separate buffers exchange, so that each runs as often on either
  // allocation. fit_arena: an arena of at least `capacity` bytes (moved, contents and all, to a
  // larger allocation at the same slide where it is smaller; the bytes past the layout are
  // slack, rewritten before every run). exchange_arenas: fits both to the larger window at the
  // larger slide, exchanges the two windows' bytes on the device, then the allocations: each
  // member's buffers keep their offsets from the window's start (its own layout), at the other
  // allocation's base and slide. Every byte a member had is where its views now point.
  size_t arena_window() const { return layout_.bytes; }
  size_t arena_slide() const { return slide_; }
  size_t arena_capacity() const { return arena_.bytes(); }
  CUdeviceptr arena_base() const { return arena_.ptr(); }
  void fit_arena(size_t capacity, CUstream stream);
  friend void exchange_arenas(DeviceBuffers& a, DeviceBuffers& b, CUstream stream);

 private:
  void upload_set(size_t s);
  // Zeroes a reference output on the device once it was read (P11), ended with the context.
  void clear_reference_output(const DeviceBuffer& b) const;

  const generators::ResolvedVariant& variant_;
  // The pristine copy of set 0's inputs, intact (its digests against set 0's) or uploaded
  // again from the host bytes; returns them by buffer.
  const std::vector<std::shared_ptr<const DeviceBuffer>>& pristine() const;

  const generators::ResolvedVariant& reference_;
  // P8: the rotation sets' inputs and the working buffers, at layout_'s offsets + slide_.
  engine::ArenaLayout layout_;
  size_t slide_ = 0;
  DeviceBuffer arena_;
  // Red team 8: the arena's bytes no buffer holds ({offset from the arena's base, bytes}: each
  // slot past its buffer, and the slide), rewritten with a byte drawn per run before every run.
  std::vector<std::pair<size_t, size_t>> slack_;
  mutable uint64_t slack_state_ = 0;  // seeded from random_device: the fill a run cannot predict
  // slack_ from layout_, slide_ and the arena's size: the slide, each slot past its buffer, and
  // the arena's tail past the layout (an arena fitted for a larger partner: fit_arena).
  void set_slack();
  // Every view into the arena that was at `old_base` (`old_bytes`, slid by `old_slide`) moved
  // to the same offset from the window's start of arena_ (at slide_); slack_ recomputed.
  void rebind_arena(CUdeviceptr old_base, size_t old_bytes, size_t old_slide);
  // Set s's buffer i: a view into the arena for a rotation set, else an allocation of its own.
  DeviceBuffer input_buffer(size_t s, size_t i, size_t bytes) const;
  // mutable: an on_device set's host bytes are made on demand (materialise), which fills in
  // what the set's definition already fixes.
  mutable std::vector<HostSet> sets_;
  std::vector<bool> released_;  // [set]: release_set
  // [buffer]: set 0's inputs, never run on (a device_cache entry where there is one).
  mutable std::vector<std::shared_ptr<const DeviceBuffer>> pristine_;
  const DeviceDigest* device_digest_ = nullptr;
  DeviceInputCache* device_cache_ = nullptr;
  std::vector<std::vector<uint64_t>> device_digests_;  // [set][buffer], taken at upload
  std::vector<size_t> outputs_;
  // [set][buffer]: inputs (in, inout) in the variant's dtype; inout also as float64 for the
  // reference.
  std::vector<std::vector<DeviceBuffer>> inputs_, ref_inout_inputs_;
  std::vector<DeviceBuffer> work_;      // [buffer]: out / inout / scratch of the variant
  std::vector<DeviceBuffer> ref_work_;  // [buffer]: float64 out / inout, scratch of the reference
  DeviceBuffer garbage_;                // scratch source: the largest scratch + kGarbageSlack
  mutable uint64_t runs_ = 0;           // moves the garbage window
  uint64_t garbage_key_ = 0;            // secret: the window's place hides the run count
  mutable std::vector<unsigned char> readback_;  // verify_inputs' host copy
  int flip_buffer_ = -1;  // flip_one's buffer (first perturbable input), -1 none
  int swap_buffer_ = -1;  // else its swappable integer input, -1 none
  mutable uint64_t flips_ = 0;
  const uint64_t flip_key_;  // secret per process: where the flips fall
  mutable Flip flip_;
  bool homogeneous_ = false;       // set_homogeneous
  bool law_checks_ = false;        // set_law_checks
  mutable bool law_only_ = false;  // set_law_only
  // [buffer]: what a Redraw replaced, to be put back (device copies, allocated on first use).
  mutable std::vector<DeviceBuffer> backup_;
  mutable std::vector<DeviceBuffer> ref_backup_;  // the same for the reference's float64 copies
  // SOLVER_KEEP_BACKUP=1 (docs/reliability.md, "Considered for the timed runs' cost"): instead
  // of backup_, per set, what a Redraw replaces, copied aside at the set's first perturbation
  // and kept while the set holds those bytes (copy_inputs, restore_inputs and an upload forget
  // it): later perturbations of the set skip the copy aside. Off by default until measured.
  const bool keep_backup_ = [] {
    const char* e = std::getenv("SOLVER_KEEP_BACKUP");
    return e && std::string(e) == "1";
  }();
  mutable std::vector<std::vector<DeviceBuffer>> kept_;         // [set][buffer]
  mutable std::vector<std::vector<unsigned char>> kept_valid_;  // [set][buffer]
  void forget_kept(size_t set) const;
  // The dense perturbation `f` (plan from its seed) made on f.set, and in the reference's
  // float64 in-out copies where `reference` (synchronous when `stream` is null); `undo` puts
  // the bytes back instead.
  void dense(const Flip& f, const DeviceDerive& derive, CUstream stream, bool reference,
             bool undo) const;
  // Makes (or, applied twice, undoes) flip_ in the reference's float64 in-out copy: a sign
  // flip negates one double, a swap exchanges two; both are their own inverse.
  void toggle_reference_copy() const;
};

// Red team 34: the two arenas exchanged between `a` and `b` (DeviceBuffers::fit_arena above;
// engine/backend/placement_plan.h says when). Synchronous: done when it returns. Nothing where
// a and b are the same buffers.
void exchange_arenas(DeviceBuffers& a, DeviceBuffers& b, CUstream stream);

}  // namespace solver::gpu
