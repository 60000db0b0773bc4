"""The terminal front end: ``saboteur play`` against bots and ``saboteur replay`` of records.

Everything drawn comes from observations (:mod:`pysaboteur.rules.observation`),
never from the game itself, so the terminal cannot show what a seat may not know.
"""
