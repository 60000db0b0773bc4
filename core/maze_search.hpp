// What the bots' searches over the maze share (pysaboteur/bots/maze_view.py): the box
// they stay inside and the double-ended queue of their 0-1 breadth-first searches.
// The playout policy's search back from a goal (playout.cpp) and the heuristic's
// distances from the network (maze_query.cpp) both walk it.
#pragma once
#include <array>
#include <cstdint>

#include "maze.hpp"

namespace sab {

constexpr int DEAD_END = 16;  // rules/faces.py: the bit of a dead end's face

// maze_view._INSIDE: paths that leave this box are never the shortest way to a goal.
inline bool inside(int key) {  // -6 <= x < 14, -9 <= y < 10, on the key's bytes (x + 128, y + 128)
    return (static_cast<unsigned>(key) >> 8) - 122u < 20u && (static_cast<unsigned>(key) & 255u) - 119u < 19u;
}

// maze_view._OPEN_GROUND: the cells a path may be built through.
inline bool open_ground(int key) { return inside(key) && !is_goal_key(key); }

// The distance of a goal the network cannot reach at all (maze_view.FAR).
constexpr int FAR = 20;

// A cell of the box by number, 0 to BOX_CELLS - 1 (``inside(key)`` must hold): where a
// search keeps what it knows of the empty cells.
constexpr int BOX_HEIGHT = 19, BOX_CELLS = 20 * BOX_HEIGHT;
inline int box_cell(int key) {
    return static_cast<int>(((static_cast<unsigned>(key) >> 8) - 122u) * BOX_HEIGHT +
                            ((static_cast<unsigned>(key) & 255u) - 119u));
}

using GoalDistances = std::array<int, 3>;

// The goals a search looks for, the face-down ones (a face-up goal is 0 cards away),
// and what it found: found(key, cost) when the search stands next to ``key`` at ``cost``.
struct GoalSearch {
    GoalDistances result;
    bool open[3];
    int remaining = 0;
    explicit GoalSearch(const Maze& maze) {
        for (int index = 0; index < 3; ++index) {
            open[index] = !maze.revealed[index];
            result[index] = open[index] ? FAR : 0;
            remaining += open[index] ? 1 : 0;
        }
    }
    bool found(int key, int cost) {  // whether ``key`` is a goal still looked for
        for (int index = 0; index < 3; ++index) {
            if (open[index] && key == GOAL_KEYS[index]) {
                result[index] = cost;
                open[index] = false;
                --remaining;
                return true;
            }
        }
        return false;
    }
};

// A double-ended queue of cell keys for the 0-1 breadth-first search (a card already
// lying there costs nothing and goes to the front).
struct KeyDeque {
    static constexpr int SIZE = 4096;  // a power of two, far above the cells a search visits
    uint16_t keys[SIZE];
    int head = 0, tail = 0;  // tail - head keys, from keys[head & (SIZE - 1)]
    bool empty() const { return head == tail; }
    bool full() const { return tail - head >= SIZE; }
    void push_back(int key) {
        if (!full()) keys[tail++ & (SIZE - 1)] = static_cast<uint16_t>(key);
    }
    void push_front(int key) {
        if (!full()) keys[--head & (SIZE - 1)] = static_cast<uint16_t>(key);
    }
    int pop_front() { return keys[head++ & (SIZE - 1)]; }
};

}  // namespace sab
