#include "tensors_saboteur2.hpp"

#include <algorithm>
#include <cstring>

#include "tensors.hpp"

namespace sab {

namespace {

// The columns of a row of ``plays`` that are not a placement's (tensors_saboteur2.py
// _T_ROCKFALL ... _T_GOAL), and the aimed kinds (AIMED_FEATURES).
constexpr int ROCKFALLS = 6, MAPS = 7, DISCARD_TURNS = 8, DISCARDED = 9, CLEARS = 10, THEFTS = 11, LOOKED = 12;
constexpr int AIM_BREAK = 0, AIM_FIX = 1, AIM_TRAPPED = 2, AIM_FREE = 3, AIM_HANDS_OFF = 4, AIM_SWAP_HAND = 5,
              AIM_INSPECTION = 6, AIM_SWAP_HATS = 7, AIM_STEAL = 8;
constexpr int PHASE_PLAY = 3, PHASE_STEAL = 4;  // the table's columns

int aim_of(int kind) {
    switch (kind) {
        case BREAK: return AIM_BREAK;
        case FIX: return AIM_FIX;
        case TRAPPED: return AIM_TRAPPED;
        case FREE_AT_LAST: return AIM_FREE;
        case HANDS_OFF: return AIM_HANDS_OFF;
        case SWAP_HAND: return AIM_SWAP_HAND;
        case INSPECTION: return AIM_INSPECTION;
        case SWAP_HATS: return AIM_SWAP_HATS;
        case STEAL: return AIM_STEAL;
        default: return -1;
    }
}

}  // namespace

int hand_in_slots(const TensorSpec2& spec, const Round& round, int seat, uint8_t* slots) {
    const int size = round.hand_size[seat];
    const uint8_t* hand = round.hand[seat];
    if (size > TensorSpec2::SLOTS) {  // more cards than slots: no Saboteur 2 deal, but sorted all the same
        sort_cards(hand, size, [&spec](uint8_t card) { return spec.hand_index[card]; }, slots);
        return size;
    }
    // A sorting network of six (12 exchanges without a branch, several times cheaper
    // than sorting a hand card by card), the empty slots sorted last.
    const int* index = spec.hand_index.data();
    auto key = [&](int i) { return i < size ? static_cast<uint32_t>(index[hand[i]]) << 8 | hand[i] : ~0u; };
    uint32_t k0 = key(0), k1 = key(1), k2 = key(2), k3 = key(3), k4 = key(4), k5 = key(5);
    auto order = [](uint32_t& a, uint32_t& b) {
        uint32_t low = a < b ? a : b;
        b = a < b ? b : a;
        a = low;
    };
    order(k0, k5), order(k1, k3), order(k2, k4);
    order(k1, k2), order(k3, k4);
    order(k0, k3), order(k2, k5);
    order(k0, k1), order(k2, k3), order(k4, k5);
    order(k1, k2), order(k3, k4);
    const uint32_t sorted[TensorSpec2::SLOTS] = {k0, k1, k2, k3, k4, k5};
    for (int i = 0; i < size; ++i) slots[i] = static_cast<uint8_t>(sorted[i]);
    return size;
}

void Tally2::clear() {
    std::memset(plays, 0, sizeof plays);
    std::memset(aimed, 0, sizeof aimed);
    std::fill(hats, hats + MAX_SEATS, int16_t{-1});
    std::memset(columns, 0, sizeof columns);
    std::memset(aims, 0, sizeof aims);
    std::memset(aimed_at, 0, sizeof aimed_at);
    std::memset(play_value, 0, sizeof play_value);
}

void Tally2::count(const TensorSpec2& spec, const Tables& t, int seat, uint32_t code, int index) {
    int kind = kind_of(code);
    uint8_t* row = plays[seat];
    unsigned counted = 0;  // the columns of ``plays`` this move counts in
    switch (kind) {
        case PLACE:
            counted = spec.face_plays[t.faces[card_of(code)][face_index_of(code)]];
            for (unsigned bits = counted; bits; bits &= bits - 1) ++row[__builtin_ctz(bits)];
            break;
        case DISCARD:
            ++row[DISCARD_TURNS];
            row[DISCARDED] = static_cast<uint8_t>(row[DISCARDED] + 1 + (second_of(code) >= 0) + (third_of(code) >= 0));
            counted = 1u << DISCARD_TURNS | 1u << DISCARDED;
            break;
        case CLEAR:
            ++row[CLEARS];
            counted = 1u << CLEARS;
            break;
        case ROCKFALL:
            ++row[ROCKFALLS];
            counted = 1u << ROCKFALLS;
            break;
        case MAP:
            ++row[MAPS];
            counted = 1u << MAPS;
            for (int goal = 0; goal < 3; ++goal)
                if (GOAL_KEYS[goal] == cell_of(code)) {
                    row[LOOKED + goal] = 1;  // looked at twice is still 1
                    counted |= 1u << (LOOKED + goal);
                }
            break;
        case THEFT:
            ++row[THEFTS];
            counted = 1u << THEFTS;
            break;
        default: {
            int aim = aim_of(kind);
            if (aim < 0) return;
            uint8_t times = ++aimed[seat][aim][target_of(code)];
            aimed_value[seat][aim][target_of(code)] = spec.scaled[static_cast<size_t>(TensorSpec2::PLAY_COLUMNS + aim)][times];
            aimed_at[seat][aim] = static_cast<uint16_t>(aimed_at[seat][aim] | 1u << target_of(code));
            aims[seat] = static_cast<uint16_t>(aims[seat] | 1u << aim);
            if (aim == AIM_SWAP_HATS) hats[target_of(code)] = static_cast<int16_t>(index);
            return;
        }
    }
    columns[seat] = static_cast<uint16_t>(columns[seat] | counted);
    for (; counted; counted &= counted - 1) {
        int column = __builtin_ctz(counted);
        play_value[seat][column] = spec.scaled[static_cast<size_t>(column)][row[column]];
    }
}

namespace {

// Writes the entries past the maze, noting each for the next observation in the row
// to clear (Drawn2): an observation writes at most 9n^2 + 56n + 48 of them (n <= 12),
// fewer than the entries there are, so the note has room for every write.
struct Tail {
    static constexpr int MOST = 9 * MAX_SEATS * MAX_SEATS + 56 * MAX_SEATS + 48;
    float* out;
    uint16_t* noted;
    int count;

    void set(int index, float value) {
        out[index] = value;
        noted[count++] = static_cast<uint16_t>(index);
    }
    // As sab::add: in double, then rounded to float, as the Python encoders add.
    void add(int index, double amount) { set(index, static_cast<float>(static_cast<double>(out[index]) + amount)); }
};

// Each card of the maze in the window with the planes it lights (the start's ladder
// among them: ``light(cell, planes)``), the cards outside it and the crystals counted.
template <class Light>
void each_card(const TensorSpec2& spec, const Maze& maze, int& outside, int& crystals, Light light) {
    outside = crystals = 0;
    for (int i = 0; i < maze.cell_count; ++i) {
        int s = maze.slot_of[i];
        unsigned planes = spec.face_planes[maze.slot_face[s]];
        crystals += planes >> spec.crystal_plane & 1;
        int cell = spec.window_cell(maze.slot_key[s]);
        if (cell < 0) {
            ++outside;
            continue;
        }
        if (maze.slot_key[s] == START_KEY) planes |= 1u << spec.ladder_plane;
        light(cell, planes);
    }
}

}  // namespace

void Drawn2::forget(const TensorSpec2& spec) {
    lit.assign(static_cast<size_t>(spec.cells), 0);
    cells.clear();
    tail.resize(static_cast<size_t>(spec.size - spec.goals));
    tail_count = 0;
    maze_drawn = false;
}

void Drawn2::clear(const TensorSpec2& spec, float* out, uint32_t version) {
    if (version != maze_version) maze_drawn = false;
    maze_version = version;
    for (int cell : spec.goal_cells) {
        out[spec.maze + spec.face_down_plane * spec.cells + cell] = 0.0f;
        out[spec.maze + spec.gold_plane * spec.cells + cell] = 0.0f;
    }
    std::memset(out + spec.goals, 0, sizeof(float) * static_cast<size_t>(spec.hand - spec.goals));
    for (int i = 0; i < tail_count; ++i) out[tail[static_cast<size_t>(i)]] = 0.0f;
    tail_count = 0;
}

void Drawn2::redraw(const TensorSpec2& spec, const Maze& maze, float* out) {
    // A change of the maze is a card placed (and the goals it turned up) or one taken
    // away, or a new round: the planes change at those cells only, and only those are
    // written (a row's maze block is most of its memory).
    auto light = [&](int cell, unsigned planes) {
        unsigned was = lit[static_cast<size_t>(cell)];
        for (unsigned off = was & ~planes; off; off &= off - 1) out[spec.maze + __builtin_ctz(off) * spec.cells + cell] = 0.0f;
        for (unsigned on = planes & ~was; on; on &= on - 1) out[spec.maze + __builtin_ctz(on) * spec.cells + cell] = 1.0f;
        lit[static_cast<size_t>(cell)] = static_cast<uint16_t>(planes);
    };
    constexpr unsigned NOW = 1u << 15;  // a mark on the cells the maze lights now (no face lights plane 15)
    uint16_t before[MAX_CELLS];
    int before_count = static_cast<int>(cells.size());
    std::copy(cells.begin(), cells.end(), before);
    cells.clear();
    each_card(spec, maze, outside, crystals, [&](int cell, unsigned planes) {
        light(cell, planes);
        lit[static_cast<size_t>(cell)] = static_cast<uint16_t>(planes | NOW);
        cells.push_back(static_cast<uint16_t>(cell));
    });
    for (int i = 0; i < before_count; ++i)
        if (!(lit[before[i]] & NOW)) light(before[i], 0);
    for (uint16_t cell : cells) lit[cell] = static_cast<uint16_t>(lit[cell] & ~NOW);
    maze_drawn = true;
}

void encode_saboteur2(const TensorSpec2& spec, const Round& round, const Tally2& tally, const Side2& side, int seat,
                      float* put, Drawn2* drawn, const uint8_t* slots) {
    const Maze& maze = round.maze;
    const int n = round.players;
    const int cells = spec.cells;
    const int cards = spec.card_codes;

    // -- maze and goals ------------------------------------------------------------
    int outside = 0, crystals = 0;
    if (drawn) {
        if (!drawn->maze_drawn) drawn->redraw(spec, maze, put);
        outside = drawn->outside;
        crystals = drawn->crystals;
    } else {
        each_card(spec, maze, outside, crystals, [&](int cell, unsigned planes) {
            for (; planes; planes &= planes - 1) put[spec.maze + __builtin_ctz(planes) * cells + cell] = 1.0f;
        });
    }
    put_goals(round, seat, put, spec.goals, spec.maze + spec.face_down_plane * cells,
              spec.maze + spec.gold_plane * cells, spec.goal_cells);

    // -- the seat's own cards, role and looks ---------------------------------------
    uint16_t unused[Tail::MOST];  // a note nobody reads, without a Drawn2
    Tail w{put, drawn ? drawn->tail.data() : unused, 0};
    const double one_card = 1.0 / spec.hand_scale;
    uint8_t sorted[MAX_HAND];
    if (!slots) {
        hand_in_slots(spec, round, seat, sorted);
        slots = sorted;
    }
    const int size = round.hand_size[seat];
    for (int slot = 0; slot < size && slot < TensorSpec2::SLOTS; ++slot) {
        int index = spec.hand_index[slots[slot]];
        w.add(spec.hand + index, one_card);
        w.set(spec.slots + slot * cards + index, 1.0f);
    }
    w.set(spec.role + round.role[seat], 1.0f);
    if (side.open_hands)
        for (int other = 0; other < n; ++other) {
            int row = spec.open_hands + relative(other, seat, n) * cards;
            for (int i = 0; i < round.hand_size[other]; ++i) w.add(row + spec.hand_index[round.hand[other][i]], one_card);
        }
    int seen[MAX_SEATS];
    if (round.look_count) std::fill(seen, seen + n, -1);
    for (int i = 0; i < round.look_count; ++i) {
        const Look& look = round.looks[i];
        if (look.viewer != seat) continue;
        if (look.laid_aside) w.add(spec.laid_aside + look.laid_aside - 1, 0.5);
        seen[look.seat] = look.role;  // the last look counts
        w.set(spec.looks + relative(look.seat, seat, n) * spec.look_width + TensorSpec2::ROLES,
              tally.hats[look.seat] > look.move ? 1.0f : 0.0f);
    }
    for (int other = 0; other < n && round.look_count; ++other)
        if (seen[other] >= 0) w.set(spec.looks + relative(other, seat, n) * spec.look_width + seen[other], 1.0f);
    int last_swap[MAX_SEATS];
    if (round.swap_count) std::fill(last_swap, last_swap + n, -1);
    for (int i = 0; i < round.swap_count; ++i) {
        const SwapRecord& swap = round.swaps[i];
        if (swap.seat == seat) last_swap[swap.other] = i;
        else if (swap.other == seat) last_swap[swap.seat] = i;
    }
    for (int other = 0; other < n && round.swap_count; ++other) {
        if (last_swap[other] < 0) continue;
        const SwapRecord& swap = round.swaps[last_swap[other]];
        bool mine = swap.seat == seat;
        const uint8_t* gave = mine ? swap.gave : swap.got;
        int count = mine ? swap.gave_size : swap.got_size;
        int row = spec.swaps + relative(other, seat, n) * cards;
        for (int c = 0; c < count; ++c) w.add(row + spec.hand_index[gave[c]], one_card);
    }

    // -- seats, counted from the observing seat ------------------------------------
    // The block is cleared whole (a few moves: 10 entries a seat) and written without a
    // note for the next observation to clear.
    float* seats = put + spec.seats;
    std::memset(seats, 0, sizeof(float) * static_cast<size_t>(n * spec.seat_width));
    const float* by_hand = spec.by_hand_size.data();
    for (int other = 0; other < n; ++other) {
        float* row = seats + relative(other, seat, n) * spec.seat_width;
        for (unsigned tools = round.broken[other]; tools; tools &= tools - 1) row[__builtin_ctz(tools)] = 1.0f;
        if (round.trapped[other]) row[3] = 1.0f;
        row[7] = by_hand[round.hand_size[other]];
        if (side.pieces[other]) row[9] = spec.gold_share(side.pieces[other]);
    }
    for (int i = 0; i < round.thief_count; ++i) seats[relative(round.thieves[i], seat, n) * spec.seat_width + 4] = 1.0f;
    for (int order = 0; order < side.stealing_count; ++order)
        seats[relative(side.stealing[order], seat, n) * spec.seat_width + (order ? 6 : 5)] = 1.0f;
    if (side.to_move >= 0) seats[relative(side.to_move, seat, n) * spec.seat_width + 8] = 1.0f;

    // What each seat played.
    for (int actor = 0; actor < n; ++actor) {
        // The counts' columns whole, zeros too (a copy of a few moves, noted nowhere: the
        // next observation writes them all again), the aimed entries one by one.
        int row = spec.plays + relative(actor, seat, n) * spec.play_width;
        std::memcpy(put + row, tally.play_value[actor], sizeof tally.play_value[actor]);
        for (unsigned aims = tally.aims[actor]; aims; aims &= aims - 1)
            for (unsigned aim = __builtin_ctz(aims), bits = tally.aimed_at[actor][aim]; bits; bits &= bits - 1) {
                int target = __builtin_ctz(bits);
                w.set(row + TensorSpec2::PLAY_COLUMNS + aim * n + relative(target, seat, n), tally.aimed_value[actor][aim][target]);
            }
    }

    // -- the table -----------------------------------------------------------------
    // Written whole too (its 12 entries).
    float* table = put + spec.table;
    for (int number = 1; number <= 3; ++number) table[number - 1] = side.round_number == number ? 1.0f : 0.0f;
    table[PHASE_PLAY] = side.stealing_phase ? 0.0f : 1.0f;
    table[PHASE_STEAL] = side.stealing_phase ? 1.0f : 0.0f;
    table[5] = 0.0f;  // the phase "over": no observation the environments build from the core shows it
    table[6] = spec.by_pile[round.pile_size];
    table[7] = spec.by_discards[round.discards];
    table[8] = spec.by_reserve[round.reserve_size];
    table[9] = spec.gold_share(side.pieces[seat]);
    table[10] = static_cast<float>(std::min<double>(crystals, spec.crystals) / spec.crystals);
    table[11] = static_cast<float>(std::min<double>(outside, spec.outside) / spec.outside);
    if (drawn) drawn->tail_count = w.count;
}

int id_of_code_saboteur2(const TensorSpec2& spec, int players, int seat, uint32_t code, const uint8_t* slots,
                         int size) {
    const int n = players;
    const int kind = kind_of(code), card = card_of(code);
    switch (kind) {
        case PLACE: {
            int cell = spec.window_cell(cell_of(code));
            return cell < 0 ? -1 : spec.place_first[static_cast<size_t>(card * 2 + face_index_of(code))] + cell;
        }
        case ROCKFALL: {
            int cell = spec.window_cell(cell_of(code));
            return cell < 0 ? -1 : spec.rockfall_start + cell;
        }
        case MAP:
            for (int goal = 0; goal < 3; ++goal)
                if (GOAL_KEYS[goal] == cell_of(code)) return spec.map_start + goal;
            return -1;
        case DISCARD:
        case CLEAR: {
            // actions_saboteur2.py: the canonical slots, each card's first free slots.
            int moved[3] = {card, second_of(code), kind == DISCARD ? third_of(code) : -1};
            unsigned taken = 0;
            for (int played : moved) {
                if (played < 0) continue;
                int slot = 0;
                while (slot < size && (slots[slot] != played || (taken >> slot & 1))) ++slot;
                if (slot >= TensorSpec2::SLOTS) return -1;
                taken |= 1u << slot;
            }
            if (kind == DISCARD) return spec.discard_start + spec.discard_set[taken];
            return spec.clear_start + front_of(code) * spec.pairs + spec.slot_pair[taken];
        }
        case PASS:
            return spec.pass_action;
        case THEFT:
            return spec.theft_action;
        case STEAL:
            return spec.steal_first + relative(target_of(code), seat, n);
        case BREAK:
        case FIX:
            return spec.aim_first[static_cast<size_t>(card)][tool_of(code)] + relative(target_of(code), seat, n);
        default:
            return spec.aim_first[static_cast<size_t>(card)][0] + relative(target_of(code), seat, n);
    }
}

}  // namespace sab
