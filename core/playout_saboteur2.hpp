// The search's playout policy for Saboteur 2 (bots/ismcts_saboteur2.py playout_move,
// whose docstring holds the reasons), played in the core: a cascade of rules of
// thumb, each drawing its chances in the order the Python policy draws them, so that
// the same draws give the same moves (tests/test_playout_saboteur2.py plays both from
// one splitmix64 stream, move for move). A playout plays a copy of the round to its
// end and scores it by the core's pay-out (payout_saboteur2.hpp), thefts included.
#pragma once
#include <cstdint>
#include <vector>

#include "payout_saboteur2.hpp"
#include "playout.hpp"

namespace sab {

// One move for the seat to move (the round in play), by the policy.
uint32_t saboteur2_choice(const Round& round, const Saboteur2Tables& s, const std::vector<uint32_t>& moves,
                          SplitMix& rng);

struct Saboteur2Outcome {
    bool ended;  // false if ``limit`` moves came first (the search scores that round 0)
    int moves;   // the moves played, the steals among them
    std::vector<int> round_gold;  // each seat's gold pieces of the round, thefts included
};

// Plays ``first`` (a legal code, or none if negative) on a copy of ``round``, then the
// policy to the round's end or ``limit`` moves, then pays the round; ``pieces`` is each
// seat's gold pieces in the game before the round's end. ``trace``, if given, receives
// the codes played after ``first``, the thieves' steals last.
Saboteur2Outcome play_out_saboteur2(Round round, const Saboteur2Tables& s, const int* pieces, int64_t first,
                                    uint64_t seed, int limit, std::vector<uint32_t>* trace = nullptr);

}  // namespace sab
