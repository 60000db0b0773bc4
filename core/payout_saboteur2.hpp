// Saboteur 2's pay-out at a round's end, in the core, for its own playouts to score
// a round (rules/gold_pieces.py and rules/editions/saboteur2.py, whose docstrings
// hold the rules): who won (the gold reached or not, the doors it is open to, the
// finder's team), each seat's gold pieces (the winners' shares, the geologists'
// crystals) and the thefts, each thief taking from the richest seat as the search's
// playout policy steals (bots/ismcts_saboteur2.py playout_move). The games the
// people play are still paid by the rules.
#pragma once
#include <cstdint>
#include <vector>

#include "round.hpp"

namespace sab {

// The dwarf cards, in the order pysaboteur/native/playout.py DWARF_IDS numbers them.
enum Dwarf : uint8_t { GREEN_DIGGER = 0, BLUE_DIGGER = 1, BOSS = 2, PROFITEER = 3, GEOLOGIST = 4, SABOTEUR = 5 };
constexpr int DWARF_KINDS = 6;
// A door's colour, and the teams the gold is open to, as bits.
constexpr int GREEN_DOOR = 1, BLUE_DOOR = 2;

// What the pay-out and the playout policy read of Saboteur 2, handed over from the
// rules once (pysaboteur/native/playout.py saboteur2_tables).
struct Saboteur2Tables {
    std::vector<uint8_t> dwarf;     // per role index (the edition's role_codes): its Dwarf
    std::vector<uint8_t> share;     // a winner's base share, by the number of winners
    uint8_t shortfall[DWARF_KINDS] = {0, 0, 0, 0, 0, 0};  // less than the share, by Dwarf
    std::vector<uint8_t> door;      // per face: GREEN_DOOR, BLUE_DOOR or 0
    std::vector<uint8_t> crystal;   // per face: 1 if it carries a crystal
    std::vector<uint8_t> tunnels;   // per face: the sides of all its tunnels (0: none)
    int door_of(int face) const { return static_cast<size_t>(face) < door.size() ? door[face] : 0; }
    int tunnels_of(int face) const { return static_cast<size_t>(face) < tunnels.size() ? tunnels[face] : 0; }
    bool crystal_of(int face) const { return static_cast<size_t>(face) < crystal.size() && crystal[face]; }
};

struct Saboteur2Pay {
    bool reached = false;  // the gold was reached (else the cards ran out)
    int finder = NOBODY;
    int open_to = 0;  // GREEN_DOOR | BLUE_DOOR: the teams the gold is open to
    std::vector<int> winners;
    std::vector<int> paid;      // each seat's gold pieces from the pay, before the thefts
    std::vector<int> stealing;  // the thieves that steal, in order
    std::vector<std::pair<int, int>> thefts;  // (thief, victim), as they stole
    std::vector<int> round_gold;  // each seat's gold of the round, the thefts made
};

// Whether a route from the start or a ladder reaches the gold through no door of
// another colour than ``colour`` (rules/maze.py Maze.gold_open_to).
bool gold_open_to(const Round& round, const Saboteur2Tables& s, int colour);

// The pay-out of a round the core has ended (ENDED, winner NO_TEAM); ``pieces`` is
// each seat's gold pieces in the game before it (the thieves rob what seats hold).
Saboteur2Pay pay_saboteur2(const Round& round, const Saboteur2Tables& s, const int* pieces);

}  // namespace sab
