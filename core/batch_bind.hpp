// Registers the batched environment's classes on the core's module (core/batch_bind.cpp).
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "batch.hpp"

#include "tensors.hpp"

void register_batch(nanobind::module_& m);

// The tensor's layout, scales and ids read from pysaboteur/envs/native_tensors.py
// tensor_spec(), checked against what the core counts.
sab::TensorSpec read_tensor_spec(const sab::Tables& tables, nanobind::dict tensor);

// The calls both editions' tables for the environments answer (batch.hpp Table,
// table_saboteur2.hpp Table2), bound alike: a seat's observation and the mask into the
// caller's vectors, a legal id's code, a code played, the seat to move.
template <class T>
void bind_table_calls(nanobind::class_<T>& table) {
    namespace nb = nanobind;
    using Floats = nb::ndarray<float, nb::numpy, nb::c_contig, nb::device::cpu>;
    using Bytes = nb::ndarray<int8_t, nb::numpy, nb::c_contig, nb::device::cpu>;
    table.def("start", &T::start)
        .def("observe",
             [](const T& self, int seat, Floats out) {
                 if (out.size() != static_cast<size_t>(self.tensors().size) || seat < 0 ||
                     seat >= self.tensors().players)
                     throw std::invalid_argument("a seat of the game, and a vector of the tensor's size");
                 self.observe(seat, out.data());
             })
        .def("mask",
             [](T& self, Bytes out) {
                 if (out.size() != static_cast<size_t>(self.tensors().action_count))
                     throw std::invalid_argument("a mask has one entry per action id");
                 self.mask(out.data());
             })
        .def("code_of", &T::code_of)
        .def("play", [](T& self, uint32_t code) { return self.play(code); });
}

// A batch of either edition (batch.hpp Batch, batch_saboteur2.hpp Batch2) and the
// arrays it writes, kept alive as long as it is.
template <class B>
struct PyBatchOf {
    template <class T>
    using Array = nanobind::ndarray<T, nanobind::numpy, nanobind::c_contig, nanobind::device::cpu>;
    B batch;
    Array<float> observations;
    Array<int8_t> masks;
    Array<float> rewards;
    Array<uint8_t> done;
    Array<int32_t> seats;
    Array<uint64_t> next_seeds;
    Array<uint8_t> wants_seed;
};

inline void check_rows(size_t rows, size_t size, size_t expected_rows, size_t expected_size, const char* name) {
    if (rows != expected_rows || size != expected_size)
        throw std::invalid_argument(std::string(name) + " has the wrong shape for this batch");
}

// The calls both editions' batches answer (pysaboteur/envs/batch.py makes them).
template <class B>
void bind_batch_calls(nanobind::class_<PyBatchOf<B>>& batch) {
    namespace nb = nanobind;
    using Py = PyBatchOf<B>;
    batch
        .def("attach",
             [](Py& self, typename Py::template Array<float> observations, typename Py::template Array<int8_t> masks,
                typename Py::template Array<float> rewards, typename Py::template Array<uint8_t> done,
                typename Py::template Array<int32_t> seats, typename Py::template Array<uint64_t> next_seeds,
                typename Py::template Array<uint8_t> wants_seed) {
                 size_t games = static_cast<size_t>(self.batch.games());
                 const auto& spec = self.batch.tensors();
                 check_rows(observations.shape(0), observations.ndim() == 2 ? observations.shape(1) : 0, games,
                            static_cast<size_t>(spec.size), "observations");
                 check_rows(masks.shape(0), masks.ndim() == 2 ? masks.shape(1) : 0, games,
                            static_cast<size_t>(spec.action_count), "masks");
                 check_rows(rewards.shape(0), rewards.ndim() == 2 ? rewards.shape(1) : 0, games,
                            static_cast<size_t>(spec.players), "rewards");
                 for (auto [size, name] : {std::pair{done.size(), "done"}, {seats.size(), "seats"},
                                           {next_seeds.size(), "next_seeds"}, {wants_seed.size(), "wants_seed"}})
                     check_rows(size, 1, games, 1, name);
                 self.observations = observations, self.masks = masks, self.rewards = rewards, self.done = done;
                 self.seats = seats, self.next_seeds = next_seeds, self.wants_seed = wants_seed;
                 self.batch.attach({observations.data(), masks.data(), rewards.data(), done.data(), seats.data(),
                                    next_seeds.data(), wants_seed.data()});
             },
             nb::arg("observations"), nb::arg("masks"), nb::arg("rewards"), nb::arg("done"), nb::arg("seats"),
             nb::arg("next_seeds"), nb::arg("wants_seed"))
        .def("reset",
             [](Py& self, typename Py::template Array<uint64_t> seeds) {
                 if (!self.observations.data()) throw std::invalid_argument("attach the arrays first");
                 if (seeds.size() != static_cast<size_t>(self.batch.games()))
                     throw std::invalid_argument("one seed per game");
                 self.batch.reset(seeds.data());
             })
        .def("step",
             [](Py& self, typename Py::template Array<const int64_t> actions) {
                 if (!self.observations.data()) throw std::invalid_argument("attach the arrays first");
                 if (actions.size() != static_cast<size_t>(self.batch.games()))
                     throw std::invalid_argument("one action per game");
                 return self.batch.step(actions.data());
             })
        .def("sample",
             [](Py& self, typename Py::template Array<int64_t> out) {
                 if (out.size() != static_cast<size_t>(self.batch.games()))
                     throw std::invalid_argument("one action per game");
                 self.batch.sample(out.data());
             })
        .def("seed_sampler", [](Py& self, uint64_t seed) { self.batch.seed_sampler(seed); })
        .def("round_number", [](const Py& self, int index) { return self.batch.game(index).round_number; })
        .def_prop_ro("games", [](const Py& self) { return self.batch.games(); });
}
