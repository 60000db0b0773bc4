// The tables of one edition, as the Python editions hand them over at import
// (pysaboteur/native/tables.py). Nothing here is typed by hand: card counts, faces,
// tools and pay come from pysaboteur/rules, so the two engines read the same data.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sab {

// The kinds of move, in the order of pysaboteur.native.codes.KIND_IDS (the core
// names them to Python: _core.KINDS).
enum Kind : uint8_t {
    PLACE = 0,
    BREAK = 1,
    FIX = 2,
    ROCKFALL = 3,
    MAP = 4,
    DISCARD = 5,
    PASS = 6,
    TAKE = 7,
    // Saboteur 2
    THEFT = 8,
    TRAPPED = 9,
    FREE_AT_LAST = 10,
    HANDS_OFF = 11,
    INSPECTION = 12,
    SWAP_HAND = 13,
    SWAP_HATS = 14,
    CLEAR = 15,
    STEAL = 16,  // a code only: the thefts at a round's end are the rules' own
    KIND_COUNT = 17,
};

// What a clear may take from in front of a seat, in rules/kinds/clear.py FRONT_CARDS'
// order: the three broken tools (in TOOLS order), then trapped, then theft.
enum Front : uint8_t { FRONT_TRAPPED = 3, FRONT_THEFT = 4, FRONT_COUNT = 5 };

constexpr int MAX_CARDS = 128;  // distinct card codes of an edition (7 bits of a move code)

struct Tables {
    int card_count = 0;
    std::vector<uint8_t> kind;                      // per card: its Kind
    std::vector<std::vector<uint16_t>> faces;       // per tunnel card: its lying faces, in order
    std::vector<std::vector<uint8_t>> tools;        // per break/fix card: its tools (0 pick, 1 lamp, 2 cart), in order
    std::vector<uint8_t> tunnel_at;                 // [face << 4 | side]: sides of that tunnel
    std::vector<uint16_t> fits;                     // maze.FITS, 4096 entries
    std::array<std::array<uint16_t, 2>, 3> goal_shapes{};  // per goal card: printed, turned
    int gold_card = 0;                              // which goal card is the gold
    std::vector<int> saboteur_pay;                  // by number of saboteurs in play
    std::vector<int> break_card;                    // per tool: the card that breaks it
    std::vector<int> card_of_face;                  // per face: the card lying as it, or -1
    int most_discarded = 1;
    int reach = 64;
    // -- Saboteur 2 ----------------------------------------------------------------
    // Whether the round's end pays gold pieces (Saboteur 2): the core then ends the
    // play and leaves the pay and the thefts to the rules (rules/editions/saboteur2.py).
    bool gold_pieces = false;
    bool clears = false;                 // "clear" is one of the edition's turn kinds
    std::vector<uint8_t> ladder_sides;  // per face: the sides always in the network
    std::vector<uint8_t> is_ladder;     // per card: it lies as a ladder
    std::vector<uint8_t> rank;          // per card: its place among the codes sorted as text
    std::array<int, FRONT_COUNT> front_card{{-1, -1, -1, -1, -1}};  // per Front: the card

    int ladder_of(int face) const {
        return static_cast<std::size_t>(face) < ladder_sides.size() ? ladder_sides[face] : 0;
    }

    int tunnel_of(uint16_t face, int side) const {
        std::size_t at = static_cast<std::size_t>(face) << 4 | static_cast<std::size_t>(side);
        return at < tunnel_at.size() ? tunnel_at[at] : 0;
    }
};

}  // namespace sab
