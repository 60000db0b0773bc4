// Registers the playout policy's functions on the core's module (playout_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

#include "round.hpp"

namespace sab {

// How to read the round a Python object of the core holds (bind.cpp knows its type).
using RoundOf = const Round& (*)(nanobind::handle);

void register_playout(nanobind::module_& m, RoundOf round_of);
// Saboteur 2's pay-out and policy (playout_saboteur2_bind.cpp); register_playout calls it.
void register_playout_saboteur2(nanobind::module_& m, RoundOf round_of);

}  // namespace sab
