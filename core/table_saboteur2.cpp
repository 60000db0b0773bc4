#include "table_saboteur2.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace sab {

// -- one game -------------------------------------------------------------------------

void NativeGame2::start(const Tables* tables, const DealSpec& spec, uint64_t seed) {
    // rules/game.py Game.__init__: Saboteur 2 shuffles no gold deck (editions/saboteur2.py
    // start_game), so the first deal is the generator's first draw.
    rng.seed(seed);
    round.tables = tables;
    std::memset(pieces, 0, sizeof pieces);
    round_number = 0;
    round_winners = 0;
    deal(spec, 0);  // maze_version counts on from the last game's: a row's maze planes stay apart
}

void NativeGame2::deal(const DealSpec& spec, int first) {
    // editions/edition.py shuffled, then editions/saboteur2.py deal and Game._start_round:
    // the removed cards first, then the hands seat by seat, the rest the draw pile (top
    // first); the dwarf cards not dealt are the reserve (top first).
    const int n = spec.players;
    uint8_t roles[MAX_ROLES], goals[3] = {0, 1, 2}, cards[MAX_PILE];
    int role_count = static_cast<int>(spec.role_pool.size());
    int card_count = static_cast<int>(spec.playing_cards.size());
    std::copy(spec.role_pool.begin(), spec.role_pool.end(), roles);
    std::copy(spec.playing_cards.begin(), spec.playing_cards.end(), cards);
    rng.shuffle(roles, role_count);
    rng.shuffle(goals, 3);
    rng.shuffle(cards, card_count);
    fresh_round(round, round.tables, n, first, goals);
    for (int seat = 0; seat < n; ++seat) {
        round.role[seat] = roles[seat];
        const uint8_t* hand = cards + spec.removed + seat * spec.hand_size;
        std::copy(hand, hand + spec.hand_size, round.hand[seat]);
        round.hand_size[seat] = static_cast<uint8_t>(spec.hand_size);
    }
    int dealt = spec.removed + n * spec.hand_size;
    round.pile_size = static_cast<uint8_t>(card_count - dealt);
    for (int i = 0; i < round.pile_size; ++i) round.pile[i] = cards[card_count - 1 - i];  // bottom first
    round.reserve_size = static_cast<uint8_t>(role_count - n);
    std::copy(roles + n, roles + role_count, round.reserve);
    tally.clear();
    stage = PLAYING;
    stealing_count = 0;
    ++round_number;
    ++maze_version;
}

int NativeGame2::to_move() const {
    if (stage == STEALING) return stealing[0];
    if (stage == OVER || round.to_move == NOBODY) return -1;
    return round.to_move;
}

Side2 NativeGame2::side(bool open_hands) const {
    return {round_number, stage == STEALING, to_move(), pieces, stealing, stage == STEALING ? stealing_count : 0,
            open_hands};
}

void NativeGame2::legal(std::vector<uint32_t>& out) const {
    out.clear();
    if (stage == OVER) return;
    if (stage == PLAYING) {
        round.legal(out);
        return;
    }
    // rules/kinds/theft.py Steal.list_turn: every other seat with a gold piece.
    int thief = stealing[0];
    for (int victim = 0; victim < round.players; ++victim)
        if (victim != thief && pieces[victim]) out.push_back(aimed(STEAL, 0, victim));
}

int NativeGame2::play(const DealSpec& spec, const TensorSpec2& tensors, const Saboteur2Tables& s, uint32_t code) {
    const Tables& t = *round.tables;
    if (stage == STEALING) {
        // rules/kinds/theft.py Steal.apply
        int thief = stealing[0], victim = target_of(code);
        tally.count(tensors, t, thief, code, round.moves_played);
        ++round.moves_played;
        --pieces[victim], ++pieces[thief];
        --round.round_gold[victim], ++round.round_gold[thief];
        std::copy(stealing + 1, stealing + stealing_count, stealing);
        --stealing_count;
        return next_thief(spec);
    }
    tally.count(tensors, t, round.to_move, code, round.moves_played);
    if (kind_of(code) == PLACE || kind_of(code) == ROCKFALL) ++maze_version;
    round.apply(code);
    if (round.phase != ENDED) return 0;
    // editions/saboteur2.py _pay: the winners' shares and the geologists' crystals, then
    // the thieves not trapped steal in theft_order (the pay-out's policy steals are not
    // used: the thieves choose).
    int held[MAX_SEATS];
    for (int seat = 0; seat < round.players; ++seat) held[seat] = pieces[seat];
    Saboteur2Pay pay = pay_saboteur2(round, s, held);
    round_winners = 0;
    for (int seat : pay.winners) round_winners |= 1u << seat;
    for (int seat = 0; seat < round.players; ++seat) {
        pieces[seat] = static_cast<int16_t>(pieces[seat] + pay.paid[static_cast<size_t>(seat)]);
        round.round_gold[seat] = static_cast<int16_t>(round.round_gold[seat] + pay.paid[static_cast<size_t>(seat)]);
    }
    stealing_count = static_cast<int>(pay.stealing.size());
    std::copy(pay.stealing.begin(), pay.stealing.end(), stealing);
    return next_thief(spec);
}

int NativeGame2::next_thief(const DealSpec& spec) {
    // editions/saboteur2.py next_thief: the next thief with someone to rob, or the round's end.
    while (stealing_count) {
        int thief = stealing[0];
        for (int seat = 0; seat < round.players; ++seat)
            if (seat != thief && pieces[seat]) {
                stage = STEALING;
                return 0;
            }
        std::copy(stealing + 1, stealing + stealing_count, stealing);
        --stealing_count;
    }
    if (round_number < spec.rounds) {
        deal(spec, next_first(round, spec.next_round_start));
        return ROUND_ENDED;
    }
    stage = OVER;
    return ROUND_ENDED | GAME_ENDED;
}

int legal_ids_saboteur2(const ActionIds2& actions, const TensorSpec2& spec, const NativeGame2& game,
                        const uint8_t* slots, MazeCells2& cells, uint16_t* ids, ActionIds2::HandSets* sets) {
    if (sets) sets->pattern = -1;
    if (game.stage == NativeGame2::OVER) return 0;
    int thief = game.stage == NativeGame2::STEALING ? game.stealing[0] : -1;
    return actions.legal(spec, game.round, thief, game.pieces, slots, cells, game.maze_version, ids, sets);
}

// -- one game, any seat ------------------------------------------------------------------

Table2::Table2(std::shared_ptr<Tables> tables, Saboteur2Tables s, TensorSpec2 tensors, DealSpec deals)
    : tables_(std::move(tables)),
      s_(std::move(s)),
      tensors_(std::move(tensors)),
      deals_(std::move(deals)),
      actions_(tensors_, *tables_),
      ids_(static_cast<size_t>(tensors_.action_count)) {
    if (deals_.players < 2 || deals_.players > MAX_SEATS || deals_.players != tensors_.players)
        throw std::invalid_argument("the deals and the tensors are of different player counts");
    std::memset(&game_, 0, sizeof game_);
}

void Table2::start(uint64_t seed) {
    game_.start(tables_.get(), deals_, seed);
    listed_ = false;
}

void Table2::observe(int seat, float* out) const {
    std::memset(out, 0, sizeof(float) * static_cast<size_t>(tensors_.size));
    encode_saboteur2(tensors_, game_.round, game_.tally, game_.side(deals_.open_hands), seat, out);
}

void Table2::list() {
    if (listed_) return;
    if (game_.to_move() >= 0) hand_in_slots(tensors_, game_.round, game_.to_move(), slots_);
    ids_count_ = legal_ids_saboteur2(actions_, tensors_, game_, slots_, maze_cells_, ids_.data());
    listed_ = true;
}

void Table2::mask(int8_t* out) {
    std::memset(out, 0, static_cast<size_t>(tensors_.action_count));
    list();
    for (int i = 0; i < ids_count_; ++i) out[ids_[static_cast<size_t>(i)]] = 1;
}

int64_t Table2::code_of(int64_t action) {
    list();
    for (int i = 0; i < ids_count_; ++i)
        if (ids_[static_cast<size_t>(i)] == action)
            return actions_.code_of_id(tensors_, game_.round, game_.to_move(), static_cast<int>(action), slots_);
    return -1;
}

std::vector<int> Table2::legal_ids() {
    list();
    return std::vector<int>(ids_.begin(), ids_.begin() + ids_count_);
}

int Table2::id_of_code(uint32_t code) const {
    int seat = game_.to_move();
    uint8_t slots[MAX_HAND];
    int size = hand_in_slots(tensors_, game_.round, seat, slots);
    return id_of_code_saboteur2(tensors_, game_.round.players, seat, code, slots, size);
}

int Table2::play(uint32_t code) {
    listed_ = false;
    return game_.play(deals_, tensors_, s_, code);
}

}  // namespace sab
