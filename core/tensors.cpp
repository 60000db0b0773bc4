#include "tensors.hpp"

#include <algorithm>
#include <cstring>

namespace sab {

namespace {

// The columns of a row of ``plays`` (tensors.py PLAY_FEATURES).
constexpr int CONNECTED = 0, DEAD_ENDS = 1, ROCKFALLS = 2, MAPS = 3, DISCARDS = 4, LOOKED = 5;
constexpr int DEAD_END = 16;  // rules/faces.py: the bit of a dead end's face
constexpr int PHASE_COLUMN[2] = {3, 4};  // the table's columns of phase play, gold
constexpr int PHASE_OVER = 5;            // and of the game over (tensors.py _PHASES)
// A seat's broken tools (a bit each) as its row's three entries: read, not converted.
constexpr float BROKEN_TOOLS[8][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                                      {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};

int goal_index(int key) {
    for (int index = 0; index < 3; ++index)
        if (GOAL_KEYS[index] == key) return index;
    return -1;
}

// The planes of a face-up card at window ``cell``, noted in ``written``. Every plane of
// the card's is written, zeros too: a branch per side mispredicts more than it saves.
void draw_card(const TensorSpec& spec, int face, int cell, float* put, Written& written) {
    written.cells.push_back(static_cast<uint16_t>(cell));
    float* planes = put + spec.maze + cell;
    for (int plane = 0; plane < 4; ++plane) planes[plane * spec.cells] = static_cast<float>(face >> plane & 1);
    planes[4 * spec.cells] = face & DEAD_END ? 1.0f : 0.0f;
    planes[5 * spec.cells] = 1.0f;
}

}  // namespace

void redraw_cells(const TensorSpec& spec, const Maze& maze, const uint16_t* keys, int count, float* put,
                  Written& written) {
    for (int i = 0; i < count; ++i) {
        int s = maze.slot(keys[i]);
        int cell = spec.window_cell(keys[i]);
        if (cell < 0) {  // a card came or went outside the window
            written.outside += s >= 0 ? 1 : -1;
            continue;
        }
        for (int plane = 0; plane < 6; ++plane) put[spec.maze + plane * spec.cells + cell] = 0.0f;
        if (s >= 0) draw_card(spec, maze.slot_face[s], cell, put, written);
    }
}

void Tally::clear() { std::memset(this, 0, sizeof *this); }

void Written::clear(const TensorSpec& spec, float* out, bool maze_too) {
    if (maze_too) {
        for (uint16_t cell : cells)
            for (int plane = 0; plane < TensorSpec::PLANES; ++plane) out[spec.maze + plane * spec.cells + cell] = 0.0f;
        cells.clear();
    }
    for (int key : GOAL_KEYS) {  // face down, gold chance: the seat's own
        int cell = spec.window_cell(key);
        out[spec.maze + 6 * spec.cells + cell] = out[spec.maze + 7 * spec.cells + cell] = 0.0f;
    }
    std::memset(out + spec.goals, 0, sizeof(float) * static_cast<size_t>(spec.size - spec.goals));
}

void Tally::count(const Tables& t, int seat, uint32_t code) {
    int card = card_of(code);
    switch (kind_of(code)) {
        case PLACE: {
            int face = t.faces[card][face_index_of(code)];
            int column = face & DEAD_END ? DEAD_ENDS : CONNECTED;
            ++plays[seat][column];
            break;
        }
        case BREAK:
        case FIX: {
            int aim = kind_of(code) == BREAK ? 0 : 1;
            if (!aimed[seat][aim][target_of(code)]++)
                aimed_entries[aimed_count++] = static_cast<uint16_t>(seat << 8 | aim << 4 | target_of(code));
            break;
        }
        case ROCKFALL:
            ++plays[seat][ROCKFALLS];
            break;
        case MAP: {
            ++plays[seat][MAPS];
            int goal = goal_index(cell_of(code));
            if (goal >= 0) plays[seat][LOOKED + goal] = 1;
            break;
        }
        case DISCARD:
            ++plays[seat][DISCARDS];
            break;
        default:
            break;
    }
}

void put_goals(const Round& round, int seat, float* put, int goals, int face_down, int gold_chance,
               const int* goal_cells) {
    const Maze& maze = round.maze;
    const int gold_card = round.tables->gold_card;
    int known[3];
    bool gold_known = false;
    int unknown = 0;
    for (int index = 0; index < 3; ++index) {
        bool mapped = false;
        for (int i = 0; i < round.mapped_count[seat]; ++i) mapped |= round.mapped[seat][i] == index;
        known[index] = maze.revealed[index] || mapped ? maze.goals[index] : -1;
        gold_known |= known[index] == gold_card;
        unknown += known[index] < 0;
    }
    for (int index = 0; index < 3; ++index) {
        int cell = goal_cells[index];
        int row = goals + 4 * index;
        if (maze.revealed[index]) put[row] = 1.0f;
        else put[face_down + cell] = 1.0f;
        if (known[index] >= 0) {
            bool gold = known[index] == gold_card;
            put[row + 1] = 1.0f;
            put[row + (gold ? 2 : 3)] = 1.0f;
            if (gold) put[gold_chance + cell] = 1.0f;
        } else if (!gold_known) {
            put[gold_chance + cell] = static_cast<float>(1.0 / unknown);
        }
    }
}

void encode(const TensorSpec& spec, const Round& round, const Tally& tally, const GameSide& side, int seat,
            float* put, Written& written, bool maze_drawn) {
    const Maze& maze = round.maze;
    const int n = round.players;
    const int cells = spec.cells;

    // -- maze and goals ------------------------------------------------------------
    if (!maze_drawn) {
        written.outside = 0;
        for (int i = 0; i < maze.cell_count; ++i) {
            int s = maze.slot_of[i];
            int cell = spec.window_cell(maze.slot_key[s]);
            if (cell < 0) {
                ++written.outside;
                continue;
            }
            draw_card(spec, maze.slot_face[s], cell, put, written);
        }
    }
    const int outside = written.outside;
    int goal_cells[3];
    for (int index = 0; index < 3; ++index) goal_cells[index] = spec.window_cell(GOAL_KEYS[index]);
    put_goals(round, seat, put, spec.goals, spec.maze + 6 * cells, spec.maze + 7 * cells, goal_cells);

    // -- the seat's own cards and role -----------------------------------------------
    const double one_card = 1.0 / spec.hand_scale;
    for (int i = 0; i < round.hand_size[seat]; ++i)
        add(put, spec.hand + spec.hand_index[round.hand[seat][i]], one_card);
    put[spec.role + (round.miner[seat] ? 0 : 1)] = 1.0f;
    if (side.open_hands)
        for (int other = 0; other < n; ++other) {
            int row = spec.open_hands + relative(other, seat, n) * spec.card_codes;
            for (int i = 0; i < round.hand_size[other]; ++i)
                add(put, row + spec.hand_index[round.hand[other][i]], one_card);
        }

    // -- seats, counted from the observing seat ----------------------------------------
    // The tools and the columns of plays are written whole, zeros too, in loops of
    // fixed length: a loop over the few entries that are not zero mispredicts its
    // branches, which costs more than the writes it saves.
    for (int row_index = 0; row_index < n; ++row_index) {
        int other = seat + row_index < n ? seat + row_index : seat + row_index - n;
        float* row = put + spec.seats + row_index * spec.seat_width;
        const float* tools = BROKEN_TOOLS[round.broken[other] & 7];
        for (int tool = 0; tool < 3; ++tool) row[tool] = tools[tool];
        row[3] = static_cast<float>(round.hand_size[other] / spec.hand_scale);
    }
    if (round.to_move != NOBODY) put[spec.seats + relative(round.to_move, seat, n) * spec.seat_width + 4] = 1.0f;
    const std::array<float, 256>* scaled = spec.scaled.data();
    for (int row_index = 0; row_index < n; ++row_index) {
        int actor = seat + row_index < n ? seat + row_index : seat + row_index - n;
        float* row = put + spec.plays + row_index * spec.play_width;
        for (int column = 0; column < Tally::COLUMNS; ++column) row[column] = scaled[column][tally.plays[actor][column]];
    }
    for (int i = 0; i < tally.aimed_count; ++i) {
        unsigned entry = tally.aimed_entries[i];
        int actor = static_cast<int>(entry >> 8), kind = entry >> 4 & 15, target = entry & 15;
        put[spec.plays + relative(actor, seat, n) * spec.play_width + spec.play_columns + kind * n +
            relative(target, seat, n)] = scaled[Tally::COLUMNS][tally.aimed[actor][kind][target]];
    }

    // -- the table ----------------------------------------------------------------------
    const int table = spec.table;
    put[table + side.round_number - 1] = 1.0f;
    put[table + (side.over ? PHASE_OVER : PHASE_COLUMN[round.phase == GOLD])] = 1.0f;
    put[table + 6] = static_cast<float>(round.pile_size / spec.all_cards);
    put[table + 7] = static_cast<float>(round.discards / spec.all_cards);
    put[table + 8] = static_cast<float>(round.gold_size / spec.gold_deck);
    put[table + 9] = static_cast<float>(round.offer_size / spec.offer);
    if (round.offer_size && round.to_move == seat)
        for (int i = 0; i < round.offer_size; ++i) add(put, table + 9 + round.offer[i], 1.0 / spec.offer);
    put[table + 13] = static_cast<float>((side.nuggets + round.round_gold[seat]) / spec.nuggets);
    put[table + 14] = static_cast<float>(std::min<double>(outside, spec.outside) / spec.outside);
}

void TensorSpec::make_codes(const Tables& t) {
    id_code.assign(static_cast<size_t>(action_count), 0);
    cell_key.assign(static_cast<size_t>(cells), 0);
    for (int cell = 0; cell < cells; ++cell)
        cell_key[static_cast<size_t>(cell)] = static_cast<uint16_t>(key_of(cell % width + x_min, cell / width + y_min));
    auto at = [&](int id) -> uint32_t& { return id_code[static_cast<size_t>(id)]; };
    for (int card = 0; card < t.card_count; ++card) {
        switch (t.kind[card]) {
            case PLACE:
                for (size_t face = 0; face < t.faces[card].size(); ++face)
                    for (int cell = 0; cell < cells; ++cell)
                        at(place_first[card * 2 + face] + cell) = code_of(PLACE, card) | static_cast<uint32_t>(face) << 28;
                break;
            case ROCKFALL:
                for (int cell = 0; cell < cells; ++cell) at(rockfall_start + cell) = code_of(ROCKFALL, card);
                break;
            case MAP:
                for (int goal = 0; goal < 3; ++goal) at(map_start + goal) = with_cell(code_of(MAP, card), GOAL_KEYS[goal]);
                break;
            case BREAK:
            case FIX:
                for (uint8_t tool : t.tools[card])
                    for (int target = 0; target < players; ++target)
                        at(aim_first[card][tool] + target) = code_of(t.kind[card], card) | static_cast<uint32_t>(tool) << 16;
                break;
            default:
                break;
        }
        at(discard_id[card]) = code_of(DISCARD, card);
    }
    for (int value = 1; value <= 3; ++value) at(take_start + value - 1) = code_of(TAKE, 0) | static_cast<uint32_t>(value) << 12;
    at(pass_action) = code_of(PASS, 0);
}

int legal_ids(const TensorSpec& spec, const Round& round, uint16_t* ids) {
    // Round::legal, kind by kind, writing ids.
    int count = 0;
    if (round.to_move == NOBODY) return 0;
    const int seat = round.to_move, n = round.players;
    if (round.phase == GOLD) {
        bool seen[4] = {false, false, false, false};
        for (int i = 0; i < round.offer_size; ++i) seen[round.offer[i]] = true;
        for (int value = 1; value <= 3; ++value)
            if (seen[value]) ids[count++] = static_cast<uint16_t>(spec.take_start + value - 1);
        return count;
    }
    const int size = round.hand_size[seat];
    if (!size) {
        ids[count++] = static_cast<uint16_t>(spec.pass_action);
        return count;
    }
    const Tables& t = *round.tables;
    const Maze& maze = round.maze;
    uint8_t distinct[MAX_HAND];  // the hand's cards, each once, in the hand's order
    int kinds = 0;
    uint64_t seen[MAX_CARDS / 64] = {};
    for (int i = 0; i < size; ++i) {
        uint8_t card = round.hand[seat][i];
        uint64_t& word = seen[card >> 6];
        uint64_t bit = uint64_t{1} << (card & 63);
        distinct[kinds] = card;
        kinds += !(word & bit);
        word |= bit;
    }
    if (!round.broken[seat]) {
        int first[2 * MAX_HAND];
        FacesByPattern patterns;
        int plain = 0;
        for (int j = 0; j < kinds; ++j) {
            int card = distinct[j];
            if (t.kind[card] != PLACE) continue;
            const auto& faces = t.faces[card];
            for (size_t f = 0; f < faces.size(); ++f) {
                patterns.add(plain, faces[f] & 15);
                first[plain++] = spec.place_first[card * 2 + f];
            }
        }
        count += frontier_ids(spec, maze, first, patterns, ids + count);
    }
    for (int j = 0; j < kinds; ++j) {
        int card = distinct[j];
        switch (t.kind[card]) {
            case BREAK: {
                int tool = t.tools[card][0];
                for (int target = 0; target < n; ++target)
                    if (!(round.broken[target] & (1 << tool)))
                        ids[count++] = static_cast<uint16_t>(spec.aim_first[card][tool] + relative(target, seat, n));
                break;
            }
            case FIX:
                for (uint8_t tool : t.tools[card])
                    for (int target = 0; target < n; ++target)
                        if (round.broken[target] & (1 << tool))
                            ids[count++] = static_cast<uint16_t>(spec.aim_first[card][tool] + relative(target, seat, n));
                break;
            case MAP:
                for (int index = 0; index < 3; ++index)
                    if (!maze.revealed[index]) ids[count++] = static_cast<uint16_t>(spec.map_start + index);
                break;
            case ROCKFALL:
                for (int i = 0; i < maze.cell_count; ++i) {
                    int key = maze.slot_key[maze.slot_of[i]];
                    int cell = spec.window_cell(key);
                    if (cell >= 0 && key != START_KEY && !is_goal_key(key))
                        ids[count++] = static_cast<uint16_t>(spec.rockfall_start + cell);
                }
                break;
            default:
                break;
        }
        ids[count++] = static_cast<uint16_t>(spec.discard_id[card]);
    }
    return count;
}

uint32_t code_of_id(const TensorSpec& spec, const Round& round, int id) {
    uint32_t code = spec.id_code[static_cast<size_t>(id)];
    switch (kind_of(code)) {
        case PLACE:
            return with_cell(code, spec.cell_key[static_cast<size_t>((id - spec.place_start) % spec.cells)]);
        case ROCKFALL:
            return with_cell(code, spec.cell_key[static_cast<size_t>(id - spec.rockfall_start)]);
        case BREAK:
        case FIX: {
            // The break and fix blocks are rows of one id per seat, counted from the actor.
            int target = (round.to_move + (id - spec.aim_start) % spec.players) % spec.players;
            return code | static_cast<uint32_t>(target) << 12;
        }
        default:
            return code;
    }
}

}  // namespace sab
