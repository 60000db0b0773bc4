// The learning environments' observation tensor and action mask of the base game,
// built from the core's round (pysaboteur/envs/tensors.py and actions.py are the
// reference, and say what every entry means). Nothing here is typed by hand: the
// offsets, scales and id blocks come from those modules (pysaboteur/envs/native_tensors.py).
#pragma once
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "round.hpp"

namespace sab {

struct TensorSpec {
    static constexpr int PLANES = 8;  // tensors.py MAZE_PLANES
    int players = 0;
    // The window of cells that maze planes and action ids name.
    int x_min = 0, x_max = 0, y_min = 0, y_max = 0, width = 0, cells = 0;
    // The blocks' first indices, and the vector's size.
    int maze = 0, goals = 0, hand = 0, role = 0, seats = 0, plays = 0, open_hands = 0, table = 0;
    int size = 0;
    int seat_width = 0;  // columns of a row of ``seats``
    int play_width = 0;  // columns of a row of ``plays``
    int play_columns = 0;  // the columns before the aimed-at seats
    int card_codes = 0;  // columns of the hand (CARD_CODES)
    std::vector<int> hand_index;  // per card of the core: its index in CARD_CODES
    std::vector<double> play_scale;  // what each column of ``plays`` is divided by
    double aimed_scale = 1, hand_scale = 1, all_cards = 1, gold_deck = 1, offer = 1, nuggets = 1,
           outside = 1;
    // The action ids.
    int action_count = 0;
    std::vector<int> place_first;  // per card * 2 + face: the first id of the shape it lies as
    int place_start = 0, rockfall_start = 0, map_start = 0, take_start = 0, pass_action = 0;
    int aim_start = 0;  // the first id of the break and fix blocks
    std::vector<int> discard_id;  // per card
    std::vector<std::array<int, 3>> aim_first;  // per break/fix card and tool: its first id (+ target)

    // count / scale as float, for every count a tally holds (worked out once: a division
    // costs more than the rest of writing an entry): per column of ``plays``, then aimed.
    std::vector<std::array<float, 256>> scaled;
    void scale_counts() {
        scaled.assign(play_scale.size() + 1, {});
        for (size_t column = 0; column <= play_scale.size(); ++column) {
            double by = column < play_scale.size() ? play_scale[column] : aimed_scale;
            for (int count = 0; count < 256; ++count) scaled[column][count] = static_cast<float>(count / by);
        }
    }

    // Per id, the code it names with the cell or target left out (make_codes()), and per
    // window cell its key: playing an id needs no listing.
    std::vector<uint32_t> id_code;
    std::vector<uint16_t> cell_key;
    // Works out id_code and cell_key from the blocks above and the core's tables.
    void make_codes(const Tables& t);

    int window_cell(int key) const {  // the cell's index in the window, or -1
        int x = (key >> 8) - 128, y = (key & 255) - 128;
        if (x < x_min || x > x_max || y < y_min || y > y_max) return -1;
        return (y - y_min) * width + (x - x_min);
    }
};

// What each seat played this round, counted as moves are played (tensors.py
// RoundTally reads the same from the round's history).
struct Tally {
    static constexpr int COLUMNS = 8;  // tensors.py PLAY_FEATURES
    uint8_t plays[MAX_SEATS][COLUMNS];
    uint8_t aimed[MAX_SEATS][2][MAX_SEATS];  // broken tools, repairs, per target seat
    // The entries of ``aimed`` that are not zero, in the order they became so, each
    // actor << 8 | kind << 4 | target: few tools are broken or mended in a round, and
    // one loop over them mispredicts less than a loop per seat and kind.
    uint16_t aimed_entries[2 * MAX_SEATS * MAX_SEATS];
    int aimed_count;

    void clear();
    // Counts ``code``, about to be played by ``seat`` (the round not yet changed).
    void count(const Tables& t, int seat, uint32_t code);
};

// Where the round stands in its game, beyond what the round holds.
struct GameSide {
    int round_number;
    int nuggets;  // the seat's nuggets from the rounds before this one
    bool open_hands;
    bool over = false;  // the game is over: the table's phase column is "over"
};

// What an observation wrote in the maze planes: the window cells of the face-up cards
// (and how many lay outside the window). The next observation in its place clears
// those cells' planes, the goal cells' and the blocks after the maze, not the whole
// vector; where the maze has not changed, it leaves the cards' planes as they are.
struct Written {
    std::vector<uint16_t> cells;
    int outside = 0;

    void clear(const TensorSpec& spec, float* out, bool maze_too);
};

// Redraws the cards' planes at the cells of ``keys``, where a card came or went since
// the row showed ``maze`` one change ago (the rest of the row is as ``written`` says),
// and keeps ``written`` up to date, its count of cards outside the window too.
void redraw_cells(const TensorSpec& spec, const Maze& maze, const uint16_t* keys, int count, float* out,
                  Written& written);

// Writes the observation of ``seat`` into ``out`` (cleared by ``written``), the round
// in play (phase play or gold), and notes the maze cells in ``written``; with
// ``maze_drawn`` the face-up cards' planes are there already (the same maze).
void encode(const TensorSpec& spec, const Round& round, const Tally& tally, const GameSide& side, int seat,
            float* out, Written& written, bool maze_drawn);

// -- what both editions' tensors share (tensors_saboteur2.cpp too) ------------------

// A seat counted from ``from`` (0 <= both < players), without a division: this is
// asked a few hundred times an observation.
inline int relative(int seat, int from, int players) {
    int counted = seat - from;
    return counted + (players & -(counted < 0));  // no branch: which way it goes is a coin toss
}

// ``out[index] += amount`` as the Python encoders add into their float32 arrays: in
// double, then rounded to float, so that the two engines' vectors agree bit for bit.
inline void add(float* out, int index, double amount) {
    out[index] = static_cast<float>(static_cast<double>(out[index]) + amount);
}

// The goals as envs/encoding.py put_goals writes them for ``seat``: per goal a row of
// face up, known, gold, stone at ``goals``; on the maze planes that begin at
// ``face_down`` and ``gold_chance``, the face-down goals and the chance each is the
// gold; ``goal_cells`` are the goals' window cells.
void put_goals(const Round& round, int seat, float* put, int goals, int face_down, int gold_chance,
               const int* goal_cells);

// A listing's placement faces by side pattern, so that a cell's fitting faces are found
// from the patterns that fit there (a bit each of 16), not by trying every face: per
// four patterns (a nibble of the fits) and each subset of them, a bit per face (< 32,
// the listing's order) that has one of them. Four look-ups a cell, and no loop whose
// length varies from cell to cell (its branches mispredict).
struct FacesByPattern {
    uint32_t by_nibble[4][16] = {};
    unsigned any = 0;  // the patterns some face has, a bit each
    // Face ``index`` has side pattern ``pattern`` (0 ... 15).
    void add(int index, int pattern) {
        uint32_t* subsets = by_nibble[pattern >> 2];
        const uint32_t* has = SUBSETS_WITH[pattern & 3];
        const uint32_t face = 1u << index;
        for (int subset = 0; subset < 16; ++subset) subsets[subset] |= has[subset] & face;  // vectorized
        any |= 1u << pattern;
    }
    // Per pattern of a nibble, all ones at the subsets of the nibble that hold it.
    static constexpr uint32_t SUBSETS_WITH[4][16] = {
        {0, ~0u, 0, ~0u, 0, ~0u, 0, ~0u, 0, ~0u, 0, ~0u, 0, ~0u, 0, ~0u},
        {0, 0, ~0u, ~0u, 0, 0, ~0u, ~0u, 0, 0, ~0u, ~0u, 0, 0, ~0u, ~0u},
        {0, 0, 0, 0, ~0u, ~0u, ~0u, ~0u, 0, 0, 0, 0, ~0u, ~0u, ~0u, ~0u},
        {0, 0, 0, 0, 0, 0, 0, 0, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u},
    };
    // The ids at window cell ``cell`` where the patterns ``fits`` fit (a bit each), face
    // by face: ``first`` is each face's first id.
    int ids_at(int cell, unsigned fits, const int* first, uint16_t* ids) const {
        uint32_t faces = by_nibble[0][fits & 15] | by_nibble[1][fits >> 4 & 15] | by_nibble[2][fits >> 8 & 15] |
                         by_nibble[3][fits >> 12 & 15];
        int count = 0;
        for (; faces; faces &= faces - 1) ids[count++] = static_cast<uint16_t>(first[__builtin_ctz(faces)] + cell);
        return count;
    }
};

// The placements' ids at every frontier cell in the window of ``spec`` (either
// edition's), cell by cell and then face by face as Round::legal lists them: the faces
// of ``faces``, each with its first id (``first``), into ``ids``; returns how many.
template <class Spec>
int frontier_ids(const Spec& spec, const Maze& maze, const int* first, const FacesByPattern& faces, uint16_t* ids) {
    int count = 0;
    for (int c = 0; c < maze.front_count && faces.any; ++c) {
        int cell = spec.window_cell(maze.front_key[c]);
        if (cell >= 0) count += faces.ids_at(cell, maze.front_fits[c], first, ids + count);
    }
    return count;
}

// The ids of the legal moves of the seat to move that have one, into ``ids`` (room for
// the action count); returns how many. Round::legal lists the same moves, kind by kind,
// as codes (the tests hold the masks equal to actions.py's from the rules' moves).
int legal_ids(const TensorSpec& spec, const Round& round, uint16_t* ids);

// The code of the move of the seat to move that ``id`` names (legal or not).
uint32_t code_of_id(const TensorSpec& spec, const Round& round, int id);

}  // namespace sab
