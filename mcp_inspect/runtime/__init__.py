"""The plumbing around a run, whatever it computes: the process itself (interpreter
settings, signals, the way out: ``process``), the status line of a long step on a terminal
(``phases``), the one executor that puts a second computation on another core
(``executor``), and the safe writing of the files a command produces (``files``: a temporary
file renamed into place, never through a symbolic link or into a special file, and the lock a
read-check-write of a file other runs may change at the same time holds).

May import: the standard library, ``errors`` and ``limits`` only, so that any layer can use it.
"""
