// Registers the Duel's tables and rounds on the core's module (duel_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

#include <tuple>
#include <vector>

#include "round_duel.hpp"

namespace sab {

void register_duel(nanobind::module_& m);

// A card or a token on the maze as Python hands it over: x, y, and the face (a card)
// or the seat (a key, a bribe, a claim).
using DuelToken = std::tuple<int, int, int>;

// Lays the cards and tokens on a cleared round whose tables are set (cards in the
// order of DuelMaze.faces, tokens each in the order laid) and finds both networks and
// the gold still to claim; std::invalid_argument for what the round cannot hold.
void lay_out_maze(duel::DuelRound& r, const std::vector<uint8_t>& revealed, const std::vector<DuelToken>& cells,
                  const std::vector<DuelToken>& keys, const std::vector<DuelToken>& bribes,
                  const std::vector<DuelToken>& claims);

}  // namespace sab
