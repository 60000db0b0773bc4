#!/usr/bin/env python
"""Teach the miners of 4-player Saboteur to beat random saboteurs.

A masked policy gradient (PPO) on the PettingZoo environment, on one CPU core:

    pip install "pysaboteur[learn]"
    python examples/train_miners.py                        # about 11 minutes in all
    python examples/train_miners.py --minutes 1 --eval-games 20   # a quick look

One network plays every miner's seat (the seats share it, so the miners learn
together); every saboteur's seat is played by the ``random`` bot.  Episodes are
rounds (``episode="round"``, ``reward="win"``: +1 to the winning team, -1 to
the other).  Random miners almost never reach the gold, so a round's result
alone says nothing at first.  Reward shaping credits each miner's move with
how much it helped the seat dig, 0.2 per card: the cards by which a path card
or rockfall brought the start network nearer the gold (as the seat's
observation shows the maze and the goals it knows; negative when it blocks),
and one card for each of the seat's own tools it mended (minus one for each it
broke: a miner with a broken tool cannot dig).  The result that counts is
measured without shaping: how often the miners win the round, greedy policy
against the same random saboteurs on the same deals as random miners.

The network reads the observation tensor as the docs lay it out: the maze
planes go through a small convolutional net whose per-cell outputs are the
logits of the placement and rockfall ids (one channel per lying shape, one for
rockfall), and everything else goes through a linear layer that also gives the
logits of the remaining ids and the value.  Illegal ids get a logit of -1e9.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from pysaboteur.arena.stats import Proportion, wilson
from pysaboteur.bots import make_bot
from pysaboteur.bots.maze_view import (
    average_distance,
    goal_distances,
    observed_gold_chances,
    observed_maze,
)
from pysaboteur.envs import saboteur_v0
from pysaboteur.envs.actions import (
    CELLS,
    HEIGHT,
    MAP_START,
    PLACE_SHAPES,
    WIDTH,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
    action_count,
)
from pysaboteur.envs.tensors import MAZE_PLANES, ObservationEncoder

PLAYERS = 4
SHAPING = 0.2  # reward per card of digging a miner's own move helped (progress_view)
EVALUATION_SEED = 1_000_000  # evaluation deals never meet training ones


@dataclass
class Config:
    minutes: float = 10.0  # training time
    max_rounds: int | None = None  # or stop after this many rounds (tests)
    batch_rounds: int = 16  # rounds played between updates
    epochs: int = 3  # passes over each batch
    minibatch: int = 256  # decisions per gradient step
    clip: float = 0.2  # PPO's clipping of the probability ratio
    learning_rate: float = 1e-3  # at the start; it falls linearly with the time left
    entropy: float = 0.01
    eval_games: int = 200  # games (3 rounds each) of the final evaluation
    curve_games: int = 20  # games of each evaluation along the way (0: none)
    curve_every: float = 60.0  # seconds between them
    seed: int = 0
    plot: Path | None = Path("learning-curve.png")
    save: Path | None = None  # where to save the trained policy's weights


class Policy(nn.Module):
    """Logits over every id of the action space, and a value, from observation vectors."""

    def __init__(self, players: int, channels: int = 32, hidden: int = 128) -> None:
        super().__init__()
        encoder = ObservationEncoder(players)
        self.maze_size = len(MAZE_PLANES) * CELLS  # the maze block comes first
        self.embed = nn.Sequential(nn.Linear(encoder.size - self.maze_size, hidden), nn.ReLU())
        self.condition = nn.Linear(hidden, channels)  # what the hand and table say, per channel
        # Convolutions do not know where a cell is, and the goals are far off to the east:
        # two more input planes hold each cell's x and y (scaled to about -1 .. 1).
        x = torch.arange(X_MIN, X_MAX + 1, dtype=torch.float32) / 8
        y = torch.arange(Y_MIN, Y_MAX + 1, dtype=torch.float32) / 6
        self.register_buffer("where", torch.stack(torch.meshgrid(x, y, indexing="xy")))
        self.convs = nn.ModuleList(
            [nn.Conv2d(len(MAZE_PLANES) + 2, channels, 3, padding=1)]
            + [nn.Conv2d(channels, channels, 3, padding=1) for _ in range(3)]
        )
        # Place ids are shape-major over the window's cells, then rockfall's cells:
        # exactly a (shapes + 1, HEIGHT, WIDTH) map flattened.
        self.cell_head = nn.Conv2d(channels, len(PLACE_SHAPES) + 1, 1)
        self.other_head = nn.Linear(2 * channels + hidden, action_count(players) - MAP_START)
        self.value_head = nn.Linear(2 * channels + hidden, 1)

    def forward(
        self, observations: torch.Tensor, masks: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        maze = observations[:, : self.maze_size].view(-1, len(MAZE_PLANES), HEIGHT, WIDTH)
        maze = torch.cat([maze, self.where.expand(len(maze), -1, -1, -1)], dim=1)
        rest = self.embed(observations[:, self.maze_size :])
        h = torch.relu(self.convs[0](maze) + self.condition(rest)[:, :, None, None])
        for conv in self.convs[1:]:
            h = torch.relu(h + conv(h))
        pooled = torch.cat([h.mean(dim=(2, 3)), h.amax(dim=(2, 3)), rest], dim=1)
        logits = torch.cat([self.cell_head(h).flatten(1), self.other_head(pooled)], dim=1)
        return logits.masked_fill(masks == 0, -1e9), self.value_head(pooled).squeeze(1)


def distance_to_gold(observation: dict[str, Any]) -> float:
    """Cards the start network still needs to reach the gold, as the seat knows the goals."""
    maze = observed_maze(observation)
    return average_distance(goal_distances(maze), observed_gold_chances(observation))


def progress_view(observation: dict[str, Any], kind: str) -> float:
    """How far along the seat's digging is, in cards, as far as a move of ``kind`` can
    change it: minus the distance to the gold (path cards and rockfalls), minus the
    seat's own broken tools (broken tools and repairs: a miner with a broken tool
    cannot dig).  Other moves change neither."""
    if kind in ("place", "rockfall"):
        return -distance_to_gold(observation)
    if kind in ("break", "fix"):
        return -float(len(observation["broken"][observation["seat"]]))
    return 0.0


@dataclass
class Decision:
    observation: np.ndarray
    mask: np.ndarray
    action: int
    log_probability: float  # of the action, when it was chosen
    progress: float  # how much the move itself helped the seat dig, in cards (shaping)


@dataclass
class RoundPlayed:
    miners_won: bool
    decisions: list[Decision] = field(default_factory=list)
    result: float = 0.0  # the miners' reward from the environment: +1 or -1


def play_round(
    env: Any, policy: Policy | None, seed: int, greedy: bool, learn: bool
) -> RoundPlayed:
    """One round (one episode): miners played by ``policy`` (the random bot if None),
    saboteurs by the random bot.  Records the miners' decisions if ``learn``."""
    raw = env.unwrapped
    role_at = raw.encoder.block(np.arange(raw.encoder.size), "role")[1]  # the saboteur flag
    bots = [make_bot("random", seed * 10 + seat) for seat in range(PLAYERS)]
    played = RoundPlayed(miners_won=False)
    miner_rewards = []
    for agent in env.agent_iter():
        observed, reward, terminated, truncated, _ = env.last()
        seat = int(agent.rpartition("_")[2])
        saboteur = observed["observation"][role_at] == 1.0
        if terminated or truncated:
            if not saboteur:
                miner_rewards.append(reward)
            env.step(None)
            continue
        if saboteur or policy is None:
            env.step(raw.bot_action(bots[seat]))
            continue
        vector, mask = observed["observation"], observed["action_mask"]
        with torch.no_grad():
            logits, _ = policy(torch.from_numpy(vector)[None], torch.from_numpy(mask)[None])
        if greedy:
            action, log_probability = int(logits.argmax()), 0.0
        else:  # sampled among the legal ids only: much faster than over all of them
            legal = torch.from_numpy(np.flatnonzero(mask.view(np.bool_)))
            log_probabilities = torch.log_softmax(logits[0, legal], 0)
            choice = int(torch.multinomial(log_probabilities.exp(), 1))
            action, log_probability = int(legal[choice]), float(log_probabilities[choice])
        kind = raw.legal_actions()[action].kind
        before = progress_view(raw.seat_view(agent), kind) if learn else 0.0
        env.step(action)
        if learn:
            after = progress_view(raw.seat_view(agent), kind)
            played.decisions.append(Decision(vector, mask, action, log_probability, after - before))
    played.result = max(miner_rewards, default=-1.0)  # every miner gets the same
    played.miners_won = played.result > 0
    return played


def evaluate(policy: Policy | None, games: int) -> Proportion:
    """The miners' round wins on fixed deals: ``games`` games of three rounds."""
    env = saboteur_v0.env(players=PLAYERS, reward="win", episode="round")
    wins = rounds = 0
    for game in range(games):
        for number in range(3):
            env.reset(seed=EVALUATION_SEED + game if number == 0 else None)
            played = play_round(env, policy, (EVALUATION_SEED + game) * 3 + number, True, False)
            wins += played.miners_won
            rounds += 1
    return wilson(wins, rounds)


def update(
    policy: Policy, optimizer: torch.optim.Optimizer, batch: list[RoundPlayed], config: Config
) -> None:
    """Policy-gradient steps on a batch of rounds: PPO's clipped objective, the value as
    baseline, a few passes over the batch in minibatches."""
    decisions = [d for played in batch for d in played.decisions]
    if not decisions:
        return
    returns = torch.tensor(
        [played.result + SHAPING * d.progress for played in batch for d in played.decisions]
    )
    observations = torch.from_numpy(np.stack([d.observation for d in decisions]))
    masks = torch.from_numpy(np.stack([d.mask for d in decisions]))
    actions = torch.tensor([d.action for d in decisions])
    chosen_with = torch.tensor([d.log_probability for d in decisions])
    with torch.no_grad():
        _, values = policy(observations, masks)
    advantages = returns - values
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-6)
    for _ in range(config.epochs):
        for part in torch.randperm(len(decisions)).split(config.minibatch):
            logits, values = policy(observations[part], masks[part])
            distribution = torch.distributions.Categorical(logits=logits, validate_args=False)
            ratio = torch.exp(distribution.log_prob(actions[part]) - chosen_with[part])
            clipped = ratio.clamp(1 - config.clip, 1 + config.clip)
            gain = torch.min(ratio * advantages[part], clipped * advantages[part])
            loss = (
                -gain.mean()
                + 0.5 * nn.functional.mse_loss(values, returns[part])
                - config.entropy * distribution.entropy().mean()
            )
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
            optimizer.step()


@dataclass
class Curve:
    """The learning curve: win rate while training, and evaluations along the way."""

    training: list[tuple[int, float]] = field(default_factory=list)  # (rounds, win rate)
    evaluations: list[tuple[int, Proportion]] = field(default_factory=list)
    baseline: Proportion | None = None  # random miners, final evaluation
    final: Proportion | None = None  # trained miners, final evaluation


def train(config: Config) -> tuple[Policy, Curve]:
    """Play rounds and learn from them until the time (or the rounds) run out."""
    torch.manual_seed(config.seed)
    random.seed(config.seed)
    policy = Policy(PLAYERS)
    optimizer = torch.optim.Adam(policy.parameters(), lr=config.learning_rate)
    env = saboteur_v0.env(players=PLAYERS, reward="win", episode="round")
    env.reset(seed=config.seed)
    curve = Curve()
    if config.curve_games:
        curve.evaluations.append((0, evaluate(policy, config.curve_games)))
        print(f"rounds      0: greedy miners win {_show(curve.evaluations[-1][1])}")
    started = time.monotonic()
    next_curve = started + config.curve_every
    rounds = 0
    batch: list[RoundPlayed] = []
    while time.monotonic() - started < config.minutes * 60:
        if config.max_rounds is not None and rounds >= config.max_rounds:
            break
        if rounds:
            env.reset()  # the next round of the game, or a new game after the third
        batch.append(play_round(env, policy, config.seed * 1_000_003 + rounds, False, True))
        rounds += 1
        if len(batch) == config.batch_rounds:
            # The step size falls to a twentieth as the time runs out: a steadier last policy.
            left = 1 - (time.monotonic() - started) / (config.minutes * 60)
            for group in optimizer.param_groups:
                group["lr"] = config.learning_rate * max(left, 0.05)
            update(policy, optimizer, batch, config)
            curve.training.append((rounds, sum(p.miners_won for p in batch) / len(batch)))
            batch = []
        if config.curve_games and time.monotonic() >= next_curve:
            curve.evaluations.append((rounds, evaluate(policy, config.curve_games)))
            recent = [rate for _, rate in curve.training[-10:]]
            print(
                f"rounds {rounds:6d}: greedy miners win {_show(curve.evaluations[-1][1])}"
                f" · while training {np.mean(recent) if recent else 0:.0%}"
                f" · {time.monotonic() - started:.0f} s"
            )
            next_curve = time.monotonic() + config.curve_every
    if config.curve_games:
        curve.evaluations.append((rounds, evaluate(policy, config.curve_games)))
    return policy, curve


def _show(p: Proportion) -> str:
    return f"{p.rate:6.1%} [{p.low:.1%}, {p.high:.1%}] of {p.trials} rounds"


def plot(curve: Curve, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    if curve.training:
        x, y = zip(*curve.training, strict=True)
        window = 10
        smooth = np.convolve(y, np.ones(window) / window, mode="valid") if len(y) >= window else y
        label = "while training (sampled policy, moving average)"
        axes.plot(x[len(x) - len(smooth) :], smooth, color="tab:blue", alpha=0.6, label=label)
    rounds = [rounds for rounds, _ in curve.evaluations]
    proportions = [p for _, p in curve.evaluations]
    axes.errorbar(
        rounds,
        [p.rate for p in proportions],
        yerr=[[p.rate - p.low for p in proportions], [p.high - p.rate for p in proportions]],
        fmt="o-",
        color="tab:green",
        capsize=3,
        label="greedy policy, evaluation deals (95% Wilson)",
    )
    for proportion, name, colour in (
        (curve.final, "trained", "tab:green"),
        (curve.baseline, "random miners", "tab:red"),
    ):
        if proportion is not None:
            label = f"{name}: {proportion.rate:.1%} of {proportion.trials} rounds"
            axes.axhline(proportion.rate, color=colour, linestyle="--", label=label)
    axes.set_xlabel("rounds played while training")
    axes.set_ylabel("rounds the miners win")
    axes.set_ylim(-0.02, 1.02)
    axes.set_title("4 players: learned miners against random saboteurs")
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def main(argv: list[str] | None = None) -> Curve:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=Config.minutes)
    parser.add_argument("--eval-games", type=int, default=Config.eval_games)
    parser.add_argument("--curve-games", type=int, default=Config.curve_games)
    parser.add_argument("--curve-every", type=float, default=Config.curve_every)
    parser.add_argument("--max-rounds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, default=Config.plot, help="PNG of the curve")
    parser.add_argument("--save", type=Path, default=None, help="file for the policy's weights")
    arguments = parser.parse_args(argv)
    config = Config(
        minutes=arguments.minutes,
        max_rounds=arguments.max_rounds,
        eval_games=arguments.eval_games,
        curve_games=arguments.curve_games,
        curve_every=arguments.curve_every,
        seed=arguments.seed,
        plot=arguments.plot,
        save=arguments.save,
    )
    torch.set_num_threads(1)  # one core
    started = time.monotonic()
    policy, curve = train(config)
    print(f"trained in {time.monotonic() - started:.0f} s; evaluating on {config.eval_games} games")
    curve.baseline = evaluate(None, config.eval_games)
    curve.final = evaluate(policy, config.eval_games)
    print(f"random miners:  {_show(curve.baseline)}")
    print(f"trained miners: {_show(curve.final)}")
    print(f"margin: {curve.final.rate - curve.baseline.rate:+.1%} of rounds won")
    if config.save is not None:
        torch.save(policy.state_dict(), config.save)  # load with Policy(4).load_state_dict
    if config.plot is not None:
        plot(curve, config.plot)
        print(f"learning curve: {config.plot}")
    print(f"{time.monotonic() - started:.0f} s in all")
    return curve


if __name__ == "__main__":
    main()
