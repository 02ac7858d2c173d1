"""Model answers kept on disk, so that asking again about the same text costs nothing.

One small JSON file per answer under ``<cache>/llm/``, named by a hash of what was asked:
the kind of question, the provider, the model, the prompt version and the exact data sent.
``<cache>`` is ``$MCP_INSPECT_CACHE_DIR``, else the user's cache directory
(``platformdirs.user_cache_dir("mcp-inspect")``).

The cache is a convenience and nothing more: an entry that cannot be read, is too large,
is not JSON, names another question or holds an answer that fails validation is a miss,
never an error; a write that fails is skipped. Writes go to a temporary file renamed into
place, so a reader never sees half an entry. Only validated answers are written, and the
caller validates what it reads back again (the file may have been edited since). Nothing
that decides a severity or the gate reads it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..limits import MAX_CACHE_ENTRY_BYTES

CACHE_VARIABLE = "MCP_INSPECT_CACHE_DIR"
#: The layout of an entry; a file of another version is a miss.
ENTRY_VERSION = 1


def cache_root() -> Path:
    """Where mcp-inspect keeps its caches: ``$MCP_INSPECT_CACHE_DIR``, else the user's cache directory."""
    given = os.environ.get(CACHE_VARIABLE)
    if given:
        return Path(given)
    import platformdirs  # the llm extra; only a review that uses the cache needs it

    return Path(platformdirs.user_cache_dir("mcp-inspect"))


def question_key(kind: str, provider: str, model: str, prompt_version: str, data: str) -> str:
    """The name of the answer to one question: a hash of everything that could change it."""
    said = json.dumps([ENTRY_VERSION, kind, provider, model, prompt_version, data], ensure_ascii=True)
    return hashlib.sha256(said.encode("ascii")).hexdigest()


class AnswerCache:
    def __init__(self, root: Path) -> None:
        self.folder = root / "llm"

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def get(self, key: str, kind: str, provider: str, model: str, prompt_version: str) -> str | None:
        """The answer kept for ``key`` as JSON text (to be validated again), or None."""
        try:
            with open(self._path(key), "rb") as handle:
                raw = handle.read(MAX_CACHE_ENTRY_BYTES + 1)
        except OSError:
            return None
        if len(raw) > MAX_CACHE_ENTRY_BYTES:
            return None
        try:
            entry = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            return None
        expected = {"version": ENTRY_VERSION, "kind": kind, "provider": provider, "model": model,
                    "promptVersion": prompt_version}
        if not isinstance(entry, dict) or any(entry.get(k) != v for k, v in expected.items()):
            return None
        if "answer" not in entry:
            return None
        return json.dumps(entry["answer"])

    def put(self, key: str, kind: str, provider: str, model: str, prompt_version: str,
            answer: dict[str, Any]) -> None:
        """Keep a validated answer; a failure to write is ignored (the next run asks again)."""
        entry = {"version": ENTRY_VERSION, "kind": kind, "provider": provider, "model": model,
                 "promptVersion": prompt_version, "answer": answer}
        temporary = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=self.folder, prefix=".writing-",
                                             suffix=".json", delete=False) as handle:
                temporary = handle.name
                json.dump(entry, handle, ensure_ascii=True, sort_keys=True)
            os.replace(temporary, self._path(key))
            temporary = None
        except OSError:
            pass
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
