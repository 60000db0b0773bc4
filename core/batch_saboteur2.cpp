#include "batch_saboteur2.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "splitmix.hpp"

namespace sab {

Batch2::Batch2(std::shared_ptr<Tables> tables, Saboteur2Tables s, TensorSpec2 tensors, DealSpec deals, int games,
               bool round_episodes, bool win_rewards)
    : tables_(std::move(tables)),
      s_(std::move(s)),
      tensors_(std::move(tensors)),
      deals_(std::move(deals)),
      round_episodes_(round_episodes),
      win_rewards_(win_rewards),
      actions_(tensors_, *tables_),
      games_(static_cast<size_t>(std::max(games, 0))),
      ids_(games_.size(), std::vector<uint16_t>(static_cast<size_t>(tensors_.action_count))),
      ids_count_(games_.size()),
      sets_(games_.size()),
      drawn_(games_.size()),
      maze_cells_(games_.size()),
      slots_(games_.size() * MAX_HAND),
      chosen_(games_.size()) {
    if (games < 1) throw std::invalid_argument("a batch holds at least one game");
    if (deals_.players < 2 || deals_.players > MAX_SEATS || deals_.players != tensors_.players)
        throw std::invalid_argument("the deals and the tensors are of different player counts");
    for (NativeGame2& game : games_) std::memset(&game, 0, sizeof game);
    for (uint16_t planes : tensors_.face_planes)
        if (planes >> 15) throw std::invalid_argument("a face lighting a plane a row's drawing marks with");
    for (Drawn2& drawn : drawn_) drawn.forget(tensors_);
}

void Batch2::reset(const uint64_t* seeds) {
    const size_t ids = static_cast<size_t>(tensors_.action_count);
    for (int index = 0; index < games(); ++index) {
        games_[static_cast<size_t>(index)].start(tables_.get(), deals_, seeds[index]);
        std::memset(out_.masks + index * ids, 0, ids);
        std::memset(out_.observations + static_cast<size_t>(index) * static_cast<size_t>(tensors_.size), 0,
                    sizeof(float) * static_cast<size_t>(tensors_.size));
        ids_count_[static_cast<size_t>(index)] = 0;
        sets_[static_cast<size_t>(index)] = {};
        drawn_[static_cast<size_t>(index)].forget(tensors_);
        out_.done[index] = 0;
        out_.wants_seed[index] = 0;
        std::memset(out_.rewards + index * deals_.players, 0, sizeof(float) * static_cast<size_t>(deals_.players));
        observe(index);
    }
}

bool Batch2::step(const int64_t* actions) {
    const int n = deals_.players;
    const int64_t count = tensors_.action_count;
    for (int index = 0; index < games(); ++index) {  // every id checked before any is played
        int64_t action = actions[index];
        if (action < 0 || action >= count || !out_.masks[index * count + action])
            throw std::invalid_argument("action " + std::to_string(action) + " is not legal in game " +
                                        std::to_string(index) + " now");
        const NativeGame2& game = games_[static_cast<size_t>(index)];
        chosen_[static_cast<size_t>(index)] =
            actions_.code_of_id(tensors_, game.round, game.to_move(), static_cast<int>(action),
                                slots_.data() + static_cast<size_t>(index) * MAX_HAND);
    }
    bool new_games = false;
    for (int index = 0; index < games(); ++index) {
        NativeGame2& game = games_[static_cast<size_t>(index)];
        float* rewards = out_.rewards + index * n;
        int before[MAX_SEATS];
        for (int seat = 0; seat < n; ++seat) before[seat] = game.pieces[seat];
        int ended = game.play(deals_, tensors_, s_, chosen_[static_cast<size_t>(index)]);
        bool episode_over = round_episodes_ ? ended != 0 : (ended & GAME_ENDED) != 0;
        if (win_rewards_ && episode_over) {
            // The winners, as saboteur2_v0 names them: the round's, or the seats with the
            // most gold pieces of the game.
            uint32_t winners = game.round_winners;
            if (!round_episodes_) {
                int most = *std::max_element(game.pieces, game.pieces + n);
                winners = 0;
                for (int seat = 0; seat < n; ++seat)
                    if (game.pieces[seat] == most) winners |= 1u << seat;
            }
            for (int seat = 0; seat < n; ++seat) rewards[seat] = winners >> seat & 1 ? 1.0f : -1.0f;
        } else {
            for (int seat = 0; seat < n; ++seat)
                rewards[seat] = win_rewards_ ? 0.0f : static_cast<float>(game.pieces[seat] - before[seat]);
        }
        out_.done[index] = episode_over;
        if (ended & GAME_ENDED) {
            game.start(tables_.get(), deals_, out_.next_seeds[index]);
            out_.wants_seed[index] = 1;
            new_games = true;
        }
        observe(index);
    }
    return new_games;
}

void Batch2::sample(int64_t* out) {
    SplitMix rng{sampler_};
    for (size_t index = 0; index < games_.size(); ++index)
        out[index] = ids_[index][rng.below(static_cast<size_t>(ids_count_[index]))];
    sampler_ = rng.state;
}

void Batch2::observe(int index) {
    NativeGame2& game = games_[static_cast<size_t>(index)];
    const TensorSpec2& spec = tensors_;
    float* observation = out_.observations + static_cast<size_t>(index) * static_cast<size_t>(spec.size);
    int8_t* mask = out_.masks + static_cast<size_t>(index) * static_cast<size_t>(spec.action_count);
    uint16_t* ids = ids_[static_cast<size_t>(index)].data();
    int& count = ids_count_[static_cast<size_t>(index)];
    int seat = game.to_move();  // a game over is started again before its row is written
    uint8_t* slots = slots_.data() + static_cast<size_t>(index) * MAX_HAND;
    hand_in_slots(spec, game.round, seat, slots);
    // The mask's ones one by one, those of the hand's discards and clears by block.
    ActionIds2::HandSets& sets = sets_[static_cast<size_t>(index)];
    for (int i = 0, plain = sets.pattern < 0 ? count : sets.from; i < plain; ++i) mask[ids[i]] = 0;
    actions_.mask_sets(spec, sets, false, mask);
    count = legal_ids_saboteur2(actions_, spec, game, slots, maze_cells_[static_cast<size_t>(index)], ids, &sets);
    for (int i = 0, plain = sets.pattern < 0 ? count : sets.from; i < plain; ++i) mask[ids[i]] = 1;
    actions_.mask_sets(spec, sets, true, mask);
    out_.seats[index] = seat;
    // The row is cleared where the last observation wrote, then written again (the
    // cards' maze planes only where the maze has changed since).
    Drawn2& drawn = drawn_[static_cast<size_t>(index)];
    drawn.clear(spec, observation, game.maze_version);
    encode_saboteur2(spec, game.round, game.tally, game.side(deals_.open_hands), seat, observation, &drawn, slots);
}

}  // namespace sab
