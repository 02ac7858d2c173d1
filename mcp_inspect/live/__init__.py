"""The live client: JSON-RPC over stdio, Streamable HTTP and HTTP+SSE, and the protocol-era
probe. ``client.capture`` captures one server, in one pass: it opens the transport that
reaches the server (``transports``: stdio, Streamable HTTP, HTTP+SSE, or auto's Streamable
HTTP that falls back to HTTP+SSE), hands it to a ``session.Conversation`` that negotiates
the era once and lists the surface, and builds the snapshot. Each transport owns its policy
for a failure (``renewed``: a fresh process or stream asked only ``initialize``;
``fallback``: another transport), so the conversation asks rather than decides.

May import: the values (``errors``, ``limits``, ``model``, ``text``) and ``snapshot``.
"""
