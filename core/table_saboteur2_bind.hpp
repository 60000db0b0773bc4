// Registers Saboteur 2's game of the core for the environments (table_saboteur2_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

void register_table_saboteur2(nanobind::module_& m);
