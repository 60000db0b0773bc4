#include "maze_query.hpp"

#include <algorithm>

#include "maze_search.hpp"

namespace sab {

namespace {

constexpr uint16_t UNSEEN = 0xFFFF;

// The cost of every cell the search has reached: cards by their slot in the maze
// (they may lie beyond the box), empty cells by their place in the box (a path is
// built only there).
struct Costs {
    uint16_t card[SLOTS];
    uint16_t ground[BOX_CELLS];
    Costs() {
        std::fill(card, card + SLOTS, UNSEEN);
        std::fill(ground, ground + BOX_CELLS, UNSEEN);
    }
};

}  // namespace

GoalDistances goal_distances(const Maze& maze) {
    // maze_view.goal_distances: a 0-1 breadth-first search from the network in which
    // an empty cell costs a card and a connected card lying there costs nothing.
    GoalSearch goals(maze);
    Costs cost;
    static KeyDeque queue;
    queue.head = queue.tail = 0;
    for (int i = 0; i < maze.net_count; ++i) {
        int s = maze.net_of[i];
        cost.card[s] = 0;
        queue.push_back(maze.slot_key[s]);
    }
    while (!queue.empty() && goals.remaining) {
        int key = queue.pop_front();
        int s = maze.slot(key);
        int here = s >= 0 ? cost.card[s] : cost.ground[box_cell(key)];
        int shape = s >= 0 ? maze.slot_face[s] : -1;  // -1: an empty cell a card would go in
        for (const auto& step : SIDE_STEP) {
            if (shape >= 0 && !(shape & step[0])) continue;
            int neighbour = key + step[1];
            if (goals.found(neighbour, here)) continue;  // the card here opens towards the goal
            int other = maze.slot(neighbour);
            if (other < 0) {
                if (open_ground(neighbour) && cost.ground[box_cell(neighbour)] == UNSEEN) {
                    cost.ground[box_cell(neighbour)] = static_cast<uint16_t>(here + 1);
                    queue.push_back(neighbour);
                }
            } else if (cost.card[other] == UNSEEN) {
                int face = maze.slot_face[other];
                if ((face & step[2]) && !(face & DEAD_END)) {
                    cost.card[other] = static_cast<uint16_t>(here);
                    queue.push_front(neighbour);
                }
            }
        }
    }
    return goals.result;
}

std::vector<GoalDistances> distances_after_each(const Tables& t, const Maze& maze,
                                                const std::vector<MazeChange>& changes) {
    std::vector<GoalDistances> found;
    found.reserve(changes.size());
    Maze after;
    for (const MazeChange& change : changes) {
        after = maze;
        if (change.face >= 0) after.place(t, change.face, change.key);
        else after.remove(t, change.key);
        found.push_back(goal_distances(after));
    }
    return found;
}

}  // namespace sab
