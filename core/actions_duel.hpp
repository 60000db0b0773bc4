// The ids of the Duel's action space (pysaboteur/envs/actions_duel.py, the reference)
// for the core's move codes: the space's layout comes from Python as tables of codes
// (pysaboteur/envs/native_duel.py), so nothing here names a card or a block.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "round_duel.hpp"

namespace sab::duel {

constexpr int HAND_SLOTS = 6;  // actions_duel.py: discards and clears name these slots

struct DuelActionTables {
    int size = 0;  // the space's ids
    // Codes whose id is the code's alone (maps, breaks, repairs, pass).
    std::unordered_map<uint32_t, int32_t> whole;
    // Codes naming a cell, by the code with its cell cleared: the id at the window's
    // first cell (the id is this plus the cell's index in the window).
    std::unordered_map<uint32_t, int32_t> at_cell;
    // Hand moves: the kinds, the discard block's first id, the clears' first id per
    // front code (-1: none), and the offset of each set of slots (bits) in its block.
    int discard_kind = -1, clear_kind = -1;
    int32_t discard_start = 0;
    int32_t clear_start[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    int16_t discard_offset[1 << HAND_SLOTS];
    int16_t pair_offset[1 << HAND_SLOTS];
};

// The id of each listed code of the seat to move (-1: none), written into ids.
void action_ids(const DuelRound& r, const DuelActionTables& t, const std::vector<uint32_t>& codes,
                std::vector<int32_t>& ids);

}  // namespace sab::duel
