// Saboteur 2's action ids (pysaboteur/envs/actions_saboteur2.py is the reference) for
// the learning environments, listed straight from the core's round, and the code of
// the move each names: the batch's mask and its step need no list of codes and no id
// worked out from each code (tensors_saboteur2.hpp id_of_code_saboteur2).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "tensors_saboteur2.hpp"

namespace sab {

// The ids of the legal moves of the seat to move that have one, into ``ids`` (room for
// the action count), in the order Round::legal lists their codes (a placement or
// rockfall outside the window has none); returns how many. ``thief`` is the thief
// choosing its victim once the round's play is over (-1 during play), ``pieces`` each
// seat's gold pieces (rules/kinds/theft.py Steal.list_turn: victims with one).
int legal_ids_saboteur2(const TensorSpec2& spec, const Round& round, int thief, const int16_t* pieces,
                        uint16_t* ids);

// Per id, the code it names with its cell, target or hand cards left out, and what
// fills them in: an id is played without listing the moves.
class IdCodes2 {
  public:
    IdCodes2(const TensorSpec2& spec, const Tables& t);
    // The code of a legal id of ``seat``, to move in ``round`` (a thief's steal too).
    uint32_t code_of_id(const TensorSpec2& spec, const Round& round, int seat, int id) const;

  private:
    std::vector<uint32_t> code_;      // per id
    std::vector<uint16_t> cell_key_;  // per window cell: its key
    std::array<uint8_t, 64> discard_slots_{};  // per discard set (DISCARD_SETS): its slots, a bit each
    std::array<uint8_t, 64> pair_slots_{};     // per slot pair (SLOT_PAIRS)
    int place_start_ = 0, aimed_start_ = 0;
};

}  // namespace sab
