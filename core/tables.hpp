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
    KIND_COUNT = 8,
};

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

    int tunnel_of(uint16_t face, int side) const {
        std::size_t at = static_cast<std::size_t>(face) << 4 | static_cast<std::size_t>(side);
        return at < tunnel_at.size() ? tunnel_at[at] : 0;
    }
};

}  // namespace sab
