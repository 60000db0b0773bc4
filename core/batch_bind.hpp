// Registers the batched environment's classes on the core's module (core/batch_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>

#include "tensors.hpp"

void register_batch(nanobind::module_& m);

// The tensor's layout, scales and ids read from pysaboteur/envs/native_tensors.py
// tensor_spec(), checked against what the core counts.
sab::TensorSpec read_tensor_spec(const sab::Tables& tables, nanobind::dict tensor);
