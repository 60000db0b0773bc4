// The legal moves of a round as codes, handed to Python as one object (a list of
// Python ints would cost more than listing them). bind.cpp registers the type;
// every edition's round hands its listing over as one.
#pragma once
#include <cstdint>
#include <vector>

namespace sab {

struct Codes {
    std::vector<uint32_t> codes;
};

}  // namespace sab
