"""The lint: checks of one surface (the MCP-0xx family and the validator's families), client
profiles and token costing.

``engine.lint_tools`` runs the checks of ``rules/`` over a tool list; the API (api.py)
makes reports of it and the policy pass (policy.py) applies the configuration.

May import: the values (``catalogue``, ``errors``, ``findings``, ``limits``, ``model``,
``patterns``, ``text``) and ``snapshot``; never a differ, the configuration or a renderer.
"""
