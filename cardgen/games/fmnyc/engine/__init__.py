"""The Free Market: NYC rules engine: ``Game`` (game.py) plays the data of cards/fmnyc through
the shared decision-point driver (``cardgen.sim.driver``)."""
