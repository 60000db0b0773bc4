"""Learning environments: Saboteur for PettingZoo and OpenSpiel.

- :mod:`.actions`: the fixed integer action space (needs NumPy).
- :mod:`.tensors`: the observation tensor of a seat (needs NumPy).
- :mod:`.saboteur_v0`: the PettingZoo AEC environment (the ``envs`` extra).
- :mod:`.openspiel_game`: the OpenSpiel game ``python_saboteur`` (the
  ``openspiel`` extra); importing it registers the game with ``pyspiel``.

The modules are imported on demand, so that each works with only its own extra.
"""
