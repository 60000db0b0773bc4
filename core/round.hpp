// One round in play, of the base game or of Saboteur 2: the state
// rules/round_state.py holds, as small integers in fixed arrays (a copy is one
// block: no pointer but the shared tables), with the legal moves listed in exactly
// rules/game.py's order and applied as rules/kinds/ apply them.
//
// Layout (other parts of the core read it): the fields of both editions first, as
// they were for the base game alone; then Saboteur 2's (all zero in the base game):
// roles, traps, thefts, the role reserve, the dwarf cards swapped out, and the
// record of looks and hand swaps the seats' views show; then the maze. A Saboteur 2
// round the core ends (the gold reached, or the last card played) is ENDED with
// winner NO_TEAM: its pay and thefts are the rules' (rules/editions/saboteur2.py).
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
constexpr int MAX_ROLES = 16;  // Saboteur 2's 15 dwarf cards
constexpr int MAX_LOOKS = 8;   // its 2 inspections and 2 swap-hats make at most 4 a round
constexpr int MAX_SWAPS = 4;   // its 2 swap-hand cards make at most 2

// A seat looked at a dwarf card (rules/round_state.py Look).
struct Look {
    uint16_t move;  // the move's index in the round
    uint8_t viewer, seat, role;
    uint8_t laid_aside;  // after a swap-hats, the role given up + 1; else 0
};

// A swap-hand (rules/round_state.py Swap): the two hands as they changed owner, sorted.
struct SwapRecord {
    uint16_t move;
    uint8_t seat, other;
    uint8_t gave_size, got_size;
    uint8_t gave[MAX_HAND], got[MAX_HAND];
};

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
    // -- Saboteur 2 -------------------------------------------------------------
    uint8_t role[MAX_SEATS];  // index into the edition's role_codes
    uint8_t trapped[MAX_SEATS];
    uint8_t thief_count;
    uint8_t thieves[MAX_SEATS];  // seats with a theft in front, in the order they played it
    uint8_t reserve_size;
    uint8_t reserve[MAX_ROLES];  // the dwarf cards not dealt, top first
    uint8_t hats_out_size;
    uint8_t hats_out[MAX_ROLES];
    uint16_t moves_played;  // the round's moves so far (a look or swap names its move)
    uint8_t look_count;
    Look looks[MAX_LOOKS];
    uint8_t swap_count;
    SwapRecord swaps[MAX_SWAPS];
    Maze maze;

    // -- moves -------------------------------------------------------------------
    void legal(std::vector<uint32_t>& out) const;
    bool is_legal(uint32_t code) const;
    // Plays a move if it is legal now; false (and nothing changed) if not.
    bool play(uint32_t code);
    // Plays a move already known to be legal (one of legal()'s).
    void apply(uint32_t code);

  private:
    void list_saboteur2(int seat, int card, std::vector<uint32_t>& out) const;
    void list_discards(int seat, std::vector<uint32_t>& out) const;
    void list_ladders(const uint8_t* distinct, int count, std::vector<uint32_t>& out) const;
    // Saboteur 2's cards: false for a kind that is not one of them.
    bool apply_saboteur2(int seat, uint32_t code, int& draws);
    bool is_thief(int seat) const {
        for (int i = 0; i < thief_count; ++i)
            if (thieves[i] == seat) return true;
        return false;
    }
    void drop_thief(int seat);
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
