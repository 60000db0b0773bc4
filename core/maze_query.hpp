// The heuristic bots' questions of the maze (pysaboteur/bots/maze_view.py, whose
// docstrings hold the reasons): how many cards the start network still needs to reach
// each goal, now and after each of many placements and rockfalls, all in one call.
#pragma once
#include <cstdint>
#include <vector>

#include "maze_search.hpp"

namespace sab {

// maze_view.goal_distances: 0 for a goal face up, FAR where the network cannot reach it.
GoalDistances goal_distances(const Maze& maze);

// A placement (``face`` >= 0 laid at ``key``) or a rockfall (``face`` < 0: the card at
// ``key`` taken out), as maze_view.distances_after makes it.
struct MazeChange {
    int key;
    int face;
};

// maze_view.distances_after for each change, each made on its own copy of ``maze``.
std::vector<GoalDistances> distances_after_each(const Tables& t, const Maze& maze,
                                                const std::vector<MazeChange>& changes);

}  // namespace sab
