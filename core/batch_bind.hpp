// Registers the batched environment's classes on the core's module (core/batch_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

void register_batch(nanobind::module_& m);
