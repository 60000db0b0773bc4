// Saboteur 2's action ids (pysaboteur/envs/actions_saboteur2.py is the reference) for
// the learning environments, listed straight from the core's round, and the code of
// the move each names: the batch's mask and its step need no list of codes and no id
// worked out from each code (tensors_saboteur2.hpp id_of_code_saboteur2, which the
// tests hold these to).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "tensors_saboteur2.hpp"

namespace sab {

// What the listing reads of a maze, kept while the maze is unchanged (a game's maze
// changes on about one move in four, and every seat's listing reads the same): the
// window cells of the frontier with the side patterns that fit there, of the cells a
// ladder may go to with the sides their neighbours demand, and of the cards a rockfall
// may take, each worked out when a listing first asks for it after a change.
struct MazeCells2 {
    enum : uint8_t { FRONTIER = 1, LADDERS = 2, ROCKFALLS = 4 };
    uint32_t version = 0;  // the maze these are of (NativeGame2::maze_version)
    uint8_t known = 0;     // the parts worked out for ``version``
    int front_count = 0, ladder_count = 0, rockfall_count = 0;
    uint16_t front_cell[MAX_FRONTIER], front_fits[MAX_FRONTIER];
    uint16_t ladder_cell[MAX_FRONTIER];
    uint8_t ladder_open[MAX_FRONTIER], ladder_wall[MAX_FRONTIER];
    uint16_t rockfall_cell[MAX_CELLS];

    // Makes ``part`` (one of the bits above) that of the maze at ``now``.
    void need(const TensorSpec2& spec, const Maze& maze, uint32_t now, uint8_t part);
};

// Saboteur 2's action ids of one tensor spec: the legal ones listed from a round, and
// the code each names, from tables worked out once.
class ActionIds2 {
  public:
    // Where a listing's ids of the hand's discards and clears begin, and what they are
    // (the hand's pattern, the fronts a clear may take): a mask writes them by block.
    struct HandSets {
        int from = 0;
        int pattern = -1;  // -1: none listed
        unsigned fronts = 0;
    };

    ActionIds2(const TensorSpec2& spec, const Tables& t);
    // The ids of the legal moves of the seat to move that have one (a placement or
    // rockfall outside the window has none), into ``ids`` (room for the action count):
    // those of the codes Round::legal lists, kind by kind in its order but for the
    // discards and clears (their ids by hand slot, each set once). ``thief`` is the
    // thief choosing its victim once the round's play is over (-1 during play),
    // ``pieces`` each seat's gold pieces (rules/kinds/theft.py Steal.list_turn: victims
    // with one). ``slots`` is the hand of the seat to move in slot order (hand_in_slots),
    // ``cells`` what the listing keeps of the maze, which is at ``maze_version``.
    // Returns how many.
    int legal(const TensorSpec2& spec, const Round& round, int thief, const int16_t* pieces, const uint8_t* slots,
              MazeCells2& cells, uint32_t maze_version, uint16_t* ids, HandSets* sets = nullptr) const;
    // The mask's ones of a listing's hand sets, written whole (the discard and clear
    // blocks copied from the pattern's), or cleared (``on`` false).
    void mask_sets(const TensorSpec2& spec, const HandSets& sets, bool on, int8_t* mask) const;
    // The code of a legal id of ``seat``, to move in ``round`` (a thief's steal too),
    // whose hand in slot order is ``slots``.
    uint32_t code_of_id(const TensorSpec2& spec, const Round& round, int seat, int id, const uint8_t* slots) const;

  private:
    // The ids of a hand's discards (every distinct set of 1 to 3 of its cards) and the
    // slot pairs of its clears, for each pattern of equal cards side by side in the hand's
    // slots (a bit per slot after the first: it holds the card of the slot before),
    // indexed by (2^size) / 2 + pattern. A hand holds at most the slots' 6 cards (the
    // deal's are checked; no move makes a hand grow), so every set of it has an id.
    struct HandIds {
        uint8_t discard_count = 0, pair_count = 0;
        uint16_t discards[6 + 15 + 20];
        uint8_t pairs[15];  // each pair's index in SLOT_PAIRS
        int8_t discard_mask[64];  // the discard block of the mask
        int8_t pair_mask[16];     // a front's row of the clear block
    };
    std::array<HandIds, 1 << TensorSpec2::SLOTS> hand_ids_{};
    std::vector<uint32_t> code_;      // per id: its code with the cell, target or hand cards left out
    std::vector<uint16_t> cell_key_;  // per window cell: its key
    std::array<uint8_t, 64> discard_slots_{};  // per discard set (DISCARD_SETS): its slots, a bit each
    std::array<uint8_t, 64> pair_slots_{};     // per slot pair (SLOT_PAIRS)
    int place_start_ = 0, aimed_start_ = 0;
};

}  // namespace sab
