"""The optional model review (``--llm``): a language model's opinion of each tool definition
(``lint``) or of each changed description (``diff``), beside the findings and never one.

- ``settings``: what the review is asked to do (provider, model, endpoint, limits), and the
  names of every setting, for a front end that must refuse them;
- ``prompts``: the fixed prompts, with the untrusted definition as a JSON data block;
- ``answers``: the answer's schema, and the validation that turns text into an opinion;
- ``cache``: answers kept on disk, keyed by what was asked and of whom;
- ``providers``: one adapter per provider around its official client, imported lazily;
- ``review``: the run: a bounded pool of requests, the cache, the counts.

Nothing here changes a finding, a severity or the gate: the results go to ``Report.llm``.
docs/llm.md describes the feature for users.

May import: the values (``errors``, ``findings``, ``limits``, ``model``); the providers'
clients only inside ``providers``.
"""
