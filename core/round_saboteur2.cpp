// Saboteur 2's moves in a round of the core: its action cards (rules/kinds/theft.py,
// trapped.py, free_at_last.py, hands_off.py, inspection.py, swap_hand.py,
// swap_hats.py), its ladders (rules/kinds/place.py), its discards of several cards
// (rules/kinds/discard.py) and its clears (rules/kinds/clear.py), listed in the
// rules' order and applied as they apply them.
#include <algorithm>

#include "round.hpp"

namespace sab {

namespace {

// The hand sorted as the rules sort its codes (as text): by Tables::rank.
int sorted_hand(const Tables& t, const uint8_t* cards, int size, uint8_t* into) {
    std::copy(cards, cards + size, into);
    std::sort(into, into + size, [&t](uint8_t a, uint8_t b) { return t.rank[a] < t.rank[b]; });
    return size;
}

// Whether position ``at`` of the sorted cards is the first past ``after`` to hold its
// card. A set of cards first comes out of itertools.combinations (over the sorted
// hand) at its smallest positions, each the first past the one before to hold its
// card: taking only those gives every distinct set once, in the order
// dict.fromkeys keeps in the rules, with no set compared with another.
inline bool first_past(const uint8_t* sorted, int after, int at) {
    return at == after + 1 || sorted[at] != sorted[at - 1];
}

// Every distinct pair of the sorted cards, in the rules' order.
int distinct_pairs(const uint8_t* sorted, int size, uint8_t (*pairs)[2]) {
    int count = 0;
    for (int a = 0; a < size; ++a) {
        if (!first_past(sorted, -1, a)) continue;
        for (int b = a + 1; b < size; ++b) {
            if (!first_past(sorted, a, b)) continue;
            pairs[count][0] = sorted[a];
            pairs[count++][1] = sorted[b];
        }
    }
    return count;
}

constexpr uint32_t further(int card, int shift) { return static_cast<uint32_t>(card + 1) << shift; }

}  // namespace

void Round::list_ladders(const uint8_t* distinct, int count, std::vector<uint32_t>& out) const {
    // rules/kinds/place.py list_placements, its ladders: cell by cell, then card by
    // card and face by face.
    const Tables& t = *tables;
    uint32_t codes[2 * MAX_HAND];
    uint16_t faces[2 * MAX_HAND];
    int ladders = 0;
    for (int j = 0; j < count; ++j) {
        int card = distinct[j];
        if (!t.is_ladder[card]) continue;
        const auto& lying = t.faces[card];
        for (size_t f = 0; f < lying.size(); ++f) {
            codes[ladders] = code_of(PLACE, card) | static_cast<uint32_t>(f) << 28;
            faces[ladders++] = lying[f];
        }
    }
    if (!ladders) return;
    uint16_t keys[MAX_FRONTIER];
    uint8_t open[MAX_FRONTIER], wall[MAX_FRONTIER];
    int cells = maze.ladder_cells(keys, open, wall);
    for (int c = 0; c < cells; ++c)
        for (int l = 0; l < ladders; ++l)
            if ((faces[l] & open[c]) == open[c] && !(faces[l] & wall[c])) out.push_back(with_cell(codes[l], keys[c]));
}

void Round::list_saboteur2(int seat, int card, std::vector<uint32_t>& out) const {
    // Each card kind's list_moves, for one distinct card of the hand.
    switch (tables->kind[card]) {
        case THEFT:
            if (!is_thief(seat)) out.push_back(code_of(THEFT, card));
            break;
        case TRAPPED:
            for (int target = 0; target < players; ++target)
                if (target != seat && !trapped[target]) out.push_back(aimed(TRAPPED, card, target));
            break;
        case FREE_AT_LAST:
            for (int target = 0; target < players; ++target)
                if (trapped[target]) out.push_back(aimed(FREE_AT_LAST, card, target));
            break;
        case HANDS_OFF:  // sorted(thieves)
            for (int target = 0; target < players; ++target)
                if (is_thief(target)) out.push_back(aimed(HANDS_OFF, card, target));
            break;
        case INSPECTION:
        case SWAP_HAND:
            for (int target = 0; target < players; ++target)
                if (target != seat) out.push_back(aimed(tables->kind[card], card, target));
            break;
        case SWAP_HATS:
            if (reserve_size)
                for (int target = 0; target < players; ++target) out.push_back(aimed(SWAP_HATS, card, target));
            break;
        default:
            break;
    }
}

void Round::list_discards(int seat, std::vector<uint32_t>& out) const {
    // rules/kinds/discard.py Discard.list_turn past the single cards, then
    // rules/kinds/clear.py Clear.list_turn: the sets of cards come from the sorted
    // hand once, each move's code built from them directly (no Move, no text).
    const Tables& t = *tables;
    int size = hand_size[seat];
    uint8_t sorted[MAX_HAND];
    sorted_hand(t, hand[seat], size, sorted);
    uint8_t pairs[MAX_HAND * MAX_HAND / 2][2];
    int pair_count = size >= 2 ? distinct_pairs(sorted, size, pairs) : 0;
    int most = std::min(t.most_discarded, size);
    if (most >= 2)
        for (int p = 0; p < pair_count; ++p)
            out.push_back(code_of(DISCARD, pairs[p][0]) | further(pairs[p][1], 12));
    if (most >= 3)
        for (int a = 0; a < size; ++a) {
            if (!first_past(sorted, -1, a)) continue;
            for (int b = a + 1; b < size; ++b) {
                if (!first_past(sorted, a, b)) continue;
                uint32_t two = code_of(DISCARD, sorted[a]) | further(sorted[b], 12);
                for (int c = b + 1; c < size; ++c)
                    if (first_past(sorted, b, c)) out.push_back(two | further(sorted[c], 19));
            }
        }
    if (!t.clears || size < 2) return;
    for (int front = 0; front < FRONT_COUNT; ++front) {
        bool lying = front < FRONT_TRAPPED ? (broken[seat] >> front & 1) != 0
                     : front == FRONT_TRAPPED ? trapped[seat] != 0
                                              : is_thief(seat);
        if (!lying) continue;
        for (int p = 0; p < pair_count; ++p)
            out.push_back(code_of(CLEAR, pairs[p][0]) | further(pairs[p][1], 12) |
                          static_cast<uint32_t>(front) << 19);
    }
}

void Round::drop_thief(int seat) {
    int kept = 0;
    for (int i = 0; i < thief_count; ++i)
        if (thieves[i] != seat) thieves[kept++] = thieves[i];
    thief_count = static_cast<uint8_t>(kept);
}

bool Round::apply_saboteur2(int seat, uint32_t code, int& draws) {
    // Each kind's apply (its cards have left the hand already); ``draws`` is what the
    // seat draws after it.
    const Tables& t = *tables;
    int card = card_of(code);
    int target = target_of(code);
    int move = moves_played - 1;  // this move's index in the round
    switch (kind_of(code)) {
        case THEFT:
            thieves[thief_count++] = static_cast<uint8_t>(seat);
            return true;
        case TRAPPED:
            trapped[target] = 1;
            return true;
        case FREE_AT_LAST:
            trapped[target] = 0;
            discard(card);
            discard(t.front_card[FRONT_TRAPPED]);
            return true;
        case HANDS_OFF:
            drop_thief(target);
            discard(card);
            discard(t.front_card[FRONT_THEFT]);
            return true;
        case INSPECTION:
            if (look_count < MAX_LOOKS)
                looks[look_count++] = Look{static_cast<uint16_t>(move), static_cast<uint8_t>(seat),
                                           static_cast<uint8_t>(target), role[target], 0};
            discard(card);
            return true;
        case SWAP_HATS: {
            uint8_t old = role[target];
            hats_out[hats_out_size++] = old;
            role[target] = reserve[0];
            std::copy(reserve + 1, reserve + reserve_size, reserve);
            --reserve_size;
            if (look_count < MAX_LOOKS)
                looks[look_count++] = Look{static_cast<uint16_t>(move), static_cast<uint8_t>(target),
                                           static_cast<uint8_t>(target), role[target],
                                           static_cast<uint8_t>(old + 1)};
            discard(card);
            return true;
        }
        case SWAP_HAND: {
            // Each hand changes owner sorted (the order its cards came in would tell
            // the new owner which copies its old owner had discarded face down).
            discard(card);
            uint8_t gave[MAX_HAND], got[MAX_HAND];
            int gave_size = sorted_hand(t, hand[seat], hand_size[seat], gave);
            int got_size = sorted_hand(t, hand[target], hand_size[target], got);
            if (swap_count < MAX_SWAPS) {
                SwapRecord& record = swaps[swap_count++];
                record.move = static_cast<uint16_t>(move);
                record.seat = static_cast<uint8_t>(seat);
                record.other = static_cast<uint8_t>(target);
                record.gave_size = static_cast<uint8_t>(gave_size);
                record.got_size = static_cast<uint8_t>(got_size);
                std::copy(gave, gave + gave_size, record.gave);
                std::copy(got, got + got_size, record.got);
            }
            std::copy(got, got + got_size, hand[seat]);
            hand_size[seat] = static_cast<uint8_t>(got_size);
            std::copy(gave, gave + gave_size, hand[target]);
            hand_size[target] = static_cast<uint8_t>(gave_size);
            if (pile_size) hand[target][hand_size[target]++] = pile[--pile_size];
            draws = 0;
            return true;
        }
        case CLEAR: {
            int front = front_of(code);
            if (front < FRONT_TRAPPED) broken[seat] &= static_cast<uint8_t>(~(1 << front));
            else if (front == FRONT_TRAPPED) trapped[seat] = 0;
            else drop_thief(seat);
            discard(card);
            discard(second_of(code));
            discard(t.front_card[front]);
            return true;
        }
        default:
            return false;
    }
}

}  // namespace sab
