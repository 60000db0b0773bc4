// Saboteur 2's routes for the heuristic bots (pysaboteur/bots/maze_saboteur2.py, whose
// docstrings hold the reasons): how many cards a route from the start or a ladder
// still needs to each goal, walked tunnel by tunnel, for each colour of door; now and
// after each of many placements and rockfalls, all in one call.
#pragma once
#include <array>
#include <vector>

#include "maze_query.hpp"
#include "payout_saboteur2.hpp"

namespace sab {

// maze_saboteur2.MODES: any route, then the routes open to each colour (door bits).
constexpr int ROUTE_MODES[3] = {0, GREEN_DOOR, BLUE_DOOR};
using RouteDistances = std::array<GoalDistances, 3>;  // by mode, then by goal

// maze_saboteur2.route_distances of the maze's cells in each mode (its network unread).
RouteDistances route_distances_saboteur2(const Tables& t, const Saboteur2Tables& s, const Maze& maze);

// maze_saboteur2.distances_after for each change: the card laid or taken out, no goal
// turned up.
std::vector<RouteDistances> routes_after_each_saboteur2(const Tables& t, const Saboteur2Tables& s,
                                                        const Maze& maze, const std::vector<MazeChange>& changes);

}  // namespace sab
