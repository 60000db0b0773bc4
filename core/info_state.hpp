// The information-state tensor's ``recent`` block: the seat's last moves of the round,
// newest first, written from the round's move codes and the seats that played them
// (pysaboteur/envs/info_state.py is the reference and says what every entry means).
// The columns, and which fields each kind of move has, come from Python
// (pysaboteur/envs/native_recent.py): nothing here is per edition.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sab {

struct RecentSpec {
    // Per kind of move, the fields its moves show.
    enum Field : uint8_t {
        CARD = 1,       // a card played (a placed card: the card it lies as)
        CELL = 2,       // a cell (x, y)
        TARGET = 4,     // a seat aimed at
        TOOL = 8,       // a tool named
        VALUE = 16,     // a gold card's value, seen by its own seat alone
        FACE_DOWN = 32, // the card goes face down: another seat sees it with open hands only
    };
    int players = 0;
    int slots = 0;      // how many moves the block holds (2 * players)
    int move_size = 0;  // the columns of one move
    int kinds = 0, card_codes = 0, tools = 0;  // the widths of the one-hot blocks
    int x_min = 0, x_max = 0, y_min = 0, y_max = 0;
    std::vector<int> kind_column;   // per kind of the core: its column of the kind block, -1 none
    std::vector<uint8_t> fields;    // per kind of the core: Field bits
    std::vector<int> card_column;   // per card: its column of the card block, -1 none
    std::vector<int> place_column;  // per card * 2 + face: the column of the card it lies as

    int size() const { return slots * move_size; }
};

// Writes the block of ``seat`` into ``put`` (``spec.size()`` entries, zero already):
// the last moves of ``codes``, ``seats[i]`` the seat that played ``codes[i]``;
// ``open_hands`` shows every face-down card.
void encode_recent(const RecentSpec& spec, const std::vector<int>& seats, const std::vector<uint32_t>& codes,
                   int seat, bool open_hands, float* put);

}  // namespace sab
