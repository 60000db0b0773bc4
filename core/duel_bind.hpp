// Registers the Duel's tables and rounds on the core's module (duel_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

namespace sab {

void register_duel(nanobind::module_& m);

}  // namespace sab
