"""The training example runs: a couple of rounds, one update, an evaluation, a plot."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("torch")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_miners.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_miners", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_training_loop_runs_and_plots_its_curve(tmp_path: Path) -> None:
    example = load_example()
    config = example.Config(minutes=1.0, max_rounds=2, batch_rounds=2, curve_games=0, plot=None)
    _, curve = example.train(config)
    assert len(curve.training) == 1 and curve.training[0][0] == 2  # one update, two rounds
    curve.evaluations = [(0, example.wilson(0, 3)), (2, example.wilson(1, 3))]
    curve.baseline = example.evaluate(None, 1)  # one game: three rounds of random miners
    assert curve.baseline.trials == 3
    curve.final = example.wilson(2, 3)
    example.plot(curve, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").stat().st_size > 10_000


def test_the_policy_gives_illegal_ids_no_chance() -> None:
    import numpy as np
    import torch

    from pysaboteur.envs import saboteur_v0

    example = load_example()
    env = saboteur_v0.env(players=example.PLAYERS)
    env.reset(seed=0)
    observation, *_ = env.last()
    policy = example.Policy(example.PLAYERS)
    logits, value = policy(
        torch.from_numpy(observation["observation"])[None],
        torch.from_numpy(observation["action_mask"])[None],
    )
    probabilities = torch.softmax(logits, 1)[0].detach().numpy()
    legal = observation["action_mask"].astype(bool)
    assert logits.shape == (1, len(legal)) and value.shape == (1,)
    assert probabilities[~legal].sum() == 0.0
    assert np.isclose(probabilities[legal].sum(), 1.0)
