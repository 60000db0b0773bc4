// The observation tensor of a Duel seat (pysaboteur/envs/tensors_duel.py says what
// each entry means and stays the reference), written from the core's round: the
// layout is the reference's, and what a face shows comes from Python as a table
// (one row of features per face and viewer), so nothing here names a card.
#pragma once
#include <cstdint>
#include <vector>

#include "round_duel.hpp"

namespace sab::duel {

// tensors_duel.py: the window's cells, a cell's features, the table block.
constexpr int WINDOW_X0 = -6, WINDOW_X1 = 14, WINDOW_Y0 = -8, WINDOW_Y1 = 8;
constexpr int WINDOW_W = WINDOW_X1 - WINDOW_X0 + 1;
constexpr int WINDOW_CELLS = WINDOW_W * (WINDOW_Y1 - WINDOW_Y0 + 1);
constexpr int CELL_FEATURES = 33;
constexpr int FACE_FEATURES = 25;  // the face's own, written from the table
constexpr int TABLE_FEATURES = 27;

struct DuelTensorTables {
    int faces = 0;
    std::vector<float> face_rows[2];  // per viewer seat: faces x FACE_FEATURES
    int kinds = 0;                    // the hand block's length
    std::vector<uint8_t> card_slot;   // per card: its entry in the hand block
    uint8_t tool_bits[3] = {0, 0, 0};  // the broken bits of pick, lamp and cart
    int size() const { return WINDOW_CELLS * CELL_FEATURES + kinds + TABLE_FEATURES; }
};

// Where the game stands, which the round does not hold.
struct DuelGameSide {
    int round_number;  // 1 to 3
    int nuggets[2];    // each seat's nuggets from the rounds before
};

// Writes seat's tensor into out (t.size() floats, cleared here).
void encode_duel(const DuelRound& r, const DuelTensorTables& t, const DuelGameSide& game, int seat, float* out);

}  // namespace sab::duel
