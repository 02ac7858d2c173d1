"""The checks, one module per concern; the engine imports every module of this package.

May import: the engine's registry and views (``checks``) and the values below them.
"""
