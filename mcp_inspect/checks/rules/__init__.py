"""The checks, one module per concern; the engine imports every module of this package."""
