// The legal moves of a round as codes, handed to Python as one object (a list of
// Python ints would cost more than listing them). bind.cpp registers the type;
// every edition's round hands its listing over as one.
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>

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
//
// Listings take turns in two Codes kept with their Python objects: a listing refills
// one that nothing else holds (no Python reader, no copy of the round), so a turn of
// listing and playing makes no object, C++ or Python (Python holds the listing in
// play until the next is made: hence two). A copy of the round shares its listing
// in play, never the two kept.
struct Listing {
    std::shared_ptr<Codes> last;
    size_t last_count = 64;

    Listing() = default;
    Listing(const Listing& other) : last(other.last), last_count(other.last_count) {}
    Listing& operator=(const Listing& other) {
        last = other.last;
        last_count = other.last_count;
        return *this;
    }

    template <class Round>
    const std::shared_ptr<Codes>& of(const Round& round) {
        if (!last) {
            last = free_codes();
            last->codes.reserve(last_count + last_count / 2);
            round.legal(last->codes);
            last_count = std::max<size_t>(last->codes.size(), 16);
        }
        return last;
    }
    void reset() { last.reset(); }

  private:
    std::shared_ptr<Codes> kept[2];
    nanobind::object kept_py[2];
    int turn = 0;

    std::shared_ptr<Codes> free_codes() {
        for (int tries = 0; tries < 2; ++tries) {
            int i = turn;
            turn ^= 1;
            if (!kept[i]) {  // made once, with its Python object (which holds it too)
                kept[i] = std::make_shared<Codes>();
                kept_py[i] = nanobind::cast(kept[i]);
                return kept[i];
            }
            // Held here and by its Python object alone: no reader, no copy of the round.
            if (kept[i].use_count() == 2 && Py_REFCNT(kept_py[i].ptr()) == 1) {
                kept[i]->codes.clear();
                return kept[i];
            }
        }
        return std::make_shared<Codes>();
    }
};

}  // namespace sab
