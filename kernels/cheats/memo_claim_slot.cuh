// A statement fragment (no include guard; kernels/README.md, "Statement fragments"): the memo
// cheats' slot claim (tests/cheats/redteam_delta_gemm, redteam_delta_int, redteam_perm_memo,
// control_redteam_reduce_memo; `kernels: [cheats]`): the slot whose g_key is this run's `key` (an
// input's address), else the next of SLOTS round robin, claimed and marked not valid; into g_slot.
// SLOTS, g_key, g_valid, g_next, g_slot and `key` are the includer's.
  int slot = -1;
  for (int s = 0; s < SLOTS; ++s)
    if (g_key[s] == key) slot = s;
  if (slot < 0) {
    slot = g_next % SLOTS;
    g_next = g_next + 1;
    g_key[slot] = key;
    g_valid[slot] = 0;
  }
  g_slot = slot;
