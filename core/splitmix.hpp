// splitmix64: the core's own choices in playouts, reproducible from a seed (not the
// game's chance, which the round's pile and gold deck already hold).
#pragma once

#include <cstddef>
#include <cstdint>

namespace sab {

struct SplitMix {
    uint64_t state;
    uint64_t next() {
        state += 0x9E3779B97F4A7C15ull;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
    size_t below(size_t count) { return static_cast<size_t>(next() % count); }
};

}  // namespace sab
