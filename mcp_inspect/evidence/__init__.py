"""Evidence for a change: the search for a value that shows what it refuses (search.py,
judging the candidates candidates/ builds at the place places.py reads, and shrinking the
one found with shrink.py), its answer with the reasons none can exist (witness.py), and the engine that attaches the
answers to a report's BREAKING schema findings (attach.py).

May import: the values, ``patterns`` and the lint's schema walks (``checks``); never the
policy or a renderer.
"""
