// The Duel heuristic's questions of the maze (pysaboteur/bots/heuristic_duel.py, whose
// docstrings hold the reasons): each seat's prospects, the nuggets it has claimed and
// the gold its network is near, now and after each of many changes tried on the maze
// (a card laid, a key, a bribe or a rockfall, then both seats' claims), all in one
// call. The maze is a DuelRound's (round_duel.hpp), so networks, barriers and claims
// are worked out as the round works them out; no goal turns up (the bot does not know
// the face-down goals: reaching one counts as reaching its expected gold).
#pragma once
#include <array>
#include <vector>

#include "round_duel.hpp"

namespace sab::duel {

// What the gold is worth to the bot: each goal's expected nuggets, in GOAL_CELLS order
// (bots/duel_view.py GoalBeliefs), and heuristic_duel.NEAR, the share gold one card
// further away is worth.
struct GoldWorth {
    double expected[GOALS];
    double near;
};

// heuristic_duel.prospects of seat 0, then seat 1: (claimed, near, claimed, near).
using DuelProspects = std::array<double, 4>;

// heuristic_duel._distance from the nearest front of the seat's network to each goal
// cell; NO_FRONT for every goal when the network faces no empty cell.
constexpr int NO_FRONT = -1;
std::array<int, GOALS> front_distances(const DuelRound& r, int seat);

DuelProspects prospects(const DuelRound& r, const GoldWorth& worth);

// A move that changes the maze, as heuristic_duel._after carries it out: a card lying
// as ``face`` laid at ``cell`` (PLACE), or the mover's key or bribe there (KEY,
// BRIBE), or the card there taken out (ROCKFALL).
struct DuelChange {
    int kind;
    int cell;
    int face;
};

// prospects after each change made by ``mover`` (then the mover's claims, then the
// other's), each tried on the round as it is now.
std::vector<DuelProspects> prospects_after_each(const DuelRound& r, const GoldWorth& worth, int mover,
                                                const std::vector<DuelChange>& changes);

}  // namespace sab::duel
