// A game of Saboteur 2 played in the core from its deal to its end, for the learning
// environments (pysaboteur/envs/native_table_saboteur2.py keeps one beside the
// saboteur2_v0 environment's Game): each round dealt from the game's seed exactly as
// rules/editions/saboteur2.py deals it (Python's generator, batch.hpp PyRandom), its
// play by the core's round, its pay by the core's pay-out (payout_saboteur2.hpp) and
// then the thieves' steals, each a move of its thief, as the rules take them
// (rules/kinds/theft.py Steal, editions/saboteur2.py next_thief).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "actions_saboteur2.hpp"
#include "batch.hpp"
#include "payout_saboteur2.hpp"
#include "tensors_saboteur2.hpp"

namespace sab {

struct NativeGame2 {
    enum Stage : uint8_t { PLAYING = 0, STEALING = 1, OVER = 2 };
    Round round;
    Tally2 tally;
    PyRandom rng;
    int round_number;
    uint8_t stage;
    int16_t pieces[MAX_SEATS];      // each seat's gold pieces in the game so far
    uint8_t stealing[MAX_SEATS];    // the thieves still to steal, the one to move first
    int stealing_count;
    uint32_t round_winners;         // a bit per seat that won the round last paid
    uint32_t maze_version;          // counts the changes of the maze (a new round's too)

    void start(const Tables* tables, const DealSpec& spec, uint64_t seed);
    int to_move() const;  // -1 once the game is over
    Side2 side(bool open_hands) const;
    // Plays a legal code of the seat to move (a thief's: a steal); a round that ended is
    // paid, its thieves steal, then the next is dealt. ROUND_ENDED | GAME_ENDED bits.
    int play(const DealSpec& spec, const TensorSpec2& tensors, const Saboteur2Tables& s, uint32_t code);
    // The legal codes of the seat to move, as the rules list them.
    void legal(std::vector<uint32_t>& out) const;

  private:
    void deal(const DealSpec& spec, int first);
    int next_thief(const DealSpec& spec);
};

// The ids of the legal moves of the seat to move (ActionIds2::legal), into ``ids``
// (room for the action count), its hand in slot order ``slots``, ``cells`` what the
// listing keeps of the game's maze; returns how many.
int legal_ids_saboteur2(const ActionIds2& actions, const TensorSpec2& spec, const NativeGame2& game,
                        const uint8_t* slots, MazeCells2& cells, uint16_t* ids, ActionIds2::HandSets* sets = nullptr);

// One game for an environment that observes any seat: saboteur2_v0's tensors and masks.
class Table2 {
  public:
    Table2(std::shared_ptr<Tables> tables, Saboteur2Tables s, TensorSpec2 tensors, DealSpec deals);
    void start(uint64_t seed);
    void observe(int seat, float* out) const;  // ``out``: the tensor's size
    void mask(int8_t* out);                     // the seat to move's, all the action ids
    int64_t code_of(int64_t action);            // the code of a legal id, or -1
    // For the tests: the legal ids in their order, and the id of a legal code worked
    // out from the code (id_of_code_saboteur2), which they are held to.
    std::vector<int> legal_ids();
    int id_of_code(uint32_t code) const;
    int play(uint32_t code);
    const NativeGame2& game() const { return game_; }
    const TensorSpec2& tensors() const { return tensors_; }

  private:
    void list();

    std::shared_ptr<Tables> tables_;
    Saboteur2Tables s_;
    TensorSpec2 tensors_;
    DealSpec deals_;
    ActionIds2 actions_;
    NativeGame2 game_;
    MazeCells2 maze_cells_;
    bool listed_ = false;
    std::vector<uint16_t> ids_;  // the legal ids, once listed: ids_count_ of them
    int ids_count_ = 0;
    uint8_t slots_[MAX_HAND];  // the hand of the seat to move in slot order, once listed
};

}  // namespace sab
