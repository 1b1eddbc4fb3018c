// attention_bf16's fa3p schedule on the CPU (no GPU here): the functions of
// problems/attention_bf16/include/fa3p_schedule.cuh (the same ones the kernel calls) driven the way
// fa3p.cu drives them. The tile order visits every (query tile, head) once, heaviest first inside
// each section of HG heads; the masked steps of a consumer warpgroup are exactly the key tiles
// holding keys past one of its rows; and the synchronisation of one block (a producer thread, two
// consumer warpgroups, the Q and K/V mbarrier rings and the ping-pong named barriers), replayed
// step by step in random interleavings with the hardware's part modelled from the PTX ISA
// (try_wait.parity P succeeds once the barrier's current phase parity differs from P; a named
// barrier of 256 threads completes on two warpgroups' arrivals), finishes without a deadlock,
// reads every ring position from the tile the producer put there, never refills a stage or Q
// before both warpgroups released it, and leaves no arrival pending.
#define __host__
#define __device__
#define __forceinline__ inline
#include "fa3p_schedule.cuh"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr int kBM = 128;  // fa3p's query rows a block (two warpgroups of 64)

struct TileShape {
  int nq, nbh, hg;
};

}  // namespace

TEST_CASE("fa3p tile order: every (query tile, head) once, heaviest first inside each section") {
  for (const TileShape& t : {TileShape{32, 64, 8}, TileShape{32, 64, 16}, TileShape{32, 64, 64},
                             TileShape{3, 6, 4}, TileShape{5, 7, 3}, TileShape{1, 1, 8}}) {
    CAPTURE(t.nq);
    CAPTURE(t.nbh);
    CAPTURE(t.hg);
    std::vector<int> seen(t.nq * t.nbh, 0);
    int prev_qb = t.nq, prev_sec = -1;
    for (int u = 0; u < t.nq * t.nbh; ++u) {
      int qb = -1, bh = -1;
      p3_tile(u, t.nq, t.nbh, t.hg, qb, bh);
      REQUIRE(qb >= 0);
      REQUIRE(qb < t.nq);
      REQUIRE(bh >= 0);
      REQUIRE(bh < t.nbh);
      CHECK(seen[qb * t.nbh + bh]++ == 0);
      const int sec = u / (t.hg * t.nq);
      CHECK(bh / t.hg == sec);  // a section holds heads sec*hg .. sec*hg + hg - 1
      if (sec != prev_sec) {
        CHECK(qb == t.nq - 1);  // each section starts with its heaviest tiles
        prev_sec = sec;
      } else {
        CHECK(qb <= prev_qb);  // and never goes back to a heavier one
      }
      prev_qb = qb;
    }
  }
}

TEST_CASE("fa3p masking: the masked steps are exactly the key tiles past a warpgroup's first row") {
  for (int bn : {64, 128})
    for (int qb = 0; qb < 32; ++qb)
      for (int cw = 0; cw < 2; ++cw) {
        CAPTURE(bn);
        CAPTURE(qb);
        CAPTURE(cw);
        const int wrow0 = qb * kBM + cw * 64, nkb = p3_key_tiles(qb, kBM, bn);
        CHECK(nkb * bn == (qb + 1) * kBM);  // every key up to the block's last row, no more
        const int nm = p3_masked_steps(wrow0, nkb, bn);
        // The kernel always masks its first step (the prologue) and, at BN = 128, only it.
        CHECK(nm >= 1);
        CHECK(nm <= nkb);
        if (bn == 128) CHECK(nm == 1);
        for (int j = 0; j < nkb; ++j) {
          const int kb = nkb - 1 - j;  // key tiles from the diagonal down
          const bool past = kb * bn + bn - 1 > wrow0;
          CHECK(past == (j < nm));
        }
      }
}

namespace {

// One block of fa3p replayed: the producer and the two consumer warpgroups as lists of steps
// (fa3p.cu's order), run in a random interleaving; a step that must wait is retried later.
struct Replay {
  int stages = 2, bn = 128;
  std::vector<int> tiles;  // the block's query tiles (qb), in order
  // mbarriers: phases completed and arrivals of the current phase, per barrier.
  struct Bar {
    int count, phase = 0, arrived = 0;
  };
  std::vector<Bar> bars;
  enum { QFULL = 0, QEMPTY = 1 };
  int kfull(int s) const { return 2 + 4 * s; }
  int kempty(int s) const { return 3 + 4 * s; }
  int vfull(int s) const { return 4 + 4 * s; }
  int vempty(int s) const { return 5 + 4 * s; }
  // Named barriers 1 and 2: arrivals of the current generation (by warpgroup) and generations.
  int nb_gen[3] = {0, 0, 0};
  std::vector<int> nb_who[3];
  // Contents: the ring position in each K and V stage, the tile in Q; -1 empty.
  std::vector<int> kst, vst;
  int qtile = -1;
  std::vector<std::string> errors;

  using Step = std::function<bool()>;  // true: done; false: blocked, retry later
  std::vector<std::vector<Step>> actors;

  bool wait(int b, unsigned parity) { return (unsigned)(bars[b].phase & 1) != parity; }
  void arrive(int b) {
    if (++bars[b].arrived == bars[b].count) {
      bars[b].arrived = 0;
      ++bars[b].phase;
    }
  }
  void nb_arrive(int id, int who) {
    for (int w : nb_who[id])
      if (w == who) errors.push_back("warpgroup arrives twice in one named-barrier generation");
    nb_who[id].push_back(who);
    if (nb_who[id].size() == 2) {
      nb_who[id].clear();
      ++nb_gen[id];
    }
  }

  void build() {
    bars.assign(2 + 4 * stages, Bar{2});  // empty barriers: one arrival per consumer warpgroup
    bars[QFULL].count = 1;
    for (int s = 0; s < stages; ++s) bars[kfull(s)].count = bars[vfull(s)].count = 1;
    kst.assign(stages, -1);
    vst.assign(stages, -1);
    // Releases still owed per stage and for Q: a refill before both warpgroups released is an
    // error.
    auto kowed = std::make_shared<std::vector<int>>(stages, 0);
    auto vowed = std::make_shared<std::vector<int>>(stages, 0);
    auto qowed = std::make_shared<int>(0);
    actors.assign(3, {});
    auto& P = actors[0];
    int gi = 0;
    for (int tc = 0; tc < (int)tiles.size(); ++tc) {
      const int nkb = p3_key_tiles(tiles[tc], kBM, bn);
      if (tc > 0) P.push_back([=, this] { return wait(QEMPTY, p3_parity(tc - 1, 1)); });
      P.push_back([=, this] {
        if (*qowed) errors.push_back("Q refilled before its release");
        qtile = tc;
        *qowed = 2;
        arrive(QFULL);
        return true;
      });
      for (int j = 0; j < nkb; ++j, ++gi) {
        const int s = p3_stage(gi, stages);
        for (int kv = 0; kv < 2; ++kv) {
          const int empty = kv ? vempty(s) : kempty(s), full = kv ? vfull(s) : kfull(s);
          auto owed = kv ? vowed : kowed;
          if (gi >= stages)
            P.push_back([=, this] { return wait(empty, p3_parity(gi - stages, stages)); });
          P.push_back([=, this] {
            if ((*owed)[s]) errors.push_back("stage refilled before its release");
            (kv ? vst : kst)[s] = gi;
            (*owed)[s] = 2;
            arrive(full);
            return true;
          });
        }
      }
    }
    for (int cw = 0; cw < 2; ++cw) {
      auto& C = actors[1 + cw];
      auto read = [=, this](bool v, int pos) {
        return [=, this] {
          if ((v ? vst : kst)[p3_stage(pos, stages)] != pos)
            errors.push_back("a consumer read a stage holding another ring position");
          return true;
        };
      };
      auto release = [=, this](bool v, int pos) {
        return [=, this] {
          const int s = p3_stage(pos, stages);
          --(*(v ? vowed : kowed))[s];
          arrive(v ? vempty(s) : kempty(s));
          return true;
        };
      };
      auto release_q = [=, this] {
        return [=, this] {
          --*qowed;
          arrive(QEMPTY);
          return true;
        };
      };
      auto turn = [=, this] {  // named_sync(1 + cw, 256): join the generation, wait for it to end
        auto gen = std::make_shared<int>(-1);
        return [=, this] {
          if (*gen < 0) {
            *gen = nb_gen[1 + cw];
            nb_arrive(1 + cw, cw);
          }
          return nb_gen[1 + cw] > *gen;
        };
      };
      auto pass = [=, this] {
        return [=, this] {
          nb_arrive(2 - cw, cw);
          return true;
        };
      };
      if (cw == 1 && !tiles.empty()) C.push_back(pass());
      int g = 0;
      for (int tc = 0; tc < (int)tiles.size(); ++tc) {
        const int nkb = p3_key_tiles(tiles[tc], kBM, bn);
        const bool last = tc + 1 == (int)tiles.size();
        C.push_back([=, this] { return wait(QFULL, p3_parity(tc, 1)); });
        C.push_back([=, this] {
          if (qtile != tc) errors.push_back("Q holds another tile");
          return true;
        });
        C.push_back([=, this] { return wait(kfull(p3_stage(g, stages)), p3_parity(g, stages)); });
        C.push_back(turn());
        C.push_back(read(false, g));
        C.push_back(pass());
        C.push_back(release(false, g));
        if (nkb == 1) C.push_back(release_q());
        for (int j = 1; j < nkb; ++j) {
          const int pos = g + j;
          C.push_back(
              [=, this] { return wait(kfull(p3_stage(pos, stages)), p3_parity(pos, stages)); });
          C.push_back(turn());
          C.push_back(read(false, pos));
          C.push_back([=, this] {
            return wait(vfull(p3_stage(pos - 1, stages)), p3_parity(pos - 1, stages));
          });
          C.push_back(read(true, pos - 1));
          C.push_back(pass());
          C.push_back(release(false, pos));
          if (j == nkb - 1) C.push_back(release_q());
          C.push_back(release(true, pos - 1));
        }
        g += nkb;
        const int pos = g - 1;
        C.push_back(
            [=, this] { return wait(vfull(p3_stage(pos, stages)), p3_parity(pos, stages)); });
        C.push_back(turn());
        C.push_back(read(true, pos));
        if (cw == 0 || !last) C.push_back(pass());
        C.push_back(release(true, pos));
      }
    }
  }

  // Runs the actors in a random interleaving; false on a deadlock.
  bool run(unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<size_t> pc(actors.size(), 0);
    for (;;) {
      std::vector<int> live;
      for (int a = 0; a < (int)actors.size(); ++a)
        if (pc[a] < actors[a].size()) live.push_back(a);
      if (live.empty()) return true;
      std::shuffle(live.begin(), live.end(), rng);
      bool moved = false;
      for (int a : live)
        if (actors[a][pc[a]]()) {
          ++pc[a];
          moved = true;
          break;
        }
      if (!moved) return false;
    }
  }
};

}  // namespace

TEST_CASE("fa3p synchronisation: no deadlock, every read from the right stage, nothing pending") {
  // One block's tiles: a single heavy or light tile (the non-persistent grid) and persistent
  // walks (132 blocks' stride over 32 x 64 tiles in sections of 8 heads) from a few blocks.
  std::vector<std::vector<int>> walks = {{31}, {0}, {1}, {5, 0}};
  for (int block : {0, 7, 131}) {
    std::vector<int> w;
    for (int u = block; u < 32 * 64; u += 132) {
      int qb, bh;
      p3_tile(u, 32, 64, 8, qb, bh);
      w.push_back(qb);
    }
    walks.push_back(w);
  }
  for (int stages : {2, 3})
    for (int bn : {64, 128})
      for (size_t wi = 0; wi < walks.size(); ++wi)
        for (unsigned seed = 1; seed <= 3; ++seed) {
          CAPTURE(stages);
          CAPTURE(bn);
          CAPTURE(wi);
          CAPTURE(seed);
          Replay r;
          r.stages = stages;
          r.bn = bn;
          r.tiles = walks[wi];
          r.build();
          CHECK(r.run(seed));
          for (const auto& e : r.errors) FAIL_CHECK(e);
          CHECK(r.nb_who[1].empty());  // no arrival left pending on a named barrier
          CHECK(r.nb_who[2].empty());
          CHECK(r.nb_gen[1] == r.nb_gen[2]);
          for (const auto& b : r.bars) CHECK(b.arrived == 0);
        }
}
