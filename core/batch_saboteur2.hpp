// Many games of Saboteur 2 stepped in one call, for learning (pysaboteur/envs/batch.py
// with edition="saboteur2"): the base game's batch (batch.hpp) over Saboteur 2's game of
// the core (table_saboteur2.hpp), its tensor and its ids, into the same arrays.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "table_saboteur2.hpp"

namespace sab {

class Batch2 {
  public:
    Batch2(std::shared_ptr<Tables> tables, Saboteur2Tables s, TensorSpec2 tensors, DealSpec deals, int games,
           bool round_episodes, bool win_rewards);
    int games() const { return static_cast<int>(games_.size()); }
    void attach(const BatchArrays& arrays) { out_ = arrays; }
    void reset(const uint64_t* seeds);
    // As Batch::step: every id checked before any is played; whether a game began a new game.
    bool step(const int64_t* actions);
    void sample(int64_t* out);
    void seed_sampler(uint64_t seed) { sampler_ = seed; }
    const NativeGame2& game(int index) const { return games_[static_cast<size_t>(index)]; }
    const TensorSpec2& tensors() const { return tensors_; }

  private:
    void observe(int index);

    std::shared_ptr<Tables> tables_;
    Saboteur2Tables s_;
    TensorSpec2 tensors_;
    DealSpec deals_;
    bool round_episodes_;
    bool win_rewards_;
    ActionIds2 actions_;
    std::vector<NativeGame2> games_;
    // Per game: the ids of its legal moves (its mask's ones), ids_count_ of them.
    std::vector<std::vector<uint16_t>> ids_;
    std::vector<int> ids_count_;
    std::vector<ActionIds2::HandSets> sets_;  // and where its hand's discards and clears begin
    std::vector<Drawn2> drawn_;     // per game: what its row's last observation wrote
    std::vector<MazeCells2> maze_cells_;  // per game: what its listings keep of its maze
    // Per game: the hand of the seat to move in slot order (for its ids, its tensor and
    // the code of the id it plays), MAX_HAND cards a game.
    std::vector<uint8_t> slots_;
    std::vector<uint32_t> chosen_;  // the codes a step plays, per game
    uint64_t sampler_ = 0;
    BatchArrays out_;
};

}  // namespace sab
