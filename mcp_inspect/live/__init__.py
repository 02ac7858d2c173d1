"""The live client: JSON-RPC over stdio, Streamable HTTP and HTTP+SSE, and the protocol-era
probe. ``client.capture`` captures one server; the other modules are its parts.

May import: the values (``errors``, ``limits``, ``model``, ``text``) and ``snapshot``.
"""
