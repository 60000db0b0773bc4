// One round of the base game in play: the state rules/round_state.py holds, as
// small integers in fixed arrays (a copy is one block), with the legal moves listed
// in exactly rules/game.py's order and applied as rules/kinds/ apply them.
#pragma once
#include <cstdint>
#include <vector>

#include "codes.hpp"
#include "maze.hpp"
#include "tables.hpp"

namespace sab {

constexpr int MAX_SEATS = 12;
constexpr int MAX_HAND = 16;
constexpr int MAX_PILE = 128;
constexpr int MAX_GOLD = 32;
constexpr int MAX_DISCARDS = 255;
constexpr int NOBODY = 255;

enum Phase : uint8_t { PLAY = 0, GOLD = 1, ENDED = 2 };
enum Team : uint8_t { NO_TEAM = 0, MINERS = 1, SABOTEURS = 2 };

struct Round {
    const Tables* tables;
    uint8_t players;
    uint8_t phase;
    uint8_t first;
    uint8_t to_move;
    uint8_t last_turn;
    uint8_t last_path;
    uint8_t finder;
    uint8_t winner;  // a Team once the round has ended
    uint8_t miner[MAX_SEATS];  // 1 for a miner, 0 for a saboteur
    uint8_t broken[MAX_SEATS];
    uint8_t hand_size[MAX_SEATS];
    uint8_t hand[MAX_SEATS][MAX_HAND];  // card indices, in the order they came
    uint8_t pile_size;
    uint8_t pile[MAX_PILE];  // bottom first: the top is drawn first
    uint8_t gold_size;       // the gold deck, top first
    uint8_t gold[MAX_GOLD];
    uint8_t offer_size;
    uint8_t offer[MAX_GOLD];
    uint8_t gold_draw;  // how many gold cards the finder draws (the gold_draw option)
    uint8_t discards;   // cards on the discard pile, in the order they came
    uint8_t discard_pile[MAX_DISCARDS];
    uint8_t mapped_count[MAX_SEATS];  // the goals each seat looked at, in the order it first did
    uint8_t mapped[MAX_SEATS][3];
    int16_t round_gold[MAX_SEATS];
    Maze maze;

    // -- moves -------------------------------------------------------------------
    void legal(std::vector<uint32_t>& out) const;
    bool is_legal(uint32_t code) const;
    // Plays a move if it is legal now; false (and nothing changed) if not.
    bool play(uint32_t code);
    // Plays a move already known to be legal (one of legal()'s).
    void apply(uint32_t code);

  private:
    void gold_reached(int seat);
    void exhausted();
    void end(uint8_t team);
    int next_miner(int seat) const;
    void take_from_hand(int seat, int card);
    void discard(int card) {
        if (discards < MAX_DISCARDS) discard_pile[discards++] = static_cast<uint8_t>(card);
    }
};

}  // namespace sab
