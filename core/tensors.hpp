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
    int rockfall_start = 0, map_start = 0, take_start = 0, pass_action = 0;
    std::vector<int> discard_id;  // per card
    std::vector<std::array<int, 3>> aim_first;  // per break/fix card and tool: its first id (+ target)

    int window_cell(int key) const {  // the cell's index in the window, or -1
        int x = x_of(key), y = y_of(key);
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

    void clear();
    // Counts ``code``, about to be played by ``seat`` (the round not yet changed).
    void count(const Tables& t, int seat, uint32_t code);
};

// Where the round stands in its game, beyond what the round holds.
struct GameSide {
    int round_number;
    int nuggets;  // the seat's nuggets from the rounds before this one
    bool open_hands;
};

// Writes the observation of ``seat`` into ``out`` (spec.size floats, all zero), the
// round in play (phase play or gold).
void encode(const TensorSpec& spec, const Round& round, const Tally& tally, const GameSide& side, int seat,
            float* out);

// The id of a legal move of the seat to move, or -1 (a cell outside the window).
int action_of(const TensorSpec& spec, const Round& round, uint32_t code);

}  // namespace sab
