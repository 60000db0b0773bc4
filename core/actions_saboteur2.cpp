#include "actions_saboteur2.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

#include "tensors.hpp"

namespace sab {

namespace {

bool is_thief(const Round& round, int seat) {
    for (int i = 0; i < round.thief_count; ++i)
        if (round.thieves[i] == seat) return true;
    return false;
}

// Round::list_discards' test (round_saboteur2.cpp first_past): position ``at`` of the
// sorted hand is the first past ``after`` to hold its card.
inline bool first_past(const uint8_t* sorted, int after, int at) {
    return at == after + 1 || sorted[at] != sorted[at - 1];
}

// Bit ``at - 1`` for each slot ``at`` (1 <= at < size <= 6) that holds the card of the
// slot before, from the slots as one word (``slots`` has room for MAX_HAND): the bytes
// that are zero in the word against itself shifted by a slot, gathered into bits.
inline int equal_neighbours(const uint8_t* slots, int size) {
    static_assert(MAX_HAND >= 8, "the slots are read as a word");
    uint64_t word;
    std::memcpy(&word, slots, sizeof word);
    constexpr uint64_t LOW = 0x7F7F7F7F7F7F7F7Full, HIGH = 0x8080808080808080ull;
    uint64_t differ = word ^ (word >> 8);  // byte i: slots[i] ^ slots[i + 1]
    uint64_t zero = ~(((differ & LOW) + LOW) | differ) & HIGH;
    int bits = static_cast<int>(((zero >> 7) * 0x0102040810204080ull) >> 56);
    return bits & ((1 << (size - 1)) - 1);
}

constexpr uint32_t further(int card, int shift) { return static_cast<uint32_t>(card + 1) << shift; }

// The ids of the aimed row that begins at ``first``, for the targets in ``targets`` (bits).
int aimed_ids(int first, unsigned targets, int seat, int n, uint16_t* ids) {
    // The targets' bits in seat order (the order the rules list them in), set bits only.
    int count = 0;
    for (; targets; targets &= targets - 1)
        ids[count++] = static_cast<uint16_t>(first + relative(__builtin_ctz(targets), seat, n));
    return count;
}

}  // namespace

void MazeCells2::need(const TensorSpec2& spec, const Maze& maze, uint32_t now, uint8_t part) {
    if (version != now) {
        version = now;
        known = 0;
    }
    if (known & part) return;
    known = static_cast<uint8_t>(known | part);
    if (part == FRONTIER) {
        front_count = 0;
        for (int c = 0; c < maze.front_count; ++c) {
            int cell = spec.window_cell(maze.front_key[c]);
            if (cell < 0) continue;
            front_cell[front_count] = static_cast<uint16_t>(cell);
            front_fits[front_count++] = maze.front_fits[c];
        }
    } else if (part == LADDERS) {
        uint16_t keys[MAX_FRONTIER];
        uint8_t open[MAX_FRONTIER], wall[MAX_FRONTIER];
        int cells = maze.ladder_cells(keys, open, wall);
        ladder_count = 0;
        for (int c = 0; c < cells; ++c) {
            int cell = spec.window_cell(keys[c]);
            if (cell < 0) continue;
            ladder_cell[ladder_count] = static_cast<uint16_t>(cell);
            ladder_open[ladder_count] = open[c];
            ladder_wall[ladder_count++] = wall[c];
        }
    } else {
        uint16_t keys[MAX_CELLS];
        int found = maze.rockfall_keys(keys);
        rockfall_count = 0;
        for (int i = 0; i < found; ++i) {
            int cell = spec.window_cell(keys[i]);
            if (cell >= 0) rockfall_cell[rockfall_count++] = static_cast<uint16_t>(cell);
        }
    }
}

int ActionIds2::legal(const TensorSpec2& spec, const Round& round, int thief, const int16_t* pieces,
                      const uint8_t* slots, MazeCells2& cells, uint32_t maze_version, uint16_t* ids,
                      HandSets* hand_sets) const {
    HandSets unused;
    HandSets& listed = hand_sets ? *hand_sets : unused;
    listed.pattern = -1;
    // Round::legal (with list_ladders, list_saboteur2 and list_discards), kind by kind
    // in the same order, writing each code's id as id_of_code_saboteur2 works it out.
    const int n = round.players;
    int count = 0;
    if (thief >= 0) {  // rules/kinds/theft.py Steal.list_turn: every other seat with a gold piece
        for (int victim = 0; victim < n; ++victim)
            if (victim != thief && pieces[victim])
                ids[count++] = static_cast<uint16_t>(spec.steal_first + relative(victim, thief, n));
        return count;
    }
    if (round.to_move == NOBODY) return 0;
    const int seat = round.to_move;
    const int size = round.hand_size[seat];
    if (!size) {
        ids[count++] = static_cast<uint16_t>(spec.pass_action);
        return count;
    }
    const Tables& t = *round.tables;
    const Maze& maze = round.maze;
    const uint8_t* hand = round.hand[seat];
    uint8_t distinct[MAX_HAND];  // the hand's cards, each once, in the hand's order
    int kinds = 0;
    uint64_t seen[MAX_CARDS / 64] = {};
    for (int i = 0; i < size; ++i) {
        uint64_t& word = seen[hand[i] >> 6];
        uint64_t bit = uint64_t{1} << (hand[i] & 63);
        distinct[kinds] = hand[i];
        kinds += !(word & bit);
        word |= bit;
    }
    if (!round.broken[seat] && !round.trapped[seat]) {
        int first[2 * MAX_HAND], ladder_first[2 * MAX_HAND];
        uint16_t ladder_face[2 * MAX_HAND];
        FacesByPattern patterns;
        int plain = 0, ladders = 0;
        for (int j = 0; j < kinds; ++j) {
            int card = distinct[j];
            if (t.kind[card] != PLACE) continue;
            const auto& faces = t.faces[card];
            for (size_t f = 0; f < faces.size(); ++f) {
                int id = spec.place_first[static_cast<size_t>(card * 2) + f];
                if (t.is_ladder[card]) {
                    ladder_first[ladders] = id;
                    ladder_face[ladders++] = faces[f];
                } else {
                    patterns.add(plain, faces[f] & 15);
                    first[plain++] = id;
                }
            }
        }
        if (plain) {
            cells.need(spec, maze, maze_version, MazeCells2::FRONTIER);
            for (int c = 0; c < cells.front_count; ++c)
                count += patterns.ids_at(cells.front_cell[c], cells.front_fits[c], first, ids + count);
        }
        if (ladders) {
            cells.need(spec, maze, maze_version, MazeCells2::LADDERS);
            for (int c = 0; c < cells.ladder_count; ++c) {
                unsigned open = cells.ladder_open[c], wall = cells.ladder_wall[c];
                for (int l = 0; l < ladders; ++l)
                    if ((ladder_face[l] & open) == open && !(ladder_face[l] & wall))
                        ids[count++] = static_cast<uint16_t>(ladder_first[l] + cells.ladder_cell[c]);
            }
        }
    }
    unsigned everyone = (1u << n) - 1, others = everyone & ~(1u << seat), thieves = 0;
    // The trapped seats, a bit each: only a trap or a release card asks (most hands hold neither).
    auto trapped = [&round, n] {
        unsigned bits = 0;
        for (int other = 0; other < n; ++other) bits |= (round.trapped[other] ? 1u : 0u) << other;
        return bits;
    };
    for (int i = 0; i < round.thief_count; ++i) thieves |= 1u << round.thieves[i];
    for (int j = 0; j < kinds; ++j) {
        int card = distinct[j];
        const auto& aim = spec.aim_first[static_cast<size_t>(card)];
        switch (t.kind[card]) {
            case BREAK: {
                int tool = t.tools[card][0];
                unsigned whole = 0;
                for (int target = 0; target < n; ++target) whole |= (round.broken[target] >> tool & 1u) ? 0 : 1u << target;
                count += aimed_ids(aim[static_cast<size_t>(tool)], whole, seat, n, ids + count);
                break;
            }
            case FIX:
                for (uint8_t tool : t.tools[card]) {
                    unsigned broken = 0;
                    for (int target = 0; target < n; ++target) broken |= (round.broken[target] >> tool & 1u) << target;
                    count += aimed_ids(aim[tool], broken, seat, n, ids + count);
                }
                break;
            case MAP:
                for (int index = 0; index < 3; ++index)
                    if (!maze.revealed[index]) ids[count++] = static_cast<uint16_t>(spec.map_start + index);
                break;
            case ROCKFALL:
                cells.need(spec, maze, maze_version, MazeCells2::ROCKFALLS);
                for (int i = 0; i < cells.rockfall_count; ++i)
                    ids[count++] = static_cast<uint16_t>(spec.rockfall_start + cells.rockfall_cell[i]);
                break;
            case THEFT:
                if (!(thieves >> seat & 1)) ids[count++] = static_cast<uint16_t>(spec.theft_action);
                break;
            case TRAPPED: count += aimed_ids(aim[0], others & ~trapped(), seat, n, ids + count); break;
            case FREE_AT_LAST: count += aimed_ids(aim[0], trapped(), seat, n, ids + count); break;
            case HANDS_OFF: count += aimed_ids(aim[0], thieves, seat, n, ids + count); break;
            case INSPECTION:
            case SWAP_HAND: count += aimed_ids(aim[0], others, seat, n, ids + count); break;
            case SWAP_HATS:
                if (round.reserve_size) count += aimed_ids(aim[0], everyone, seat, n, ids + count);
                break;
            default:  // a placement, listed above
                break;
        }
    }
    // The discards and clears name hand slots (the hand in CARD_CODES order): their
    // ids depend only on which slots hold the same card as the slot before.
    listed.pattern = ((1 << size) >> 1) + equal_neighbours(slots, size);
    listed.from = count;
    listed.fronts = 0;
    const HandIds& sets = hand_ids_[static_cast<size_t>(listed.pattern)];
    std::copy(sets.discards, sets.discards + sets.discard_count, ids + count);
    count += sets.discard_count;
    if (!t.clears || size < 2) return count;
    for (int front = 0; front < FRONT_COUNT; ++front) {
        bool lying = front < FRONT_TRAPPED ? (round.broken[seat] >> front & 1) != 0
                     : front == FRONT_TRAPPED ? round.trapped[seat] != 0
                                              : (thieves >> seat & 1) != 0;
        if (!lying) continue;
        listed.fronts |= 1u << front;
        int row = spec.clear_start + front * spec.pairs;
        for (int p = 0; p < sets.pair_count; ++p) ids[count++] = static_cast<uint16_t>(row + sets.pairs[p]);
    }
    return count;
}

ActionIds2::ActionIds2(const TensorSpec2& spec, const Tables& t)
    : code_(static_cast<size_t>(spec.action_count), 0), cell_key_(static_cast<size_t>(spec.cells), 0) {
    if (spec.clear_start - spec.discard_start != TensorSpec2::DISCARD_IDS || spec.pairs != TensorSpec2::PAIR_IDS)
        throw std::invalid_argument("discard sets or slot pairs other than those of six hand slots");
    for (int cell = 0; cell < spec.cells; ++cell)
        cell_key_[static_cast<size_t>(cell)] =
            static_cast<uint16_t>(key_of(cell % spec.width + spec.x_min, cell / spec.width + spec.y_min));
    const int n = spec.players;
    auto at = [&](int id) -> uint32_t& { return code_[static_cast<size_t>(id)]; };
    auto row = [&](int first, uint32_t code) {
        if (first >= 0)
            for (int k = 0; k < n; ++k) at(first + k) = code;
    };
    place_start_ = spec.action_count;
    aimed_start_ = spec.steal_first;
    for (int card = 0; card < t.card_count; ++card) {
        const auto& aim = spec.aim_first[static_cast<size_t>(card)];
        for (int first : aim)
            if (first >= 0) aimed_start_ = std::min(aimed_start_, first);
        int kind = t.kind[card];
        switch (kind) {
            case PLACE:
                for (size_t face = 0; face < t.faces[card].size(); ++face) {
                    int first = spec.place_first[static_cast<size_t>(card * 2) + face];
                    place_start_ = std::min(place_start_, first);
                    for (int cell = 0; cell < spec.cells; ++cell)
                        at(first + cell) = code_of(PLACE, card) | static_cast<uint32_t>(face) << 28;
                }
                break;
            case ROCKFALL:
                for (int cell = 0; cell < spec.cells; ++cell) at(spec.rockfall_start + cell) = code_of(ROCKFALL, card);
                break;
            case MAP:
                for (int goal = 0; goal < 3; ++goal) at(spec.map_start + goal) = with_cell(code_of(MAP, card), GOAL_KEYS[goal]);
                break;
            case BREAK:
            case FIX:
                for (uint8_t tool : t.tools[card])
                    row(aim[tool], code_of(kind, card) | static_cast<uint32_t>(tool) << 16);
                break;
            case THEFT:
                at(spec.theft_action) = code_of(THEFT, card);
                break;
            case DISCARD:
            case PASS:
            case TAKE:
            case CLEAR:
            case STEAL:
                break;
            default:  // the aimed cards of Saboteur 2
                row(aim[0], code_of(kind, card));
                break;
        }
    }
    row(spec.steal_first, code_of(STEAL, 0));
    for (int id = spec.discard_start; id < spec.clear_start; ++id) at(id) = code_of(DISCARD, 0);
    for (int id = spec.clear_start; id < spec.clear_start + FRONT_COUNT * spec.pairs; ++id) at(id) = code_of(CLEAR, 0);
    at(spec.pass_action) = code_of(PASS, 0);
    for (unsigned bits = 0; bits < 64; ++bits) {
        if (spec.discard_set[bits] >= 0) discard_slots_[static_cast<size_t>(spec.discard_set[bits])] = static_cast<uint8_t>(bits);
        if (spec.slot_pair[bits] >= 0) pair_slots_[static_cast<size_t>(spec.slot_pair[bits])] = static_cast<uint8_t>(bits);
    }
    // Each pattern's sets as Round::list_discards finds them in a sorted hand (the
    // slots are one, by CARD_CODES), each at its smallest slots, each the first past
    // the one before to hold its card: every distinct set once, at its canonical slots.
    const int most = t.most_discarded > 1 || t.clears ? t.most_discarded : 1;
    for (int size = 0; size <= TensorSpec2::SLOTS; ++size)
        for (int pattern = 0; pattern < std::max(1, (1 << size) >> 1); ++pattern) {
            uint8_t cards[TensorSpec2::SLOTS];  // a hand of that pattern
            for (int at = 0; at < size; ++at)
                cards[at] = static_cast<uint8_t>(!at ? 0 : cards[at - 1] + !(pattern >> (at - 1) & 1));
            HandIds& into = hand_ids_[static_cast<size_t>(((1 << size) >> 1) + pattern)];
            auto add = [&](unsigned slots) {
                into.discards[into.discard_count++] = static_cast<uint16_t>(spec.discard_start + spec.discard_set[slots]);
                into.discard_mask[spec.discard_set[slots]] = 1;
            };
            for (int a = 0; a < size; ++a)
                if (first_past(cards, -1, a)) add(1u << a);
            for (int a = 0; a < size; ++a) {
                if (!first_past(cards, -1, a)) continue;
                for (int b = a + 1; b < size; ++b) {
                    if (!first_past(cards, a, b)) continue;
                    if (most >= 2) add(1u << a | 1u << b);
                    if (t.clears) {
                        into.pairs[into.pair_count++] = static_cast<uint8_t>(spec.slot_pair[1u << a | 1u << b]);
                        into.pair_mask[spec.slot_pair[1u << a | 1u << b]] = 1;
                    }
                    for (int c = b + 1; c < size && most >= 3; ++c)
                        if (first_past(cards, b, c)) add(1u << a | 1u << b | 1u << c);
                }
            }
        }
}

void ActionIds2::mask_sets(const TensorSpec2& spec, const HandSets& sets, bool on, int8_t* mask) const {
    if (sets.pattern < 0) return;
    // Sizes known here, so the copies are a few moves, not calls.
    constexpr size_t discards = TensorSpec2::DISCARD_IDS, pairs = TensorSpec2::PAIR_IDS;
    if (!on) {  // the discard block and the clear rows the listing lit
        std::memset(mask + spec.discard_start, 0, discards);
        for (unsigned fronts = sets.fronts; fronts; fronts &= fronts - 1)
            std::memset(mask + spec.clear_start + __builtin_ctz(fronts) * spec.pairs, 0, pairs);
        return;
    }
    const HandIds& hand = hand_ids_[static_cast<size_t>(sets.pattern)];
    std::memcpy(mask + spec.discard_start, hand.discard_mask, discards);
    for (unsigned fronts = sets.fronts; fronts; fronts &= fronts - 1)
        std::memcpy(mask + spec.clear_start + __builtin_ctz(fronts) * spec.pairs, hand.pair_mask, pairs);
}

uint32_t ActionIds2::code_of_id(const TensorSpec2& spec, const Round& round, int seat, int id,
                                const uint8_t* slots) const {
    uint32_t code = code_[static_cast<size_t>(id)];
    const int kind = kind_of(code);
    if (kind == PLACE) return with_cell(code, cell_key_[static_cast<size_t>((id - place_start_) % spec.cells)]);
    if (kind == ROCKFALL) return with_cell(code, cell_key_[static_cast<size_t>(id - spec.rockfall_start)]);
    if (kind == DISCARD || kind == CLEAR) {
        // The cards in the id's slots, in the rules' order (by Tables::rank) as
        // Round::list_discards codes them; a clear's front from its row.
        unsigned bits = kind == DISCARD ? discard_slots_[static_cast<size_t>(id - spec.discard_start)]
                                        : pair_slots_[static_cast<size_t>((id - spec.clear_start) % spec.pairs)];
        uint8_t cards[3];
        int count = 0;
        for (; bits; bits &= bits - 1) cards[count++] = slots[__builtin_ctz(bits)];
        const Tables& t = *round.tables;
        sort_cards(cards, count, [&t](uint8_t card) { return t.rank[card]; }, cards);
        code = code_of(kind, cards[0]);
        if (count > 1) code |= further(cards[1], 12);
        if (count > 2) code |= further(cards[2], 19);
        if (kind == CLEAR) code |= static_cast<uint32_t>((id - spec.clear_start) / spec.pairs) << 19;
        return code;
    }
    if (id >= aimed_start_) {  // rows of one id per seat, counted from the actor
        const int n = spec.players;
        return code | static_cast<uint32_t>((seat + (id - aimed_start_) % n) % n) << 12;
    }
    return code;  // a map, pass or theft: the code is the id's alone
}

}  // namespace sab
