"""Evidence for a change: values that show what it refuses (witness.py), and the engine
that attaches them to a report's BREAKING schema findings (attach.py).

May import: the values, ``patterns`` and the lint's schema walks (``checks``); never the
policy or a renderer.
"""
