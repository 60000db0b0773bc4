// The fast playout policy of the search bot (pysaboteur/bots/rollout.py, whose
// docstrings hold the reasons), played in the core: each seat lays the card that
// brings the network nearer the goal it digs for (a miner) or blocks the shortest
// way there (a saboteur), aims breaks and repairs with the sampled roles (right
// GUESS_RIGHT of the time), and the round is played to its end.
#pragma once
#include <cstdint>
#include <vector>

#include "maze_search.hpp"
#include "round.hpp"
#include "splitmix.hpp"

namespace sab {

// How often a playout seat aims a broken tool or a repair at the right seat.
constexpr double GUESS_RIGHT = 0.7;

// A dense copy of the cards around the start and the goals: the search back from a
// goal looks at every cell there several times, and a dense array costs less per
// look than the maze's hash probe (cells farther out are looked up in the maze).
class CellGrid {
  public:
    void build(const Maze& maze) {
        maze_ = &maze;
        for (int i = 0; i < SIZE; ++i) face_[i] = -1;
        for (int i = 0; i < SIZE; ++i) net_[i] = 0;
        for (int i = 0; i < maze.cell_count; ++i) {
            int s = maze.slot_of[i];
            int key = maze.slot_key[s];
            if (!covers(key)) continue;
            face_[index(key)] = static_cast<int16_t>(maze.slot_face[s]);
            net_[index(key)] = maze.slot_net[s];
        }
    }
    int face(int key) const {  // -1: no card there
        if (covers(key)) return face_[index(key)];
        int s = maze_->slot(key);
        return s < 0 ? -1 : maze_->slot_face[s];
    }
    bool in_network(int key) const { return covers(key) ? net_[index(key)] != 0 : maze_->net_at(key) != 0; }

  private:
    // One cell beyond maze_view's box on every side, so that its cells' neighbours are here.
    static constexpr int X0 = -7, X1 = 15, Y0 = -10, Y1 = 11;
    static constexpr unsigned HEIGHT = Y1 - Y0;
    static constexpr int SIZE = (X1 - X0) * HEIGHT;
    // Unsigned arithmetic on the key's two bytes (x + 128, y + 128): no division.
    static unsigned column(int key) { return (static_cast<unsigned>(key) >> 8) - (X0 + 128); }
    static unsigned row(int key) { return (static_cast<unsigned>(key) & 255) - (Y0 + 128); }
    static bool covers(int key) { return column(key) < X1 - X0 && row(key) < HEIGHT; }
    static int index(int key) { return static_cast<int>(column(key) * HEIGHT + row(key)); }
    const Maze* maze_ = nullptr;
    int16_t face_[SIZE];
    uint8_t net_[SIZE];
};

// maze_view.cards_to_goal for one goal: for each cell, the cards still to place
// for a path through it to reach the goal (FAR where the search did not reach).
// The values live in one array over every cell key; only the cells a search
// touched are reset, so a search costs what it visits.
class GoalField {
  public:
    GoalField();
    void compute(const CellGrid& grid, int goal);
    void reset();
    int need(int key) const { return values_[key & 0xFFFF] == ABSENT ? FAR : values_[key & 0xFFFF]; }
    bool reached(int key) const { return values_[key & 0xFFFF] != ABSENT; }
    bool valid() const { return valid_; }

  private:
    static constexpr uint8_t ABSENT = 255;  // a cell the search did not reach
    std::vector<uint8_t> values_;
    std::vector<uint16_t> touched_;
    bool valid_ = false;
    void set(int key, int value);
};

// The fields of the three goals, kept while the maze stays as it was.
struct GoalFields {
    GoalField goal[3];
    CellGrid grid;
    bool grid_valid = false;
    void invalidate() {
        for (auto& field : goal) field.reset();
        grid_valid = false;
    }
    const CellGrid& grid_of(const Maze& maze) {
        if (!grid_valid) grid.build(maze);
        grid_valid = true;
        return grid;
    }
    const GoalField& of(const Maze& maze, int index) {
        if (!goal[index].valid()) goal[index].compute(grid_of(maze), index);
        return goal[index];
    }
};

// The goal a seat digs towards: the gold if it has mapped it, else the nearest open goal.
int target_goal(const Round& round, int seat);

// The policy's score of each move listed (rollout.py's move_scores); a break the
// seat passes over (its guess says the target is no opponent) scores SKIPPED.
// ``rng`` draws the chances, in the order of the moves; without one every chance
// is 0 (breaks never passed over, discards without their random part).
constexpr double SKIPPED = -1e18;
void score_moves(const Round& round, const std::vector<uint32_t>& moves, GoalFields& fields, SplitMix* rng,
                 double guess_right, std::vector<double>& scores);

// One move for the seat to move, by the policy.
uint32_t playout_choice(const Round& round, const std::vector<uint32_t>& moves, GoalFields& fields, SplitMix& rng,
                        double guess_right);

struct PlayoutOutcome {
    int winner;  // a Team: NO_TEAM if the limit came first
    int moves;
    std::vector<int> round_gold;  // each seat's gold this round, the picks played
};

// Plays a copy of ``round`` on by the policy until the round ends or ``limit`` moves;
// ``trace``, if given, receives the codes played.
PlayoutOutcome play_out(Round round, uint64_t seed, int limit, double guess_right,
                        std::vector<uint32_t>* trace = nullptr);

// The scores with no chance at all (breaks never passed over, discards without their
// random part): what the lockstep test compares with rollout.py's.
std::vector<double> certain_scores(const Round& round);

}  // namespace sab
