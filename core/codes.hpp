// A move's code: one integer for a move of the seat to move (docs/engine.md,
// "Move codes"; pysaboteur/native/codes.py writes and reads the same layout).
//   bits 0-4   the kind (tables.hpp Kind)
//   bits 5-11  the card played: its index in the edition's card list
//   place, rockfall, map: bits 12-19 x + 128, bits 20-27 y + 128;
//                         place: bit 28 which of the card's faces it lies as
//   break, fix: bits 12-15 the target seat, bits 16-17 the tool (pick, lamp, cart)
//   discard: bits 12-18 and 19-25 the further cards + 1 (0: none; Saboteur 2)
//   take: bits 12-13 the gold card's value
//   Saboteur 2: trapped, free-at-last, hands-off, inspection, swap-hand, swap-hats
//             and steal: bits 12-15 the target seat; theft: the card alone;
//             clear: bits 12-18 the second card + 1, bits 19-21 the card removed
//             from in front of the seat (tables.hpp Front)
#pragma once
#include <cstdint>

namespace sab {

constexpr uint32_t code_of(int kind, int card) {
    return static_cast<uint32_t>(kind) | static_cast<uint32_t>(card) << 5;
}
constexpr uint32_t with_cell(uint32_t code, int key) {
    // key = (x + 128) * 256 + (y + 128): the same two bytes, x first
    return code | static_cast<uint32_t>(key >> 8) << 12 | static_cast<uint32_t>(key & 255) << 20;
}
constexpr int kind_of(uint32_t code) { return code & 31; }
constexpr int card_of(uint32_t code) { return code >> 5 & 127; }
constexpr int cell_of(uint32_t code) { return static_cast<int>((code >> 12 & 255) << 8 | (code >> 20 & 255)); }
constexpr int face_index_of(uint32_t code) { return code >> 28 & 1; }
constexpr int target_of(uint32_t code) { return code >> 12 & 15; }
constexpr int tool_of(uint32_t code) { return code >> 16 & 3; }
constexpr int value_of(uint32_t code) { return code >> 12 & 3; }
constexpr int second_of(uint32_t code) { return static_cast<int>(code >> 12 & 127) - 1; }  // -1: none
constexpr int third_of(uint32_t code) { return static_cast<int>(code >> 19 & 127) - 1; }
constexpr int front_of(uint32_t code) { return code >> 19 & 7; }
constexpr uint32_t aimed(int kind, int card, int target) {
    return code_of(kind, card) | static_cast<uint32_t>(target) << 12;
}

}  // namespace sab
