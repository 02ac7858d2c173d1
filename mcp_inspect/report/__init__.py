"""Pure renderers, one module per format (text, json_report, sarif, markdown, github, html, junit, gitlab),
each a function of a Report (or the reports of several servers) and nothing else; render.py
picks one. A history's timeline (history, history_html), the release notes, and the rule
and store listings are rendered here too. The shared pieces: phrases (wording several
formats share), grouping, ids, budget (what fits a comment), console and json_text (output
plumbing); untrusted text is made inert by ``text.escape``.

May import: the values, ``snapshot`` (its value helpers and the store's entries), where a
source lies (``sources.locations``) and the lint's folding table (``checks``); never the
policy, the history's builder or the API: a Report arrives decided.
"""
