#include "batch.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace sab {

// -- Python's random.Random ---------------------------------------------------------

void PyRandom::seed(uint64_t value) {
    // random.seed(n) for an int: init_by_array with n's 32-bit words, low word first.
    uint32_t key[2] = {static_cast<uint32_t>(value), static_cast<uint32_t>(value >> 32)};
    int length = key[1] ? 2 : 1;
    state[0] = 19650218u;
    for (int i = 1; i < 624; ++i)
        state[i] = 1812433253u * (state[i - 1] ^ (state[i - 1] >> 30)) + static_cast<uint32_t>(i);
    int i = 1, j = 0;
    for (int k = 624; k; --k) {
        state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1664525u)) + key[j] + static_cast<uint32_t>(j);
        if (++i >= 624) { state[0] = state[623]; i = 1; }
        if (++j >= length) j = 0;
    }
    for (int k = 623; k; --k) {
        state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
        if (++i >= 624) { state[0] = state[623]; i = 1; }
    }
    state[0] = 0x80000000u;
    index = 624;
}

uint32_t PyRandom::next() {
    if (index >= 624) {
        // genrand_uint32's three ranges, so that no index is taken modulo 624 (the
        // regeneration is most of a new game's draws).
        auto twist = [this](int k, int next, int far) {
            uint32_t y = (state[k] & 0x80000000u) | (state[next] & 0x7fffffffu);
            state[k] = state[far] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        };
        int k = 0;
        for (; k < 624 - 397; ++k) twist(k, k + 1, k + 397);
        for (; k < 623; ++k) twist(k, k + 1, k + 397 - 624);
        twist(623, 0, 396);
        index = 0;
    }
    uint32_t y = state[index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

uint32_t PyRandom::below(uint32_t n) {
    // random._randbelow_with_getrandbits: k = n.bit_length() bits, again until under n.
    int bits = 32 - __builtin_clz(n);
    uint32_t r;
    do r = next() >> (32 - bits);
    while (r >= n);
    return r;
}

// -- what both editions' games share -----------------------------------------------

void fresh_round(Round& round, const Tables* tables, int players, int first, const uint8_t* goals) {
    std::memset(&round, 0, sizeof round);
    round.tables = tables;
    round.players = static_cast<uint8_t>(players);
    round.first = round.to_move = static_cast<uint8_t>(first);
    round.phase = PLAY;
    round.last_turn = round.last_path = round.finder = NOBODY;
    round.winner = NO_TEAM;
    round.maze.clear(goals);
    round.maze.put(START_KEY, START_SHAPE);
    round.maze.find_network(*tables);
}

int next_first(const Round& round, int rule) {
    // rules/game.py Game._next_first
    const int n = round.players;
    if (rule == 1) return (round.first + 1) % n;
    if (rule == 2) return round.last_path == NOBODY ? round.first : round.last_path;
    return (round.last_turn + 1) % n;
}

// -- one game -------------------------------------------------------------------------

void NativeGame::start(const Tables* tables, const DealSpec& spec, uint64_t seed) {
    // rules/game.py Game.__init__ and editions/base.py start_game: the gold deck is
    // shuffled first, then the first round dealt with seat 0 to start.
    rng.seed(seed);
    std::memset(&round, 0, sizeof round);
    round.tables = tables;
    round.players = static_cast<uint8_t>(spec.players);
    uint8_t gold[MAX_GOLD];
    int count = static_cast<int>(spec.gold_cards.size());
    std::copy(spec.gold_cards.begin(), spec.gold_cards.end(), gold);
    rng.shuffle(gold, count);
    std::copy(gold, gold + count, round.gold);
    round.gold_size = static_cast<uint8_t>(count);
    std::memset(nuggets, 0, sizeof nuggets);
    round_number = 0;
    deal(spec, 0);
}

void NativeGame::deal(const DealSpec& spec, int first) {
    // editions/edition.py shuffled, then editions/base.py deal and Game._start_round.
    const int n = spec.players;
    uint8_t roles[MAX_SEATS + 1], goals[3] = {0, 1, 2}, cards[MAX_PILE];
    int role_count = static_cast<int>(spec.role_pool.size());
    int card_count = static_cast<int>(spec.playing_cards.size());
    std::copy(spec.role_pool.begin(), spec.role_pool.end(), roles);
    std::copy(spec.playing_cards.begin(), spec.playing_cards.end(), cards);
    rng.shuffle(roles, role_count);
    rng.shuffle(goals, 3);
    rng.shuffle(cards, card_count);

    const Tables* tables = round.tables;
    uint8_t gold_size = round.gold_size;
    uint8_t gold[MAX_GOLD];
    std::copy(round.gold, round.gold + gold_size, gold);
    fresh_round(round, tables, n, first, goals);
    int miners = 0;
    for (int seat = 0; seat < n; ++seat) {
        round.miner[seat] = roles[seat];
        miners += roles[seat];
        std::copy(cards + seat * spec.hand_size, cards + (seat + 1) * spec.hand_size, round.hand[seat]);
        round.hand_size[seat] = static_cast<uint8_t>(spec.hand_size);
    }
    int dealt = n * spec.hand_size;
    round.pile_size = static_cast<uint8_t>(card_count - dealt);
    for (int i = 0; i < round.pile_size; ++i) round.pile[i] = cards[card_count - 1 - i];  // bottom first
    std::copy(gold, gold + gold_size, round.gold);
    round.gold_size = gold_size;
    round.gold_draw = static_cast<uint8_t>(spec.gold_draw < 0 ? miners : spec.gold_draw);
    tally.clear();
    ++round_number;
    ++maze_version;
    changed_count = 0;
}

int NativeGame::play(const DealSpec& spec, uint32_t code, uint32_t& round_winners, uint32_t& game_winners) {
    tally.count(*round.tables, round.to_move, code);
    changed_count = 0;
    bool revealed[3] = {round.maze.revealed[0], round.maze.revealed[1], round.maze.revealed[2]};
    if (kind_of(code) == PLACE || kind_of(code) == ROCKFALL) {
        ++maze_version;
        changed[changed_count++] = static_cast<uint16_t>(cell_of(code));
    }
    round.apply(code);
    for (int goal = 0; goal < 3; ++goal)
        if (round.maze.revealed[goal] != revealed[goal]) changed[changed_count++] = static_cast<uint16_t>(GOAL_KEYS[goal]);
    if (round.phase != ENDED) return 0;
    const int n = spec.players;
    // The round's winners are its winning team (none when the saboteurs win and
    // nobody was one): envs/saboteur_v0.py _round_winners.
    round_winners = 0;
    uint8_t side = round.winner == SABOTEURS ? 0 : 1;
    for (int seat = 0; seat < n; ++seat) {
        if (round.miner[seat] == side) round_winners |= 1u << seat;
        nuggets[seat] = static_cast<int16_t>(nuggets[seat] + round.round_gold[seat]);
        round.round_gold[seat] = 0;  // counted in nuggets now (score() adds the two)
    }
    if (round_number < spec.rounds) {
        deal(spec, next_first(round, spec.next_round_start));
        return ROUND_ENDED;
    }
    int most = nuggets[0];
    for (int seat = 1; seat < n; ++seat) most = std::max<int>(most, nuggets[seat]);
    game_winners = 0;
    for (int seat = 0; seat < n; ++seat)
        if (nuggets[seat] == most) game_winners |= 1u << seat;
    return ROUND_ENDED | GAME_ENDED;
}

// -- the batch ------------------------------------------------------------------------

Batch::Batch(std::shared_ptr<Tables> tables, TensorSpec tensors, DealSpec deals, int games, bool round_episodes,
             bool win_rewards)
    : tables_(std::move(tables)),
      tensors_(std::move(tensors)),
      deals_(std::move(deals)),
      round_episodes_(round_episodes),
      win_rewards_(win_rewards),
      games_(static_cast<size_t>(games)),
      legal_(static_cast<size_t>(games), std::vector<uint16_t>(static_cast<size_t>(tensors_.action_count))),
      legal_count_(static_cast<size_t>(games)),
      written_(static_cast<size_t>(games)),
      drawn_(static_cast<size_t>(games)) {
    if (games < 1) throw std::invalid_argument("a batch holds at least one game");
    if (deals_.players < 1 || deals_.players > MAX_SEATS || deals_.players != tensors_.players)
        throw std::invalid_argument("the deals and the tensors are of different player counts");
}

void Batch::reset(const uint64_t* seeds) {
    const size_t ids = static_cast<size_t>(tensors_.action_count);
    for (int index = 0; index < games(); ++index) {
        games_[static_cast<size_t>(index)].start(tables_.get(), deals_, seeds[index]);
        std::memset(out_.masks + index * ids, 0, ids);
        std::memset(out_.observations + static_cast<size_t>(index) * tensors_.size, 0, sizeof(float) * tensors_.size);
        legal_count_[static_cast<size_t>(index)] = 0;
        written_[static_cast<size_t>(index)].cells.clear();
        drawn_[static_cast<size_t>(index)] = games_[static_cast<size_t>(index)].maze_version - 1;
        out_.done[index] = 0;
        out_.wants_seed[index] = 0;
        std::memset(out_.rewards + index * deals_.players, 0, sizeof(float) * deals_.players);
        observe(index);
    }
}

bool Batch::step(const int64_t* actions) {
    const int n = deals_.players;
    codes_.resize(games_.size());
    const int64_t ids = tensors_.action_count;
    for (int index = 0; index < games(); ++index) {  // every id checked before any is played
        int64_t action = actions[index];
        if (action < 0 || action >= ids || !out_.masks[index * ids + action])
            throw std::invalid_argument("action " + std::to_string(action) + " is not legal in game " +
                                        std::to_string(index) + " now");
        codes_[static_cast<size_t>(index)] =
            code_of_id(tensors_, games_[static_cast<size_t>(index)].round, static_cast<int>(action));
    }
    bool new_games = false;
    for (int index = 0; index < games(); ++index) {
        NativeGame& game = games_[static_cast<size_t>(index)];
        float* rewards = out_.rewards + index * n;
        int before[MAX_SEATS];
        for (int seat = 0; seat < n; ++seat) before[seat] = game.score(seat);
        uint32_t round_winners = 0, game_winners = 0;
        int ended = game.play(deals_, codes_[static_cast<size_t>(index)], round_winners, game_winners);
        bool episode_over = round_episodes_ ? ended != 0 : (ended & GAME_ENDED) != 0;
        uint32_t winners = round_episodes_ ? round_winners : game_winners;
        for (int seat = 0; seat < n; ++seat) {
            if (win_rewards_) rewards[seat] = episode_over ? (winners >> seat & 1 ? 1.0f : -1.0f) : 0.0f;
            else rewards[seat] = static_cast<float>(game.score(seat) - before[seat]);
        }
        out_.done[index] = episode_over;
        if (ended & GAME_ENDED) {
            game.start(tables_.get(), deals_, out_.next_seeds[index]);
            out_.wants_seed[index] = 1;
            new_games = true;
        }
        observe(index);
    }
    return new_games;
}

void Batch::sample(int64_t* out) {
    for (size_t index = 0; index < games_.size(); ++index) {
        sampler_ += 0x9E3779B97F4A7C15ull;
        uint64_t z = sampler_;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        out[index] = legal_[index][z % static_cast<uint64_t>(legal_count_[index])];
    }
}

void Batch::observe(int index) {
    NativeGame& game = games_[static_cast<size_t>(index)];
    const Round& round = game.round;
    const TensorSpec& spec = tensors_;
    float* observation = out_.observations + static_cast<size_t>(index) * spec.size;
    int8_t* mask = out_.masks + static_cast<size_t>(index) * spec.action_count;
    uint16_t* legal = legal_[static_cast<size_t>(index)].data();
    int& count = legal_count_[static_cast<size_t>(index)];
    for (int i = 0; i < count; ++i) mask[legal[i]] = 0;
    count = legal_ids(spec, round, legal);
    for (int i = 0; i < count; ++i) mask[legal[i]] = 1;
    int seat = round.to_move;
    out_.seats[index] = seat;
    Written& written = written_[static_cast<size_t>(index)];
    uint32_t& drawn = drawn_[static_cast<size_t>(index)];
    bool same_maze = drawn == game.maze_version;
    bool one_change = drawn + 1 == game.maze_version && game.changed_count > 0;
    written.clear(spec, observation, !same_maze && !one_change);  // the rest of the row is zero already
    if (one_change) redraw_cells(spec, round.maze, game.changed, game.changed_count, observation, written);
    encode(spec, round, game.tally, game.side(seat, deals_.open_hands), seat, observation, written,
           same_maze || one_change);
    drawn = game.maze_version;
}

// -- one game, any seat ------------------------------------------------------------------

Table::Table(std::shared_ptr<Tables> tables, TensorSpec tensors, DealSpec deals)
    : tables_(std::move(tables)),
      tensors_(std::move(tensors)),
      deals_(std::move(deals)),
      legal_(static_cast<size_t>(tensors_.action_count)) {
    if (deals_.players < 1 || deals_.players > MAX_SEATS || deals_.players != tensors_.players)
        throw std::invalid_argument("the deals and the tensors are of different player counts");
    std::memset(&game_, 0, sizeof game_);
}

void Table::start(uint64_t seed) {
    game_.start(tables_.get(), deals_, seed);
    listed_ = false;
}

void Table::observe(int seat, float* out) const {
    std::memset(out, 0, sizeof(float) * tensors_.size);
    written_.cells.clear();
    encode(tensors_, game_.round, game_.tally, game_.side(seat, deals_.open_hands), seat, out, written_, false);
}

void Table::observe_over(int seat, float* out) const {
    if (game_.round.phase != ENDED || game_.round_number < deals_.rounds)
        throw std::logic_error("the view of the game's end is of a game over");
    // rules/game.py end_round: nobody is to move and no gold is offered; at the game's
    // end every seat knows every goal (rules/observation.py), as if it had mapped them.
    Round ended = game_.round;
    ended.to_move = NOBODY;
    ended.offer_size = 0;
    ended.mapped_count[seat] = 3;
    for (uint8_t goal = 0; goal < 3; ++goal) ended.mapped[seat][goal] = goal;
    GameSide side = game_.side(seat, deals_.open_hands);
    side.over = true;
    std::memset(out, 0, sizeof(float) * tensors_.size);
    written_.cells.clear();
    encode(tensors_, ended, game_.tally, side, seat, out, written_, false);
}

void Table::list() {
    if (listed_) return;
    legal_count_ = legal_ids(tensors_, game_.round, legal_.data());
    listed_ = true;
}

void Table::mask(int8_t* out) {
    std::memset(out, 0, static_cast<size_t>(tensors_.action_count));
    list();
    for (int i = 0; i < legal_count_; ++i) out[legal_[static_cast<size_t>(i)]] = 1;
}

int64_t Table::code_of(int64_t action) {
    list();
    for (int i = 0; i < legal_count_; ++i)
        if (legal_[static_cast<size_t>(i)] == action) return code_of_id(tensors_, game_.round, static_cast<int>(action));
    return -1;
}

int Table::play(uint32_t code) {
    uint32_t round_winners = 0, game_winners = 0;
    listed_ = false;
    return game_.play(deals_, code, round_winners, game_winners);
}

}  // namespace sab
