// The Duel's observation tensor from the core's round (tensors_duel.hpp).
#include "tensors_duel.hpp"

#include <algorithm>
#include <cstring>

namespace sab::duel {

namespace {

// The tensor's row of a grid cell, or -1 outside the window.
int window_index(int cell) {
    int x = grid_x(cell), y = grid_y(cell);
    if (x < WINDOW_X0 || x > WINDOW_X1 || y < WINDOW_Y0 || y > WINDOW_Y1) return -1;
    return (y - WINDOW_Y0) * WINDOW_W + (x - WINDOW_X0);
}

void mark(float* maze, int cell, int feature) {
    int index = window_index(cell);
    if (index >= 0) maze[index * CELL_FEATURES + feature] = 1.0f;
}

float at_most_one(float value) { return std::min(value, 1.0f); }

}  // namespace

void encode_duel(const DuelRound& r, const DuelTensorTables& t, const DuelGameSide& game, int seat, float* out) {
    std::memset(out, 0, sizeof(float) * static_cast<size_t>(t.size()));
    const int other = 1 - seat;
    float* maze = out;
    const float* rows = t.face_rows[seat].data();
    for (int i = 0; i < r.cell_count; ++i) {
        int index = window_index(r.cells[i]);
        if (index < 0) continue;
        const float* row = rows + (r.face_at[r.cells[i]] - 1) * FACE_FEATURES;
        std::copy(row, row + FACE_FEATURES, maze + index * CELL_FEATURES);
    }
    int claimed[2] = {0, 0};
    for (int i = 0; i < r.claim_count; ++i) {
        mark(maze, r.claim_cell[i], r.claim_seat[i] == seat ? 25 : 26);
        claimed[r.claim_seat[i]] += r.face(r.claim_cell[i]).nuggets;
    }
    for (int i = 0; i < r.key_count; ++i) mark(maze, r.key_cell[i], r.key_seat[i] == seat ? 27 : 28);
    for (int i = 0; i < r.bribe_count; ++i) mark(maze, r.bribe_cell[i], r.bribe_seat[i] == seat ? 29 : 30);
    bool known[GOALS] = {};
    for (int i = 0; i < r.mapped_count[seat]; ++i) known[r.mapped[seat][i]] = true;
    for (int goal = 0; goal < GOALS; ++goal) {
        int index = window_index(GOAL_CELLS[goal]);
        if (index < 0 || r.revealed[goal]) continue;
        maze[index * CELL_FEATURES + 31] = 1.0f;
        if (known[goal]) maze[index * CELL_FEATURES + 32] = r.tables->faces[r.goals[goal]].nuggets / 3.0f;
    }
    float* hand = out + WINDOW_CELLS * CELL_FEATURES;
    for (int i = 0; i < r.hand_size[seat]; ++i) hand[t.card_slot[r.hand[seat][i]]] += 1.0f / 3;
    for (int kind = 0; kind < t.kinds; ++kind) hand[kind] = at_most_one(hand[kind]);
    float* table = hand + t.kinds;
    for (int tool = 0; tool < 3; ++tool) {
        table[tool] = (r.broken[seat] & t.tool_bits[tool]) ? 1.0f : 0.0f;
        table[3 + tool] = (r.broken[other] & t.tool_bits[tool]) ? 1.0f : 0.0f;
    }
    table[6] = r.counters_left(seat) / 4.0f;
    table[7] = r.counters_left(other) / 4.0f;
    table[8] = (KEY_TOKENS - r.key_count) / 2.0f;
    table[9] = r.pile_size / 40.0f;
    table[10] = r.discards / 52.0f;
    table[11] = r.hand_size[seat] / 6.0f;
    table[12] = r.hand_size[other] / 6.0f;
    table[13] = at_most_one(game.nuggets[seat] / 30.0f);
    table[14] = at_most_one(game.nuggets[other] / 30.0f);
    table[15] = at_most_one(claimed[seat] / 15.0f);
    table[16] = at_most_one(claimed[other] / 15.0f);
    if (game.round_number >= 1 && game.round_number <= 3) table[16 + game.round_number] = 1.0f;
    table[20] = r.to_move == seat ? 1.0f : 0.0f;
    for (int i = 0; i < r.mapped_count[other]; ++i) table[21 + r.mapped[other][i]] = 1.0f;
}

}  // namespace sab::duel
