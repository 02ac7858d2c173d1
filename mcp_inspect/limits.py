"""Every bound on work that hostile input could otherwise make unbounded.

One module so that docs/limits.md and the tests that exceed each limit have a
single place to read from.
"""

#: Largest input file (or stdin document) read, in bytes.
MAX_INPUT_BYTES = 64 * 1024 * 1024

#: Deepest nesting of arrays/objects accepted in an input document.
MAX_NESTING_DEPTH = 256

#: Largest number of nodes (objects, arrays, scalars) a YAML document may expand
#: to once aliases are followed; guards against "billion laughs" documents.
MAX_YAML_NODES = 2_000_000

#: Largest number of nodes a single schema may have once local ``$ref``s are
#: inlined; a chain of definitions that each reference the next twice would
#: otherwise grow exponentially. The largest real schema in the corpus has 88.
MAX_CANONICAL_NODES = 50_000

#: Nodes that inlining local ``$ref``s may add across all the schemas of one surface: many
#: schemas each just under MAX_CANONICAL_NODES would otherwise take minutes.
MAX_INLINED_NODES = 500_000

#: Deepest nesting of a schema once its local ``$ref``s are inlined (each inlining can
#: add depth beyond what the document itself had).
MAX_SCHEMA_DEPTH = MAX_NESTING_DEPTH + 64

#: Deepest recursion the schema walker follows before it stops descending and
#: reports the remaining difference through the completeness net.
MAX_WALK_DEPTH = 128

#: Nodes read outward from a property added in a subschema applied in place (an allOf,
#: anyOf or oneOf branch, a then, an else, each maybe inside another) for what held its
#: name: each such node, and the one holding it, holds the name beside the property (else
#: the unevaluatedProperties of the nearest one that has it, nothing on the way evaluating it;
#: and whether one of them requires the name, which every call then sends). A tuple position
#: declared there on one side only is read outward as far, for the unevaluatedItems that takes it.
MAX_ENCLOSING_LEVELS = 16

#: The interpreter's recursion limit while mcp-inspect works (at least; never lowered). A
#: schema nested to the limits above recurses further than Python's default 1,000 allows,
#: and with that default the same input could give another result when called from deeper in
#: a stack: a recursion error caught inside the prose grader or the witness search changes
#: what they say (found by the order fuzz test under a test runner's deeper stack).
RECURSION_LIMIT = 10_000

# --- files a command changes (mcp_inspect/runtime/files.py) ----------------------

#: Seconds a run waits for the lock of a file another run is changing (the snapshot store's
#: index, the ``.mcp-inspect.yml`` that ``approve`` edits, the lock file ``check --update``
#: rewrites) before it gives up with one line of error. Each run holds the lock only while it
#: reads, checks and writes that file, milliseconds even for a large store, so only a run that
#: hangs while holding it (its disk, say) makes another wait this long.
FILE_LOCK_WAIT_SECONDS = 30.0

# --- live capture (mcp_inspect/live/) -------------------------------------

#: Seconds a capture waits for any one operation (starting the server, one request
#: and its answer) unless ``--timeout`` says otherwise.
DEFAULT_TIMEOUT_SECONDS = 30.0

#: Largest ``--timeout`` accepted (a day): past some size a deadline no longer fits a
#: timestamp (``1e300``, ``inf``), and no single operation of a capture needs longer.
MAX_TIMEOUT_SECONDS = 86_400.0

#: Largest configuration file (``.mcp-inspect.yml``): a hand-written file of tens of thousands
#: of ignore entries fits, and a larger one would take seconds for each of its YAML parse,
#: line index and schema check.
MAX_CONFIG_BYTES = 1024 * 1024

#: Longest error or warning line on stderr, in characters: messages quote what they
#: refuse (a rule id, a name), which can be of any length; the rest is cut.
MAX_MESSAGE_CHARS = 1000

#: Most pages read from one list method; a server that keeps returning a
#: ``nextCursor`` past this is treated as looping and the capture fails. Real servers
#: page small (5,000 resources in pages of 50 is 100 pages), so the bound is generous:
#: a repeated cursor, MAX_CAPTURE_BYTES and the timeout already stop a looping or
#: flooding server sooner.
MAX_LIST_PAGES = 10_000

#: Seconds one capture may take in all (the era probe and every page of every list), or
#: CAPTURE_DEADLINE_TIMEOUTS times ``--timeout`` when that is longer. Each operation has its own
#: timeout, so a server answering every page just in time, each with a new cursor and nothing
#: else, held a capture for MAX_LIST_PAGES timeouts per list (hours); a real server's lists take
#: seconds. Past it the capture fails, naming the list and the page it was reading.
CAPTURE_DEADLINE_SECONDS = 600.0
CAPTURE_DEADLINE_TIMEOUTS = 10

#: Resumes of one request's SSE stream (a GET with ``Last-Event-ID``), when its server closes
#: it after an event id without answering, as 2025-11-25 allows (SEP-1699, "SSE polling"):
#: a server that closes every resumed stream again, each after a new id, is polled no more
#: than this; the request's timeout and the capture deadline bound the time they take.
MAX_SSE_RESUMES = 100

#: Longest SSE event id, in bytes, sent back in a ``Last-Event-ID`` header to resume a stream:
#: an id is a cursor, and a server that hands out megabytes of one fails here, in one clear
#: line, rather than on the refusal of an oversized header (hostile trial, round 31).
MAX_SSE_EVENT_ID_BYTES = 1024

#: Largest single message read from a server, in bytes: one HTTP response body
#: (JSON or the whole SSE stream up to our answer) or one stdio line.
MAX_RESPONSE_BYTES = 10 * 1024 * 1024

#: Most bytes read from one server over a whole capture (every response, page, notification
#: and blank line, stdio or HTTP): each message is bounded, but many pages of 9 MB each
#: would not be. The same as MAX_INPUT_BYTES, so a live surface can be no larger
#: than a file could be.
MAX_CAPTURE_BYTES = MAX_INPUT_BYTES

#: Lines of a stdio server's stderr kept (the most recent ones) to explain a failure.
STDERR_TAIL_LINES = 20

#: Characters of a kept stderr line; a longer line is cut.
STDERR_LINE_CHARS = 500

#: Characters of the stderr tail quoted in a capture error message.
STDERR_MESSAGE_CHARS = 600

#: Seconds a stdio server gets to exit by itself once its stdin is closed (the polite
#: end of a capture), before its process group is sent SIGTERM.
STDIN_CLOSE_GRACE_SECONDS = 1.0

#: Seconds between SIGTERM and SIGKILL when a stdio server's process group is ended.
KILL_GRACE_SECONDS = 2.0

#: Server-to-client messages (requests and notifications) answered or skipped while
#: waiting for one response before the server is treated as flooding the client.
MAX_INTERLEAVED_MESSAGES = 10_000

#: Lines on a stdio server's stdout that are not JSON at all (a start-up banner, a log line)
#: skipped over one capture, as the SDK clients skip them, and the bytes they may hold in all;
#: one more line, or one past the bytes, ends the capture as a server that does not speak
#: JSON-RPC.
MAX_SKIPPED_STDOUT_LINES = 100
MAX_SKIPPED_STDOUT_BYTES = 64 * 1024

#: Changed branches of one allOf/anyOf/oneOf are paired by likeness, which weighs every
#: old branch against every new one. Past this many weighings (100 changed branches a
#: side) they are not paired: the old ones are reported lost and the new ones gained.
MAX_BRANCH_PAIRS = 10_000

#: A patternProperties key only one side has is read against every key of the other side
#: for the names they may share (patterns.inclusion): past this many pairs over one object
#: (20 keys a side) a key's names are taken to be governed by additionalProperties alone.
MAX_OVERLAPPING_PATTERN_PAIRS = 400

#: A changed ``multipleOf`` where either step is not an integer is ordered (tightened,
#: loosened) only when none of the first this many multiples of the narrower step fails the
#: wider one's test as jsonschema divides (``0.35 / 0.001`` is ``349.99999999999994``): past
#: it the ordering stands untested.
MAX_MULTIPLES_TRIED = 1_000

#: The canonical form closes ``dependentRequired`` (a requires b, b requires c: a requires c
#: too) while the entries times the names they ask for stay within this; past it the
#: entries are kept as written (a closure is quadratic in them).
MAX_DEPENDENT_CLOSURE = 10_000

#: Prose longer than this (either side, in characters) skips the word-level diff,
#: which is quadratic; any token difference is then POTENTIALLY_BREAKING.
MAX_PROSE_CHARS = 20_000

#: MCP-020 reads at most this many characters of one piece of tool text (a description,
#: a title, an enum value). Its normalisation folds compatibility characters, and one
#: character can become eighteen, so an unbounded piece meant unbounded time and memory.
#: A longer piece (some 25,000 tokens, past anything a tool needs to say) is itself
#: reported: what lies beyond the limit was not read.
MAX_LINT_TEXT_CHARS = 100_000

#: More token insertions plus deletions than this is a rewrite: the prose diff stops.
MAX_EDIT_TOKENS = 100

#: The word-level diff shown for a prose change (text/diff.py) weighs every changed word of
#: one side against every changed word of the other, after the words both texts start and
#: end with are set aside. Past this many weighings (500 changed words a side) the changed
#: middle is shown as deleted and inserted whole: difflib takes seconds on a long,
#: repetitive description, and a diff must not take that long on hostile text.
MAX_WORD_DIFF_PAIRS = 250_000

#: Longer words are never considered typos (bounds the edit-distance table).
MAX_TYPO_WORD_CHARS = 64

#: Longest ``pattern`` (or ``patternProperties`` key) from a surface that the lint runs (on
#: RE2, mcp_inspect/patterns/ecma.py); a longer one is not run. RE2's time grows with the
#: text times the pattern's size: this bounds the second factor.
MAX_PATTERN_CHARS = 4_096

# --- recorded calls (mcp_inspect/recording/: record, diff --calls, replay) -----------

#: Longest line of a recording read (``--calls``, ``replay``), in bytes, unless
#: ``--calls-max-line-bytes`` (``calls_max_line_bytes``) says otherwise: a longer line is
#: skipped in bounded pieces and counted, never held whole (``--calls /dev/zero`` is one
#: endless line). The recording proxy passes request bodies of up to 32 MiB, so its own log
#: lines fit.
MAX_CALLS_LINE_BYTES = 64 * 1024 * 1024

#: Longest message the recording proxy's tap reads (a stdio line, an HTTP request or
#: response body kept for it); a longer one is still forwarded whole, but not read, so its
#: call is logged unanswered. The HTTP proxy refuses a larger request body (413).
RECORD_MAX_MESSAGE_BYTES = 32 * 1024 * 1024

#: Bytes of answers the tap keeps for requests it has not seen (yet): an answer may pass
#: before its call is read, and answers to ids nobody asked for would otherwise pile up
#: (a thousand of 1 MB each held a gigabyte); past it the oldest are dropped.
RECORD_MAX_EARLY_BYTES = 16 * 1024 * 1024

#: Distinct tool names and distinct client names a replay counts apart, each; the calls of
#: every further name are counted together under ``(other)`` and the report says how many
#: names were folded. A tool either surface has is always counted under its own name.
MAX_CALLS_NAMES = 1_000

# --- pin and check (mcp_inspect/drift/) ---------------------------------------

#: Servers of an mcp.json that ``pin`` and ``check`` capture at once.
DRIFT_CONCURRENCY = 4

#: Seconds ``pin`` and ``check`` give the captures of all the servers together: a capture
#: starting with less left gets only what is left for each of its steps, and a server not
#: started by then is reported as not captured. Fifty servers that hang used to take 27
#: minutes, one timeout after another.
DRIFT_DEADLINE_SECONDS = 300.0

# --- the service (mcp-inspect serve, mcp_inspect/serve/) ------------------

#: Largest request body the service reads unless ``--max-body-bytes`` says otherwise. A body
#: declaring more is refused before any of it is read; one sent in chunks, at the first chunk
#: past the limit. ``--max-body-bytes`` may go up to MAX_INPUT_BYTES.
SERVE_MAX_BODY_BYTES = 1024 * 1024

#: Most tool objects one surface of a request may hold (each side of a diff).
SERVE_MAX_TOOLS = 1_000

#: Seconds from a request's arrival to its answer unless ``--timeout`` says otherwise: the
#: body must arrive, a worker be free and the work be done within it; past it the worker
#: doing the work is killed and replaced.
SERVE_TIMEOUT_SECONDS = 10.0

#: Seconds a connection may take to deliver a complete request head (the request line and
#: headers), counted from its opening or, on a kept-alive connection, from the first byte of
#: the next request; past it the connection is closed without an answer. A shorter
#: ``--timeout`` shortens it too. A head is a few hundred bytes, so only a client holding the
#: connection on purpose (or a dead one) needs longer; without the limit a thousand such
#: clients would hold every connection the server allows.
SERVE_HEAD_TIMEOUT_SECONDS = 5.0

#: Requests in progress at once (reading their bodies, waiting for a worker, or computed);
#: one more is answered 503 at once instead of queueing without end.
SERVE_MAX_PENDING = 64

#: Requests in progress at once from one client (one IPv4 address, or one IPv6 /64 network,
#: which a single host is commonly given whole) unless ``--max-per-client`` says otherwise;
#: one more is answered 429 at once. So one client sending slow bodies holds at most this
#: many of SERVE_MAX_PENDING's places, not all of them. Behind a reverse proxy every request
#: comes from the proxy's address: raise it to SERVE_MAX_PENDING there (docs/serve.md).
SERVE_MAX_PER_CLIENT = 8

# --- the model review (mcp_inspect/llm/, --llm) ---------------------------------

#: Largest tool definition (or changed description with its two versions) sent to a model,
#: in characters of JSON. A larger one gets a per-tool error instead of a request: the
#: tokens would cost more than the opinion is worth, and a cut definition is not the tool.
MAX_REVIEW_DATA_CHARS = 60_000

#: Longest answer a model may give, in characters; a longer one is malformed. The answers
#: asked for fit in a few hundred; the requests also ask for few tokens.
MAX_ANSWER_CHARS = 32_768

#: Most seconds a provider's Retry-After may make its client wait before a retry; a longer
#: wait asked for is cut to this, so a provider cannot hold a run for hours.
MAX_RETRY_WAIT_SECONDS = 10.0

#: Largest cache entry read back, in bytes; a larger file is a miss (and is replaced).
MAX_CACHE_ENTRY_BYTES = 256 * 1024

# --- witnesses (mcp_inspect/evidence/) --------------------------------------

#: Most validations (one candidate against one schema) the witness search of one finding
#: tries: the change-guided candidates first, then the seeded random ones.
MAX_WITNESS_ATTEMPTS = 2_000

#: Of those, the most spent on seeded random candidates once the guided ones ran out.
MAX_WITNESS_RANDOM_ATTEMPTS = 100

#: Validations spent making a witness found smaller (evidence/shrink.py): each member the
#: change does not need dropped, each value left made the plainest of its type. Past it the
#: witness is shown as far as it was shrunk.
MAX_WITNESS_SHRINK_ATTEMPTS = 200

#: Validations the witness searches of one report may spend together; the findings past
#: it carry ``witness: null`` with a note saying the report's budget was spent. The budgets
#: that decide what a report says are counts, never seconds, so the same diff says the same
#: thing on a fast machine and on a loaded one. New-user trial, round 30: workspace-mcp 1.14.0
#: → 2.2.1 (195 searched findings) needed 21,497, and 20,000 left 51 breaks bare; a
#: validation takes about 70 µs there, so 60,000 costs at most some 4 s more.
MAX_WITNESS_TOTAL_ATTEMPTS = 60_000

#: Seconds the witness search of one finding may take, whatever its attempts: a safety
#: valve for a schema so large that each validation is slow, not a budget that ordinary
#: searches meet (the corpus's slowest needs about 0.1 s). A valve's trip depends on the
#: machine's load, and then a report differs run to run, so the counted budgets must end a
#: search long before it: a 500-branch union with 100 findings tripped the report's valve in
#: 3 runs of 5 (hostile trial, round 42) until the searches of a report shared each schema's
#: validator and answers (``candidates.Shared``); it now takes some 5 s in all, and the
#: valves stay where they were, since a gate's time must stay bounded.
MAX_WITNESS_SECONDS = 5.0

#: Seconds the witness searches of one report may take together, likewise a safety valve.
MAX_WITNESS_TOTAL_SECONDS = 30.0

#: Values a candidate may hold as it would be sent (``_size``: a repeated item counted at each
#: place). A candidate past it is not built (evidence/candidates/). The corpus's largest witness
#: holds 29, and an array at MAX_WITNESS_ITEMS of small objects fits; validating or
#: serialising one at the bound takes milliseconds.
MAX_CANDIDATE_VALUES = 10_000

#: Deepest nesting a witness candidate is built to (a recursive schema ends there).
MAX_WITNESS_DEPTH = 12

#: The ``if``s of one object whose boundary its witness candidates are built on, per side: its
#: own and those nested in its ``then``, ``else`` and ``allOf`` entries at any depth, those on
#: the route the finding's path takes first, then shallowest first (evidence/candidates/). A
#: ``then`` that refers back to its object nests without end, and a ``then`` and an ``else`` at
#: each level double the routes at each level.
MAX_WITNESS_CONDITIONS = 16

#: Longest string a witness candidate holds: a bound past a larger maxLength is not tried.
MAX_WITNESS_STRING = 4_096

#: Most times a string sampled from a pattern repeats a quantified item (evidence/samples.py):
#: a count past it written in either pattern is not tried, and no repetition grows past
#: MAX_WITNESS_STRING characters. A slug's ``{1,64}`` and a name's ``{1,255}`` are tried.
MAX_SAMPLED_REPEAT = 1_000

#: Longest array a witness candidate holds: a bound past a larger maxItems is not tried.
MAX_WITNESS_ITEMS = 1_000


def allow_deep_schemas() -> None:
    """Raise the interpreter's recursion limit to ``RECURSION_LIMIT`` if it is lower (the
    command line, each service worker and the library's entry points call it)."""
    import sys

    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)

#: Source locating (``diff --source-root``, docs/source.md): the source files one scan reads at
#: most (a tree with more is read up to this many, in path order, and says so), and the size
#: above which a file is skipped (a generated bundle or a vendored blob, not a registration).
MAX_SOURCE_FILES = 20_000
MAX_SOURCE_FILE_BYTES = 1024 * 1024
#: The bytes of source one scan parses at most, over all its files: parsing costs about a second
#: a MiB, and only files that mention a name the report needs are parsed, yet a tree of files
#: that all mention it (a hostile trial's 50 files of 1 MiB took 80 s) would otherwise take
#: hours; past it the files left are not parsed, and a warning says so.
MAX_SOURCE_PARSE_BYTES = 8 * 1024 * 1024

#: Entries of a history's folder named like snapshots that are not read, each said in a warning
#: line of its own (a dangling link such as a git-annex file whose content is absent, a named
#: pipe, a folder): past this many, one more line counts the rest, so a folder of thousands of
#: them does not bury the report's other warnings.
MAX_SKIPPED_ENTRY_WARNINGS = 10

#: The most digits a version number (a release note's SemVer part, a history tag's run of
#: digits) is read with as a number: past it the version does not compare (release notes) or
#: orders as text (history). Python refuses to convert more than 4,300, and no real version
#: comes near this.
MAX_VERSION_DIGITS = 100
