// The maze of one round: face-up cards by cell, the start network through their
// tunnels, and the frontier (every empty cell a path card may go to, with the side
// patterns that fit there). Mirrors pysaboteur/rules/maze.py, whose docstrings hold
// the rules; this keeps everything in fixed arrays so that a round copies as one block.
// Saboteur 2's ladders are the cells whose face has ladder sides (Tables::ladder_of):
// they join the network wherever they lie.
#pragma once
#include <cstdint>

#include "tables.hpp"

namespace sab {

// Cell keys pack (x, y) as rules/cards.py does: (x + 128) * 256 + (y + 128).
constexpr int key_of(int x, int y) { return (x + 128) * 256 + (y + 128); }
constexpr int x_of(int key) { return key / 256 - 128; }
constexpr int y_of(int key) { return key % 256 - 128; }

constexpr int N = 1, E = 2, S = 4, W = 8;
constexpr int START_KEY = key_of(0, 0);
constexpr int GOAL_KEYS[3] = {key_of(8, -2), key_of(8, 0), key_of(8, 2)};
constexpr int START_SHAPE = N | E | S | W;
// (side, step to the neighbour across it, the neighbour's side facing back)
constexpr int SIDE_STEP[4][3] = {{N, -1, S}, {E, 256, W}, {S, 1, N}, {W, -256, E}};

constexpr int SLOTS = 256;      // hash slots: a power of two, well above the cards a maze holds
constexpr int MAX_CELLS = 160;  // face-up cards in a maze (start, tunnels, goals)
constexpr int MAX_FRONTIER = 4 * MAX_CELLS;

inline bool is_goal_key(int key) {
    return key == GOAL_KEYS[0] || key == GOAL_KEYS[1] || key == GOAL_KEYS[2];
}
inline bool next_to_goal(int key) {
    // The goals share a column (x = 8): a cell two columns away or more is next to none,
    // which is most of those asked about (a ladder's cells), found without the 12 tests.
    int from_goals = key - GOAL_KEYS[0];
    if (from_goals < -256 - 8 || from_goals > 256 + 8) return false;
    for (int goal : GOAL_KEYS)
        for (const auto& step : SIDE_STEP)
            if (key == goal + step[1]) return true;
    return false;
}

struct Maze {
    uint16_t slot_key[SLOTS];  // 0: empty (key 0 is far out of any edition's reach)
    uint16_t slot_face[SLOTS];
    uint8_t slot_net[SLOTS];   // the sides of the cell's tunnels in the start network
    uint8_t slot_of[MAX_CELLS];  // occupied slots, in the order the cards came
    int cell_count;
    uint8_t net_of[MAX_CELLS];   // slots in the start network, in the order they joined it
    int net_count;
    uint8_t goals[3];     // the goal card at each goal cell (index into GOAL_CARDS)
    bool revealed[3];
    // The frontier, ordered by key (x, then y), kept up to date as cards come and go.
    uint16_t front_key[MAX_FRONTIER];
    uint16_t front_fits[MAX_FRONTIER];
    int front_count;

    void clear(const uint8_t goal_cards[3]);
    int slot(int key) const;  // its slot, or -1
    int face_at(int key) const { int s = slot(key); return s < 0 ? 0 : slot_face[s]; }
    int net_at(int key) const { int s = slot(key); return s < 0 ? 0 : slot_net[s]; }
    void put(int key, int face);  // a card face up, not yet in the network
    void join(int s, int sides) {  // sides of slot s join the network
        if (!slot_net[s]) net_of[net_count++] = static_cast<uint8_t>(s);
        slot_net[s] = static_cast<uint8_t>(slot_net[s] | sides);
    }

    // The changes, as rules/maze.py makes them. place() returns a bit per goal it
    // turned up; its frontier and network follow incrementally.
    int place(const Tables& t, int face, int key);
    void remove(const Tables& t, int key);
    void find_network(const Tables& t);  // from the start, everything again

    void spread(const Tables& t, int key, int sides, uint16_t* changed, int& changed_count);
    int reveal_reached(const Tables& t, int placed, uint16_t* changed, int& changed_count);
    void compute_frontier(const Tables& t);
    void refresh_frontier(const Tables& t, const uint16_t* around, int count);
    int fits_at(const Tables& t, int key) const;  // 0 unless a path card may go there
    // The cells whose card a rockfall may take (neither the start nor a goal), by key,
    // into ``keys`` (room for MAX_CELLS); returns how many.
    int rockfall_keys(uint16_t* keys) const;
    // The cells a ladder may go to (Saboteur 2), by key, with the sides their
    // neighbours demand open and walled; returns how many (at most MAX_FRONTIER).
    int ladder_cells(uint16_t* keys, uint8_t* must_open, uint8_t* must_wall) const;
};

}  // namespace sab
