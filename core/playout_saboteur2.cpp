#include "playout_saboteur2.hpp"

#include <cstdlib>

namespace sab {

namespace {

// rng.choice in the Python policy, written as it draws: one uniform number.
uint32_t pick(const std::vector<uint32_t>& items, SplitMix& rng) {
    size_t at = static_cast<size_t>(rng.uniform() * static_cast<double>(items.size()));
    return items[at < items.size() ? at : items.size() - 1];
}

int lying_face(const Tables& t, uint32_t code) { return t.faces[card_of(code)][face_index_of(code)]; }

int manhattan(int key, int gx, int gy) { return std::abs(x_of(key) - gx) + std::abs(y_of(key) - gy); }

// ismcts_saboteur2._reach: how near the open ends of a placed card come to the goal.
int reach(const Saboteur2Tables& s, int face, int key, int gx, int gy) {
    int sides = s.tunnels_of(face);
    if (!sides) return 99;
    int best = 99;
    for (const auto& step : SIDE_STEP)
        if (sides & step[0]) best = std::min(best, manhattan(key + step[1], gx, gy));
    return best;
}

}  // namespace

uint32_t saboteur2_choice(const Round& round, const Saboteur2Tables& s, const std::vector<uint32_t>& moves,
                          SplitMix& rng) {
    if (moves.size() == 1) return moves[0];
    const Tables& t = *round.tables;
    int seat = round.to_move;
    int dwarf = s.dwarf[round.role[seat]];
    // The moves by kind, each list in the order listed (the Python policy's by_kind).
    static std::vector<uint32_t> places, breaks, falls, discards, chosen;
    places.clear(), breaks.clear(), falls.clear(), discards.clear();
    int64_t own_free = -1, theft = -1, mend = -1, pass = -1;
    for (uint32_t code : moves) {
        switch (kind_of(code)) {
            case FREE_AT_LAST:
                if (target_of(code) == seat && own_free < 0) own_free = code;
                break;
            case THEFT:
                if (theft < 0) theft = code;
                break;
            case FIX:
                if (target_of(code) == seat && mend < 0) mend = code;
                break;
            case PLACE:
                places.push_back(code);
                break;
            case BREAK:
                if (target_of(code) != seat) breaks.push_back(code);
                break;
            case ROCKFALL:
                falls.push_back(code);
                break;
            case DISCARD:
                if (second_of(code) < 0) discards.push_back(code);  // one card alone
                break;
            case PASS:
                if (pass < 0) pass = code;
                break;
            default:
                break;
        }
    }
    if (own_free >= 0) return static_cast<uint32_t>(own_free);
    if (theft >= 0 && rng.uniform() < 0.8) return static_cast<uint32_t>(theft);
    if (mend >= 0 && dwarf != GEOLOGIST) return static_cast<uint32_t>(mend);
    int goal = GOAL_KEYS[target_goal(round, seat)];
    int gx = x_of(goal), gy = y_of(goal);
    if ((dwarf == GREEN_DIGGER || dwarf == BLUE_DIGGER || dwarf == BOSS) && !places.empty()) {
        int other = dwarf == GREEN_DIGGER ? BLUE_DOOR : dwarf == BLUE_DIGGER ? GREEN_DOOR : 0;
        // min(places, key=(reach, random)): one draw a card, the first smallest kept.
        uint32_t best = places[0];
        int best_reach = 0;
        double best_draw = 0.0;
        for (size_t i = 0; i < places.size(); ++i) {
            int face = lying_face(t, places[i]);
            bool bad = !s.tunnels_of(face) || (other && s.door_of(face) == other);
            int near = reach(s, face, cell_of(places[i]), gx, gy) + (bad ? 20 : 0);
            double draw = rng.uniform();
            if (i == 0 || near < best_reach || (near == best_reach && draw < best_draw))
                best = places[i], best_reach = near, best_draw = draw;
        }
        rng.uniform();  // the Python policy judges the best card once more, drawing again
        if (best_reach < 20 && rng.uniform() < 0.9) return best;
    } else if (dwarf == SABOTEUR) {
        chosen.clear();  // the blockers: cards without a tunnel
        for (uint32_t code : places)
            if (!s.tunnels_of(lying_face(t, code))) chosen.push_back(code);
        if (!chosen.empty() && rng.uniform() < 0.8) {
            uint32_t best = chosen[0];
            double nearest = 0.0;
            for (size_t i = 0; i < chosen.size(); ++i) {
                double near = static_cast<double>(manhattan(cell_of(chosen[i]), gx, gy)) + rng.uniform();
                if (i == 0 || near < nearest) best = chosen[i], nearest = near;
            }
            return best;
        }
        if (!breaks.empty() && rng.uniform() < 0.7) return pick(breaks, rng);
        if (!falls.empty() && rng.uniform() < 0.5) {
            uint32_t best = falls[0];
            for (uint32_t code : falls)
                if (manhattan(cell_of(code), gx, gy) < manhattan(cell_of(best), gx, gy)) best = code;
            return best;
        }
    } else if (dwarf == GEOLOGIST) {
        chosen.clear();
        for (uint32_t code : places)
            if (s.crystal_of(lying_face(t, code))) chosen.push_back(code);
        if (!chosen.empty()) return pick(chosen, rng);
    }
    if (!discards.empty() && rng.uniform() < 0.85) return pick(discards, rng);
    if (pass >= 0) return static_cast<uint32_t>(pass);
    return pick(moves, rng);
}

Saboteur2Outcome play_out_saboteur2(Round round, const Saboteur2Tables& s, const int* pieces, int64_t first,
                                    uint64_t seed, int limit, std::vector<uint32_t>* trace) {
    static std::vector<uint32_t> moves;  // calls into the core hold the GIL: never shared
    if (first >= 0) round.apply(static_cast<uint32_t>(first));
    SplitMix rng{seed};
    int played = 0;
    while (round.phase != ENDED && played < limit) {
        round.legal(moves);
        if (moves.empty()) break;
        uint32_t code = saboteur2_choice(round, s, moves, rng);
        round.apply(code);
        if (trace) trace->push_back(code);
        ++played;
    }
    Saboteur2Outcome outcome{round.phase == ENDED, played, {}};
    if (!outcome.ended) {
        outcome.round_gold.assign(round.players, 0);
        return outcome;
    }
    Saboteur2Pay pay = pay_saboteur2(round, s, pieces);
    for (const auto& theft : pay.thefts) {
        if (trace) trace->push_back(aimed(STEAL, 0, theft.second));
        ++outcome.moves;
    }
    outcome.round_gold = std::move(pay.round_gold);
    return outcome;
}

}  // namespace sab
