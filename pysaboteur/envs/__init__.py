"""Learning environments: Saboteur for PettingZoo and OpenSpiel.

- :mod:`.actions`: the fixed integer action space (needs NumPy).
- :mod:`.tensors`: the observation tensor of a seat (needs NumPy).
- :mod:`.saboteur_v0`: the PettingZoo AEC environment (the ``envs`` extra).
- :mod:`.openspiel_game`: the OpenSpiel game ``python_saboteur`` (the
  ``openspiel`` extra); importing it registers the game with ``pyspiel``.

Saboteur 2 (``docs/envs.md``, "Saboteur 2"), module by module the same:

- :mod:`.actions_saboteur2`, :mod:`.tensors_saboteur2`: its action space and observation tensor.
- :mod:`.saboteur2_v0`: the PettingZoo AEC environment.
- :mod:`.openspiel_saboteur2`: the OpenSpiel game ``python_saboteur2``, registered
  with ``pyspiel`` on import.

The Duel (``docs/envs.md``, "Saboteur: The Duel"), the same again, each made from
the deck (a deck file, or the shipped provisional deck):

- :mod:`.actions_duel`, :mod:`.tensors_duel`: its action space and observation tensor.
- :mod:`.saboteur_duel_v0`: the PettingZoo AEC environment.
- :mod:`.openspiel_duel`: the OpenSpiel game ``python_saboteur_duel``, registered
  with ``pyspiel`` on import.

The modules are imported on demand, so that each works with only its own extra.
"""
