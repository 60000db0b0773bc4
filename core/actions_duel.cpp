// The ids of the Duel's listed moves (actions_duel.hpp).
#include "actions_duel.hpp"

#include <algorithm>

#include "codes.hpp"
#include "tensors_duel.hpp"  // the window

namespace sab::duel {

namespace {

constexpr uint32_t CELL_BITS = 0xFFFFu << 12;

int window_cell(uint32_t code) {
    int x = static_cast<int>(code >> 12 & 255) - 128, y = static_cast<int>(code >> 20 & 255) - 128;
    if (x < WINDOW_X0 || x > WINDOW_X1 || y < WINDOW_Y0 || y > WINDOW_Y1) return -1;
    return (y - WINDOW_Y0) * WINDOW_W + (x - WINDOW_X0);
}

// The slots a discard's or clear's cards take in the mover's hand sorted by card
// index (the space's order): each card's first free slot, as bits; -1 past the slots.
int slots_taken(const int* cards, int count, const uint8_t* sorted, int size) {
    int taken = 0;
    for (int i = 0; i < count; ++i) {
        int slot = static_cast<int>(std::lower_bound(sorted, sorted + size, cards[i]) - sorted);
        while (taken >> slot & 1) ++slot;
        if (slot >= HAND_SLOTS) return -1;
        taken |= 1 << slot;
    }
    return taken;
}

}  // namespace

void action_ids(const DuelRound& r, const DuelActionTables& t, const std::vector<uint32_t>& codes,
                std::vector<int32_t>& ids) {
    ids.assign(codes.size(), -1);
    uint8_t sorted[MAX_HAND];
    int size = -1;  // the hand, sorted when a hand move first asks for it
    for (size_t i = 0; i < codes.size(); ++i) {
        uint32_t code = codes[i];
        int kind = kind_of(code);
        if (kind == t.discard_kind || kind == t.clear_kind) {
            if (size < 0) {
                size = r.hand_size[r.to_move];
                std::copy(r.hand[r.to_move], r.hand[r.to_move] + size, sorted);
                std::sort(sorted, sorted + size);
            }
            int cards[3] = {card_of(code), second_of(code), -1};
            int count = cards[1] < 0 ? 1 : 2;
            if (kind == t.discard_kind && third_of(code) >= 0) cards[count++] = third_of(code);
            int taken = slots_taken(cards, count, sorted, size);
            if (taken < 0) continue;
            if (kind == t.discard_kind) {
                if (t.discard_offset[taken] >= 0) ids[i] = t.discard_start + t.discard_offset[taken];
            } else if (t.clear_start[front_of(code)] >= 0 && t.pair_offset[taken] >= 0) {
                ids[i] = t.clear_start[front_of(code)] + t.pair_offset[taken];
            }
            continue;
        }
        auto whole = t.whole.find(code);
        if (whole != t.whole.end()) {
            ids[i] = whole->second;
            continue;
        }
        auto first = t.at_cell.find(code & ~CELL_BITS);
        int cell = window_cell(code);
        if (first != t.at_cell.end() && cell >= 0) ids[i] = first->second + cell;
    }
}

}  // namespace sab::duel
