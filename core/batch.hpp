// Many games of the base game stepped in one call, for learning (pysaboteur/envs/batch.py
// is its Python face, docs/envs.md "The batched environment" says how it is used): each
// game deals its own rounds from its own seed exactly as rules/game.py does, with
// Python's own generator (Mersenne Twister and random.shuffle, bit for bit), and writes
// the seat to move's observation tensor and action mask into arrays the caller owns.
#pragma once
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "round.hpp"
#include "tensors.hpp"

namespace sab {

// Python's random.Random: MT19937 seeded from an int as random.seed does, with
// random.shuffle's draws (_randbelow by getrandbits).
struct PyRandom {
    uint32_t state[624];
    int index;

    void seed(uint64_t value);
    uint32_t next();
    uint32_t below(uint32_t n);
    template <class T>
    void shuffle(T* items, int count) {
        for (int i = count - 1; i > 0; --i) std::swap(items[i], items[below(static_cast<uint32_t>(i) + 1)]);
    }
};

// What a deal needs of the edition, the player count and the rule options.
struct DealSpec {
    int players = 0;
    int hand_size = 0;
    int rounds = 3;
    // edition.role_pool(players): the base game's 1 a miner, 0 a saboteur; Saboteur 2's
    // index in the edition's role_codes.
    std::vector<uint8_t> role_pool;
    std::vector<uint8_t> playing_cards;  // edition.playing_cards, as the core's card indices
    std::vector<uint8_t> gold_cards;     // GOLD_CARDS, in order
    int gold_draw = 0;                   // gold cards the finder draws; -1: one per miner
    int next_round_start = 0;            // 0 after-last, 1 rotate, 2 last-path
    bool open_hands = false;
    int removed = 0;  // Saboteur 2: the cards removed unseen for each round
};

// A round dealt afresh, every field cleared: the start in the maze, ``first`` to move
// (the editions' deals fill in the cards and roles).
void fresh_round(Round& round, const Tables* tables, int players, int first, const uint8_t* goals);

// The seat that starts the next round (rules/game.py Game._next_first), by the
// next_round_start option's index.
int next_first(const Round& round, int rule);

// One game: its round in play, the rounds before it (nuggets) and its generator.
struct NativeGame {
    Round round;
    Tally tally;
    PyRandom rng;
    int round_number;
    int16_t nuggets[MAX_SEATS];  // won in the rounds before this one
    uint32_t maze_version;       // counts the changes of the maze (a new round's too)
    // The cells whose card came or went in the last play, which changed the maze once (the
    // card's cell, the goals it turned up): an observation redraws only those. None after a deal.
    uint16_t changed[4];
    int changed_count;

    void start(const Tables* tables, const DealSpec& spec, uint64_t seed);
    void deal(const DealSpec& spec, int first);
    int score(int seat) const { return nuggets[seat] + round.round_gold[seat]; }
    // Plays a legal code; then a round that ended is written down and the next dealt.
    // Returns ROUND_ENDED | GAME_ENDED bits, with a bit per seat that won the round
    // in ``round_winners`` and the game in ``game_winners`` (the seats with the most nuggets).
    int play(const DealSpec& spec, uint32_t code, uint32_t& round_winners, uint32_t& game_winners);
    GameSide side(int seat, bool open_hands) const { return {round_number, nuggets[seat], open_hands}; }
};

constexpr int ROUND_ENDED = 1, GAME_ENDED = 2;

// The arrays a batch writes, each a row per game (pysaboteur/envs/batch.py allocates them).
struct BatchArrays {
    float* observations = nullptr;  // (games, tensor size)
    int8_t* masks = nullptr;        // (games, action ids)
    float* rewards = nullptr;       // (games, players)
    uint8_t* done = nullptr;        // (games,)
    int32_t* seats = nullptr;       // (games,): the seat to move
    uint64_t* next_seeds = nullptr; // (games,): the seed of each game's next game
    uint8_t* wants_seed = nullptr;  // (games,): 1 where next_seeds was used and wants refilling
};

class Batch {
  public:
    Batch(std::shared_ptr<Tables> tables, TensorSpec tensors, DealSpec deals, int games, bool round_episodes,
          bool win_rewards);
    int games() const { return static_cast<int>(games_.size()); }
    void attach(const BatchArrays& arrays) { out_ = arrays; }
    // A new game in every slot, from ``seeds``.
    void reset(const uint64_t* seeds);
    // Plays one id in every game (the id of a legal move of its seat to move): refuses
    // the whole step (std::invalid_argument, nothing changed) if one is not legal.
    // Returns whether a game began a new game (and so used its next seed).
    bool step(const int64_t* actions);
    // A uniformly random legal id per game, from the batch's own generator (splitmix64,
    // seeded by seed_sampler): a random policy for tests and benchmarks.
    void sample(int64_t* out);
    void seed_sampler(uint64_t seed) { sampler_ = seed; }
    const NativeGame& game(int index) const { return games_[static_cast<size_t>(index)]; }
    const TensorSpec& tensors() const { return tensors_; }

  private:
    void observe(int index);

    std::shared_ptr<Tables> tables_;
    TensorSpec tensors_;
    DealSpec deals_;
    bool round_episodes_;
    bool win_rewards_;
    std::vector<NativeGame> games_;
    // Per game: the ids of its legal moves (its mask's ones), legal_count_ of them.
    std::vector<std::vector<uint16_t>> legal_;
    std::vector<int> legal_count_;
    std::vector<Written> written_;  // per game: the entries of its observation not zero
    std::vector<uint32_t> drawn_;   // per game: the maze_version its observation's maze shows
    std::vector<uint32_t> codes_;  // the codes a step plays, per game
    uint64_t sampler_ = 0;
    BatchArrays out_;
};

// One game for an environment that observes any seat (pysaboteur/envs/aec.py with the
// core): the PettingZoo environment's tensors and mask, built here.
class Table {
  public:
    Table(std::shared_ptr<Tables> tables, TensorSpec tensors, DealSpec deals);
    void start(uint64_t seed);
    // The observation of ``seat`` into ``out`` (the tensor's size); the mask of the seat
    // to move into ``mask`` (the action ids), zero for any other seat.
    void observe(int seat, float* out) const;
    // Once the game is over: the observation of ``seat`` as the rules show the end of
    // the game (rules/observation.py), the last round as it ended (std::logic_error
    // before the game's end).
    void observe_over(int seat, float* out) const;
    void mask(int8_t* out);
    // The code of a legal id of the seat to move, or -1.
    int64_t code_of(int64_t action);
    // Plays a legal code (GAME_ENDED / ROUND_ENDED bits, as NativeGame::play).
    int play(uint32_t code);
    const NativeGame& game() const { return game_; }
    const TensorSpec& tensors() const { return tensors_; }

  private:
    void list();

    std::shared_ptr<Tables> tables_;
    TensorSpec tensors_;
    DealSpec deals_;
    NativeGame game_;
    mutable Written written_;  // scratch: a Table's vectors are the caller's, zeroed whole
    bool listed_ = false;
    std::vector<uint16_t> legal_;  // the ids of the legal moves, once listed: legal_count_ of them
    int legal_count_ = 0;
};

}  // namespace sab
