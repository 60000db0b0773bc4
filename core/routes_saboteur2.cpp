#include "routes_saboteur2.hpp"

#include <algorithm>
#include <cstdint>

#include "maze_search.hpp"

namespace sab {

namespace {

// A state of the search: a cell and the sides of the tunnel the route is in (15 for
// an empty cell a card would go in), with the cards it cost to get there.
struct RouteStep {
    uint16_t key;
    uint8_t sides;
    uint16_t cost;
};

// The 0-1 breadth-first search's queue: a state is queued again for each way found to
// it and skipped when it comes out a second time, as maze_saboteur2 does.
struct RouteDeque {
    static constexpr int SIZE = 8192;  // a power of two, above four ways into every state
    RouteStep steps[SIZE];
    int head = 0, tail = 0;
    bool empty() const { return head == tail; }
    void push_back(RouteStep step) {
        if (tail - head < SIZE) steps[tail++ & (SIZE - 1)] = step;
    }
    void push_front(RouteStep step) {
        if (tail - head < SIZE) steps[--head & (SIZE - 1)] = step;
    }
    RouteStep pop_front() { return steps[head++ & (SIZE - 1)]; }
};

// The states already walked: for a card, a bit per sides value of its slot; for an
// empty cell (always entered with every side), one flag in the box.
struct Walked {
    uint16_t card[SLOTS];
    bool ground[BOX_CELLS];
    Walked() {
        std::fill(card, card + SLOTS, uint16_t{0});
        std::fill(ground, ground + BOX_CELLS, false);
    }
};

GoalDistances route_distances(const Tables& t, const Saboteur2Tables& s, const Maze& maze, int colour) {
    GoalSearch goals(maze);
    if (!goals.remaining) return goals.result;
    Walked walked;
    static RouteDeque queue;
    queue.head = queue.tail = 0;
    // routes_saboteur2.route_starts: the start card, then every ladder.
    queue.push_back({static_cast<uint16_t>(START_KEY), static_cast<uint8_t>(START_SHAPE), 0});
    for (int i = 0; i < maze.cell_count; ++i) {
        int slot = maze.slot_of[i];
        int sides = t.ladder_of(maze.slot_face[slot]);
        if (sides) queue.push_back({maze.slot_key[slot], static_cast<uint8_t>(sides), 0});
    }
    while (!queue.empty()) {
        RouteStep here = queue.pop_front();
        int slot = maze.slot(here.key);
        if (slot >= 0) {
            if (walked.card[slot] & (1u << here.sides)) continue;
            walked.card[slot] = static_cast<uint16_t>(walked.card[slot] | (1u << here.sides));
        } else {
            if (walked.ground[box_cell(here.key)]) continue;
            walked.ground[box_cell(here.key)] = true;
        }
        for (const auto& step : SIDE_STEP) {
            if (!(here.sides & step[0])) continue;
            int neighbour = here.key + step[1];
            if (goals.found(neighbour, here.cost)) {
                if (!goals.remaining) return goals.result;
                continue;
            }
            int other = maze.slot(neighbour);
            if (other < 0) {
                if (open_ground(neighbour) && !walked.ground[box_cell(neighbour)])
                    queue.push_back({static_cast<uint16_t>(neighbour), 15, static_cast<uint16_t>(here.cost + 1)});
                continue;
            }
            int face = maze.slot_face[other];
            int tunnel = t.tunnel_of(static_cast<uint16_t>(face), step[2]);
            if (!tunnel || (walked.card[other] & (1u << tunnel))) continue;  // a wall, a stub, a dead end
            int door = s.door_of(face);
            if (colour && door && door != colour) continue;  // a door of the other colour
            queue.push_front({static_cast<uint16_t>(neighbour), static_cast<uint8_t>(tunnel), here.cost});
        }
    }
    return goals.result;
}

}  // namespace

RouteDistances route_distances_saboteur2(const Tables& t, const Saboteur2Tables& s, const Maze& maze) {
    RouteDistances found;
    for (int mode = 0; mode < 3; ++mode) found[mode] = route_distances(t, s, maze, ROUTE_MODES[mode]);
    return found;
}

std::vector<RouteDistances> routes_after_each_saboteur2(const Tables& t, const Saboteur2Tables& s,
                                                        const Maze& maze, const std::vector<MazeChange>& changes) {
    std::vector<RouteDistances> found;
    found.reserve(changes.size());
    Maze after;
    for (const MazeChange& change : changes) {
        after = maze;
        if (change.face >= 0) after.put(change.key, change.face);
        else after.remove(t, change.key);
        found.push_back(route_distances_saboteur2(t, s, after));
    }
    return found;
}

}  // namespace sab
