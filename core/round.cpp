#include "round.hpp"

#include <algorithm>

namespace sab {

namespace {

// rules/gold.py largest_total_at_most: the largest sum of some of the cards
// (values 1 to 3) that is not over the amount.
int largest_total_at_most(const uint8_t* cards, int size, int amount) {
    int counts[4] = {0, 0, 0, 0};
    for (int i = 0; i < size; ++i) ++counts[cards[i]];
    int best = 0;
    for (int threes = 0; threes <= std::min(counts[3], amount / 3); ++threes)
        for (int twos = 0; twos <= std::min(counts[2], (amount - 3 * threes) / 2); ++twos) {
            int rest = amount - 3 * threes - 2 * twos;
            best = std::max(best, amount - rest + std::min(counts[1], rest));
        }
    return best;
}

}  // namespace

void Round::legal(std::vector<uint32_t>& out) const {
    // rules/game.py Game.legal_moves, kind by kind in the same order.
    out.clear();
    if (to_move == NOBODY) return;
    int seat = to_move;
    if (phase == GOLD) {
        bool seen[4] = {false, false, false, false};
        for (int i = 0; i < offer_size; ++i) seen[offer[i]] = true;
        for (int value = 3; value >= 1; --value)
            if (seen[value]) out.push_back(code_of(TAKE, 0) | static_cast<uint32_t>(value) << 12);
        return;
    }
    int size = hand_size[seat];
    if (!size) {
        out.push_back(code_of(PASS, 0));
        return;
    }
    const Tables& t = *tables;
    // The distinct cards of the hand, in the order of their first copy.
    uint8_t distinct[MAX_HAND];
    int count = 0;
    for (int i = 0; i < size; ++i) {
        uint8_t card = hand[seat][i];
        bool known = false;
        for (int j = 0; j < count; ++j) known |= distinct[j] == card;
        if (!known) distinct[count++] = card;
    }
    if (!broken[seat] && !trapped[seat]) {
        // Placements: cell by cell, then card by card and face by face; ladders after.
        uint32_t plain_code[2 * MAX_HAND];
        uint16_t plain_bit[2 * MAX_HAND];
        int plain = 0;
        for (int j = 0; j < count; ++j) {
            int card = distinct[j];
            if (t.kind[card] != PLACE || t.is_ladder[card]) continue;
            const auto& faces = t.faces[card];
            for (size_t f = 0; f < faces.size(); ++f) {
                plain_code[plain] = code_of(PLACE, card) | static_cast<uint32_t>(f) << 28;
                plain_bit[plain++] = static_cast<uint16_t>(1u << (faces[f] & 15));
            }
        }
        if (plain)
            for (int c = 0; c < maze.front_count; ++c) {
                int fits = maze.front_fits[c];
                int key = maze.front_key[c];
                for (int p = 0; p < plain; ++p)
                    if (fits & plain_bit[p]) out.push_back(with_cell(plain_code[p], key));
            }
        if (t.gold_pieces) list_ladders(distinct, count, out);
    }
    for (int j = 0; j < count; ++j) {
        int card = distinct[j];
        switch (t.kind[card]) {
            case BREAK: {
                int tool = t.tools[card][0];
                for (int target = 0; target < players; ++target)
                    if (!(broken[target] & (1 << tool)))
                        out.push_back(code_of(BREAK, card) | static_cast<uint32_t>(target) << 12 |
                                      static_cast<uint32_t>(tool) << 16);
                break;
            }
            case FIX:
                for (uint8_t tool : t.tools[card])
                    for (int target = 0; target < players; ++target)
                        if (broken[target] & (1 << tool))
                            out.push_back(code_of(FIX, card) | static_cast<uint32_t>(target) << 12 |
                                          static_cast<uint32_t>(tool) << 16);
                break;
            case MAP:
                for (int index = 0; index < 3; ++index)
                    if (!maze.revealed[index]) out.push_back(with_cell(code_of(MAP, card), GOAL_KEYS[index]));
                break;
            case ROCKFALL: {
                uint16_t keys[MAX_CELLS];
                int found = maze.rockfall_keys(keys);
                for (int i = 0; i < found; ++i) out.push_back(with_cell(code_of(ROCKFALL, card), keys[i]));
                break;
            }
            case PLACE:  // listed above
                break;
            default:
                list_saboteur2(seat, card, out);
                break;
        }
    }
    for (int j = 0; j < count; ++j) out.push_back(code_of(DISCARD, distinct[j]));
    if (t.most_discarded > 1 || t.clears) list_discards(seat, out);
}

bool Round::is_legal(uint32_t code) const {
    // Legal means listed: the listing is the one statement of the rules here.
    static thread_local std::vector<uint32_t> listed;
    legal(listed);
    return std::find(listed.begin(), listed.end(), code) != listed.end();
}

bool Round::play(uint32_t code) {
    if (!is_legal(code)) return false;
    apply(code);
    return true;
}

void Round::take_from_hand(int seat, int card) {
    uint8_t* cards = hand[seat];
    int size = hand_size[seat];
    for (int i = 0; i < size; ++i)
        if (cards[i] == card) {
            std::copy(cards + i + 1, cards + size, cards + i);
            hand_size[seat] = static_cast<uint8_t>(size - 1);
            return;
        }
}

int Round::next_miner(int seat) const {
    // rules/gold.py next_miner_counter_clockwise
    for (int step = 1; step <= players; ++step) {
        int other = ((seat - step) % players + players) % players;
        if (miner[other]) return other;
    }
    return seat;  // a round always has a miner in play
}

void Round::end(uint8_t team) {
    winner = team;
    phase = ENDED;
    to_move = NOBODY;
    offer_size = 0;
}

void Round::gold_reached(int seat) {
    // editions/base.py BaseGame.gold_reached
    finder = static_cast<uint8_t>(seat);
    if (tables->gold_pieces) {
        end(NO_TEAM);  // Saboteur 2's pay and thefts are the rules'
        return;
    }
    int count = std::min<int>(gold_draw, gold_size);
    std::copy(gold, gold + count, offer);
    offer_size = static_cast<uint8_t>(count);
    std::copy(gold + count, gold + gold_size, gold);
    gold_size = static_cast<uint8_t>(gold_size - count);
    if (!count) {
        end(MINERS);
        return;
    }
    phase = GOLD;
    to_move = static_cast<uint8_t>(miner[seat] ? seat : next_miner(seat));
}

void Round::exhausted() {
    // editions/base.py BaseGame.round_exhausted, with rules/gold.py pay_saboteur.
    if (tables->gold_pieces) {
        end(NO_TEAM);  // Saboteur 2's pay and thefts are the rules'
        return;
    }
    int saboteurs = 0;
    for (int seat = 0; seat < players; ++seat) saboteurs += !miner[seat];
    if (saboteurs) {
        int amount = tables->saboteur_pay[saboteurs];
        for (int seat = 0; seat < players; ++seat) {
            if (miner[seat]) continue;
            int owed = amount;
            while (owed && gold_size) {
                owed = largest_total_at_most(gold, gold_size, owed);
                if (!owed) break;
                int card = gold[0];
                std::copy(gold + 1, gold + gold_size, gold);
                --gold_size;
                if (card <= owed) {
                    round_gold[seat] = static_cast<int16_t>(round_gold[seat] + card);
                    owed -= card;
                } else {
                    gold[gold_size++] = static_cast<uint8_t>(card);  // to the bottom
                }
            }
        }
    }
    end(SABOTEURS);
}

void Round::apply(uint32_t code) {
    // rules/game.py Game._apply, with each kind's apply.
    const Tables& t = *tables;
    int seat = to_move;
    int kind = kind_of(code);
    ++moves_played;
    if (kind == TAKE) {
        int value = value_of(code);
        for (int i = 0; i < offer_size; ++i)
            if (offer[i] == value) {
                std::copy(offer + i + 1, offer + offer_size, offer + i);
                --offer_size;
                break;
            }
        round_gold[seat] = static_cast<int16_t>(round_gold[seat] + value);
        if (offer_size) to_move = static_cast<uint8_t>(next_miner(seat));
        else end(MINERS);
        return;
    }
    last_turn = static_cast<uint8_t>(seat);
    int card = card_of(code);
    int draws = 1;
    if (kind != PASS) take_from_hand(seat, card);
    if (kind == DISCARD || kind == CLEAR) {  // Saboteur 2: the further cards
        if (second_of(code) >= 0) take_from_hand(seat, second_of(code));
        if (kind == DISCARD && third_of(code) >= 0) take_from_hand(seat, third_of(code));
    }
    switch (kind) {
        case PLACE: {
            last_path = static_cast<uint8_t>(seat);
            int face = t.faces[card][face_index_of(code)];
            int turned = maze.place(t, face, cell_of(code));
            for (int index = 0; index < 3; ++index)
                if (turned & (1 << index) && maze.goals[index] == t.gold_card) {
                    gold_reached(seat);
                    break;
                }
            break;
        }
        case BREAK:
            broken[target_of(code)] |= static_cast<uint8_t>(1 << tool_of(code));
            break;
        case FIX:
            broken[target_of(code)] &= static_cast<uint8_t>(~(1 << tool_of(code)));
            discard(card);  // the repair and the broken tool it mends
            discard(t.break_card[tool_of(code)]);
            break;
        case MAP: {
            int index = 0;
            while (GOAL_KEYS[index] != cell_of(code)) ++index;
            bool known = false;
            for (int i = 0; i < mapped_count[seat]; ++i) known |= mapped[seat][i] == index;
            if (!known) mapped[seat][mapped_count[seat]++] = static_cast<uint8_t>(index);
            discard(card);
            break;
        }
        case ROCKFALL: {
            int face = maze.face_at(cell_of(code));
            maze.remove(t, cell_of(code));
            discard(card);  // the rockfall and the card it removed
            discard(t.card_of_face[face]);
            break;
        }
        case DISCARD:
            discard(card);
            if (second_of(code) >= 0) discard(second_of(code)), ++draws;
            if (third_of(code) >= 0) discard(third_of(code)), ++draws;
            break;
        default:
            apply_saboteur2(seat, code, draws);
            break;
    }
    if (phase != PLAY) return;  // the gold was reached: nobody draws
    for (int drawn = 0; drawn < draws && pile_size; ++drawn) hand[seat][hand_size[seat]++] = pile[--pile_size];
    if (!pile_size) {
        bool empty = true;
        for (int other = 0; other < players; ++other) empty &= hand_size[other] == 0;
        if (empty) {
            exhausted();
            return;
        }
    }
    to_move = static_cast<uint8_t>((seat + 1) % players);
}

}  // namespace sab
