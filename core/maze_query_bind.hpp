// Registers the bots' maze questions on the core's module (core/maze_query_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

void register_maze_query(nanobind::module_& m);
