// Saboteur 2's observation tensor and action ids, built from the core's round
// (pysaboteur/envs/tensors_saboteur2.py and actions_saboteur2.py are the reference and
// say what every entry means). As for the base game (tensors.hpp), nothing here is
// typed by hand: the offsets, scales, per-face planes and id blocks come from those
// modules (pysaboteur/envs/native_tensors_saboteur2.py).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "round.hpp"

namespace sab {

struct TensorSpec2 {
    static constexpr int PLAY_COLUMNS = 15;  // tensors_saboteur2.py PLAY_FEATURES
    static constexpr int AIMED_KINDS = 9;    // tensors_saboteur2.py AIMED_FEATURES
    static constexpr int ROLES = 6;          // tensors_saboteur2.py ROLES
    static constexpr int SLOTS = 6;          // actions_saboteur2.py HAND_SLOTS
    // len(DISCARD_SETS) and len(SLOT_PAIRS): the sets of 1 to 3 and the pairs of SLOTS
    // slots (ActionIds2 checks them against the spec's id blocks).
    static constexpr int DISCARD_IDS = 6 + 15 + 20, PAIR_IDS = 15;
    int players = 0;
    // The window of cells that maze planes and action ids name.
    int x_min = 0, x_max = 0, y_min = 0, y_max = 0, width = 0, cells = 0;
    // The blocks' first indices, and the vector's size.
    int maze = 0, goals = 0, hand = 0, slots = 0, role = 0, laid_aside = 0, seats = 0, looks = 0, swaps = 0,
        plays = 0, open_hands = 0, table = 0, size = 0;
    int seat_width = 0, look_width = 0, play_width = 0, card_codes = 0;
    // Maze planes (as plane numbers) the encoder writes beside a card's own.
    int ladder_plane = 0, face_down_plane = 0, gold_plane = 0, crystal_plane = 0;
    std::vector<int> hand_index;       // per card of the core: its index in CARD_CODES
    std::vector<uint16_t> face_planes;  // per face id: the bits of the planes a card lying so lights
    std::vector<uint8_t> face_plays;    // per face id: the bits of the plays columns its placement counts
    std::vector<double> play_scale;     // per plays column
    std::vector<double> aimed_scale;    // per aimed kind
    double hand_scale = 1, in_play = 1, discard_scale = 1, reserve_scale = 1, gold_scale = 1, crystals = 1,
           outside = 1;
    // The action ids.
    int action_count = 0;
    std::vector<int> place_first;  // per card * 2 + face: the first id of the face it lies as
    int rockfall_start = 0, map_start = 0, discard_start = 0, clear_start = 0, pass_action = 0, theft_action = 0;
    int steal_first = 0;  // the first id of the steal row (+ target)
    std::vector<std::array<int, 3>> aim_first;  // per card and tool: the first id of its row (+ target), or -1
    std::array<int8_t, 64> discard_set{};  // per set of slots (a bit a slot): its index in DISCARD_SETS, or -1
    std::array<int8_t, 64> slot_pair{};    // per pair of slots: its index in SLOT_PAIRS, or -1
    int pairs = 0;                         // len(SLOT_PAIRS): a clear's stride per front card

    // count / scale as float for every count a tally holds, per plays column and then
    // per aimed kind (worked out once, as the base game's TensorSpec::scaled).
    std::vector<std::array<float, 256>> scaled;
    // The same for the seats' and the table's counts, each as the encoder works it out.
    std::array<float, 256> by_hand_size{}, by_pile{}, by_discards{}, by_reserve{}, by_gold{};
    int goal_cells[3] = {-1, -1, -1};  // the goals' window cells
    void scale_counts() {
        scaled.assign(play_scale.size() + aimed_scale.size(), {});
        for (size_t column = 0; column < scaled.size(); ++column) {
            double by = column < play_scale.size() ? play_scale[column] : aimed_scale[column - play_scale.size()];
            for (int count = 0; count < 256; ++count) scaled[column][static_cast<size_t>(count)] = static_cast<float>(count / by);
        }
        for (int index = 0; index < 3; ++index) goal_cells[index] = window_cell(GOAL_KEYS[index]);
        for (size_t count = 0; count < 256; ++count) {
            by_hand_size[count] = static_cast<float>(static_cast<double>(count) / hand_scale);
            by_pile[count] = static_cast<float>(static_cast<double>(count) / in_play);
            by_discards[count] = static_cast<float>(static_cast<double>(count) / discard_scale);
            by_reserve[count] = static_cast<float>(static_cast<double>(count) / reserve_scale);
            by_gold[count] = gold_share_of(static_cast<int>(count));
        }
    }
    // A seat's gold pieces as the seats and table blocks show them (at most 1).
    float gold_share_of(int pieces) const { return static_cast<float>(std::min(pieces / gold_scale, 1.0)); }
    float gold_share(int pieces) const {
        return pieces >= 0 && pieces < 256 ? by_gold[static_cast<size_t>(pieces)] : gold_share_of(pieces);
    }

    int window_cell(int key) const {  // the cell's index in the window, or -1
        int x = (key >> 8) - 128, y = (key & 255) - 128;
        if (x < x_min || x > x_max || y < y_min || y > y_max) return -1;
        return (y - y_min) * width + (x - x_min);
    }
};

// What each seat played this round, counted as moves are played (tensors_saboteur2.py
// RoundTally reads the same from the round's history).
struct Tally2 {
    uint8_t plays[MAX_SEATS][TensorSpec2::PLAY_COLUMNS];
    uint8_t aimed[MAX_SEATS][TensorSpec2::AIMED_KINDS][MAX_SEATS];  // per actor, kind and target
    int16_t hats[MAX_SEATS];  // per target: the round's index of the last swap-hats on it, or -1
    // The same counts as bits of what is not zero (a seat plays few kinds in a round):
    // the encoder visits these, not every actor, kind and target.
    uint16_t columns[MAX_SEATS];
    uint16_t aims[MAX_SEATS];  // per actor: the aimed kinds it played
    uint16_t aimed_at[MAX_SEATS][TensorSpec2::AIMED_KINDS];
    // The counts as the plays block holds them (count / scale), worked out as they
    // change: an observation copies them (aimed_value only where aimed_at has a bit).
    float play_value[MAX_SEATS][TensorSpec2::PLAY_COLUMNS];
    float aimed_value[MAX_SEATS][TensorSpec2::AIMED_KINDS][MAX_SEATS];

    void clear();
    // Counts ``code``, move ``index`` of the round, about to be played by ``seat``.
    void count(const TensorSpec2& spec, const Tables& t, int seat, uint32_t code, int index);
};

// Where the round stands in its game, beyond what the round holds.
struct Side2 {
    int round_number;
    bool stealing_phase;   // the thieves are stealing (the round's play is over)
    int to_move;           // the seat to move, or -1
    const int16_t* pieces;  // each seat's gold pieces in the game so far
    const uint8_t* stealing;  // the thieves still to steal, in order
    int stealing_count;
    bool open_hands;
};

// What an observation wrote into a row that the next one in its place writes again
// (the batch's rows, batch_saboteur2.cpp): the maze planes of the cards, kept while the
// maze is unchanged and then changed only where the cards differ, and the entries past
// the maze that are not zero, so that the next observation clears only those.
struct Drawn2 {
    uint32_t maze_version = 0;    // the maze the cards' planes show (NativeGame2::maze_version)
    bool maze_drawn = false;      // the planes are there: the maze has not changed since
    std::vector<uint16_t> lit;    // per window cell: the planes lit there (bits; room: the cells)
    std::vector<uint16_t> cells;  // the window cells with planes lit
    int outside = 0, crystals = 0;  // the maze's cards outside the window, and its crystals
    std::vector<uint16_t> tail;   // the entries written past the maze (room: the vector's size)
    int tail_count = 0;

    // A row of zeros, nothing drawn (room made for ``spec``).
    void forget(const TensorSpec2& spec);
    // Clears the row where the last observation wrote what the next writes again:
    // the planes of the goal cells that are the seat's own (face down, gold chance),
    // the goals and the entries noted; the cards' planes are redrawn by the encoder
    // where the maze has changed (``maze_version`` differs).
    void clear(const TensorSpec2& spec, float* out, uint32_t maze_version);
    // Makes the cards' planes those of ``maze``, writing only the cells that differ.
    void redraw(const TensorSpec2& spec, const Maze& maze, float* out);
};

// Writes the observation of ``seat`` into ``out``: zeroed by the caller, or, with
// ``drawn``, cleared by Drawn2::clear, the cards' planes drawn only where they are not
// there already, and what it wrote noted in ``drawn``. ``slots``: the seat's hand in
// slot order where the caller has it (hand_in_slots), else worked out here.
void encode_saboteur2(const TensorSpec2& spec, const Round& round, const Tally2& tally, const Side2& side, int seat,
                      float* out, Drawn2* drawn = nullptr, const uint8_t* slots = nullptr);

// The hand of ``seat`` in slot order (actions_saboteur2.py hand_slots: by CARD_CODES
// index) into ``slots``; returns its size.
int hand_in_slots(const TensorSpec2& spec, const Round& round, int seat, uint8_t* slots);

// ``cards`` (``size`` <= MAX_HAND) sorted by ``key(card)`` (a small number, distinct per
// card) into ``into``: an insertion sort of the keys with their cards packed in, which
// for a hand of a few cards is several times cheaper than std::sort's.
template <class Key>
void sort_cards(const uint8_t* cards, int size, Key key, uint8_t* into) {
    uint32_t packed[MAX_HAND];
    for (int i = 0; i < size; ++i) {
        uint32_t value = static_cast<uint32_t>(key(cards[i])) << 8 | cards[i];
        int at = i;
        for (; at && packed[at - 1] > value; --at) packed[at] = packed[at - 1];
        packed[at] = value;
    }
    for (int i = 0; i < size; ++i) into[i] = static_cast<uint8_t>(packed[i]);
}

// The id of a legal code of ``seat``, to move (a thief's steal too), or -1 (a cell
// outside the window); ``slots`` is the seat's hand in slot order (``size`` cards), for
// the ids of discards and clears.
int id_of_code_saboteur2(const TensorSpec2& spec, int players, int seat, uint32_t code, const uint8_t* slots,
                         int size);

}  // namespace sab
