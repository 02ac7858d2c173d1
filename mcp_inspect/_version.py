"""The version, in a module of its own: anything may import it without importing the API."""

__version__ = "0.2.0"
