// Registers the information state's recent block on the core's module (core/info_state_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

void register_info_state(nanobind::module_& m);
