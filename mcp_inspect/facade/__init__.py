"""The parts behind the two facades: what ``api.py`` re-exports beside its own diff and lint
(the settings a command's options and the configuration make, ``settings``; the snapshot
store, ``store``; the writing of approvals, ``approvals``; a server's history,
``history``), and what the HTTP service reads and answers as inline JSON (``service``:
request bodies, inline surfaces and configurations, rule listings). The library's one
public module stays ``api.py``; these modules are its pieces, grouped by what they do.

May import: every layer up to the history (``timeline``); never ``api`` itself, a front end
(``cli``, ``serve``) or ``drift``.
"""
