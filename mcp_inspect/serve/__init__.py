"""``mcp-inspect serve``: the lint and the diff as an HTTP service (docs/serve.md).

A front end beside the CLI: it calls ``mcp_inspect.api`` and nothing below it. Importing
this package imports neither the web framework nor the server; ``serve`` does, and only
when the command runs, so no other command pays for them (they come with the ``serve``
extra: ``pip install 'mcp-inspect[serve]'``, or ``pip install '.[serve]'`` in a clone).

``inline`` turns a request's parsed body into the Snapshots, Configs and rule listings that
``api`` works on (surfaces and configurations come inline as JSON, never as paths).

May import: ``api``, ``config``, ``runtime`` and the values; ``inline`` also the readers below
them that a request's JSON needs (``snapshot``, ``live.config``, ``checks.tokens``, ``report``'s
rule listings).
"""

from __future__ import annotations

from .options import ServeOptions

#: What to install when the framework or the server is missing: from the package index, or
#: from a clone of the repository (where the index may not have the package at all).
INSTALL_HINT = "pip install 'mcp-inspect[serve]' (or '.[serve]' from a clone)"


def missing_dependency() -> str | None:
    """The name of the first missing package the service needs, else None."""
    import importlib.util

    for name in ("starlette", "uvicorn"):
        try:
            if importlib.util.find_spec(name) is None:
                return name
        except (ImportError, ValueError):  # a broken install, or a module set to None
            return name
    return None


def serve(options: ServeOptions) -> None:
    """Run the service until SIGTERM (``server.run``)."""
    from .server import run

    run(options)


__all__ = ["INSTALL_HINT", "ServeOptions", "missing_dependency", "serve"]
