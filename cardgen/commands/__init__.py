"""One module per command; each has ``register(app)``."""
