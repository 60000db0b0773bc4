// The legal moves of a round as codes, handed to Python as one object (a list of
// Python ints would cost more than listing them). bind.cpp registers the type;
// every edition's round hands its listing over as one.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace sab {

struct Codes {
    std::vector<uint32_t> codes;
};

// The moves last listed, while the round has not changed since: playing one of them
// needs no second listing. A listing makes room for as many codes as the last one
// held and half as many again, at once, not grown a code at a time (a tenth of a
// move's cost through Game).
struct Listing {
    std::shared_ptr<Codes> last;
    size_t last_count = 64;

    template <class Round>
    const std::shared_ptr<Codes>& of(const Round& round) {
        if (!last) {
            last = std::make_shared<Codes>();
            last->codes.reserve(last_count + last_count / 2);
            round.legal(last->codes);
            last_count = std::max<size_t>(last->codes.size(), 16);
        }
        return last;
    }
    void reset() { last.reset(); }
};

}  // namespace sab
