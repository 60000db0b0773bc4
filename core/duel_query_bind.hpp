// Registers the Duel heuristic's maze questions on the core's module (duel_query_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

void register_duel_query(nanobind::module_& m);
