#include "info_state.hpp"

#include <algorithm>

#include "codes.hpp"
#include "tables.hpp"

namespace sab {

namespace {

// x scaled to [0, 1] over [low, high] as info_state.py scales it: in double, clipped,
// then rounded to float.
float scaled(int x, int low, int high) {
    return static_cast<float>(std::min(1.0, std::max(0.0, static_cast<double>(x - low) / (high - low))));
}

}  // namespace

void encode_recent(const RecentSpec& spec, const std::vector<int>& seats, const std::vector<uint32_t>& codes,
                   int seat, bool open_hands, float* put) {
    const int n = spec.players;
    const size_t count = codes.size();
    const size_t shown = std::min(count, static_cast<size_t>(spec.slots));
    for (size_t slot = 0; slot < shown; ++slot) {
        const uint32_t code = codes[count - 1 - slot];
        const int actor = seats[count - 1 - slot];
        const int kind = kind_of(code);
        const uint8_t fields = spec.fields[static_cast<size_t>(kind)];
        const bool seen = actor == seat || open_hands;
        float* at = put + slot * static_cast<size_t>(spec.move_size);
        at[(actor - seat + n) % n] = 1.0f;
        at += n;
        int column = spec.kind_column[static_cast<size_t>(kind)];
        if (column >= 0) at[column] = 1.0f;
        at += spec.kinds;
        if (fields & RecentSpec::CARD && (seen || !(fields & RecentSpec::FACE_DOWN))) {
            size_t card = static_cast<size_t>(card_of(code));
            column = kind == PLACE ? spec.place_column[card * 2 + static_cast<size_t>(face_index_of(code))]
                                   : spec.card_column[card];
            if (column >= 0) at[column] = 1.0f;
        }
        at += spec.card_codes;
        if (fields & RecentSpec::CELL) {
            int key = cell_of(code);
            at[0] = scaled((key >> 8) - 128, spec.x_min, spec.x_max);
            at[1] = scaled((key & 255) - 128, spec.y_min, spec.y_max);
            at[2] = 1.0f;
        }
        at += 3;
        at[fields & RecentSpec::TARGET ? (target_of(code) - seat + n) % n : n] = 1.0f;
        at += n + 1;
        if (fields & RecentSpec::TOOL) at[tool_of(code)] = 1.0f;
        at += spec.tools;
        // A gold pick's value: its own seat's (the others see the values at the game's end).
        if (fields & RecentSpec::VALUE && actor == seat) at[0] = static_cast<float>(value_of(code) / 3.0);
    }
}

}  // namespace sab
