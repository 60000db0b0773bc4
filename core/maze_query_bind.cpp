// The bots' maze questions (core/maze_query.hpp) from Python: the maze is an
// observation's, handed over as its cells (pysaboteur/native/maze_query.py), since
// an observation has no round of the core behind it.
#include "maze_query_bind.hpp"

#include <nanobind/stl/array.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/vector.h>

#include <memory>
#include <stdexcept>
#include <utility>

#include "maze_query.hpp"
#include "routes_saboteur2.hpp"

namespace nb = nanobind;
using namespace sab;

namespace {

// The maze the cells make (rules/maze.py's Maze.from_cells, the network not yet found)
// and the changes asked about, checked.
Maze maze_of(const std::vector<uint8_t>& goals, const std::vector<bool>& revealed, const std::vector<int>& keys,
             const std::vector<int>& faces) {
    if (goals.size() != 3 || revealed.size() != 3)
        throw std::invalid_argument("three goals, each face up or not");
    // One cell of room for the card a change lays.
    if (keys.size() != faces.size() || keys.size() + 1 >= MAX_CELLS)
        throw std::invalid_argument("one face per cell, fewer cells than the core's maze holds");
    for (uint8_t goal : goals)
        if (goal >= 3) throw std::invalid_argument("a goal card the core does not know");
    for (size_t i = 0; i < keys.size(); ++i)
        if (keys[i] <= 0 || keys[i] >= 65536 || faces[i] < 0 || faces[i] > 0xFFFF)
            throw std::invalid_argument("a cell key or face out of range");
    Maze maze;
    uint8_t goal_cards[3] = {goals[0], goals[1], goals[2]};
    maze.clear(goal_cards);
    for (size_t i = 0; i < keys.size(); ++i) maze.put(keys[i], faces[i]);
    for (int i = 0; i < 3; ++i) maze.revealed[i] = revealed[i];
    return maze;
}

std::vector<MazeChange> changes_of(const std::vector<int>& keys, const std::vector<int>& faces) {
    if (keys.size() != faces.size()) throw std::invalid_argument("one face per change");
    std::vector<MazeChange> changes;
    changes.reserve(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) {
        if (keys[i] <= 0 || keys[i] >= 65536 || faces[i] > 0xFFFF)
            throw std::invalid_argument("a change's cell key or face out of range");
        changes.push_back(MazeChange{keys[i], faces[i]});
    }
    return changes;
}

// maze_view.goal_distances of the maze, and maze_view.distances_after of each change
// (a placement or a rockfall on a copy, its network followed as rules/maze.py does).
std::pair<GoalDistances, std::vector<GoalDistances>> maze_distances(
    const std::shared_ptr<Tables>& tables, const std::vector<uint8_t>& goals, const std::vector<bool>& revealed,
    const std::vector<int>& keys, const std::vector<int>& faces, const std::vector<int>& change_keys,
    const std::vector<int>& change_faces) {
    Maze maze = maze_of(goals, revealed, keys, faces);
    std::vector<MazeChange> changes = changes_of(change_keys, change_faces);
    maze.find_network(*tables);
    return {goal_distances(maze), distances_after_each(*tables, maze, changes)};
}

// maze_saboteur2.route_distances of the maze in each mode, and
// maze_saboteur2.distances_after of each change.
std::pair<RouteDistances, std::vector<RouteDistances>> route_distances(
    const std::shared_ptr<Tables>& tables, const Saboteur2Tables& saboteur2, const std::vector<bool>& revealed,
    const std::vector<int>& keys, const std::vector<int>& faces, const std::vector<int>& change_keys,
    const std::vector<int>& change_faces) {
    // The goal cards do not matter to a route: no change turns one up.
    Maze maze = maze_of({0, 0, 0}, revealed, keys, faces);
    std::vector<MazeChange> changes = changes_of(change_keys, change_faces);
    return {route_distances_saboteur2(*tables, saboteur2, maze),
            routes_after_each_saboteur2(*tables, saboteur2, maze, changes)};
}

}  // namespace

void register_maze_query(nb::module_& m) {
    m.def("maze_distances", &maze_distances, nb::arg("tables"), nb::arg("goals"), nb::arg("revealed"),
          nb::arg("keys"), nb::arg("faces"), nb::arg("change_keys"), nb::arg("change_faces"),
          "maze_view.goal_distances of the maze the cells make, and maze_view.distances_after of each "
          "change (a face laid at a key, or with face -1 the card there taken out).");
    m.def("saboteur2_route_distances", &route_distances, nb::arg("tables"), nb::arg("saboteur2"),
          nb::arg("revealed"), nb::arg("keys"), nb::arg("faces"), nb::arg("change_keys"), nb::arg("change_faces"),
          "maze_saboteur2.route_distances of the cells in each mode (any route, open to green, to blue), "
          "and maze_saboteur2.distances_after of each change.");
}
