"""cardgen: card games as data. Validate, simulate, print and translate tabletop card games."""

__version__ = "0.1.0"
