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

#: Deepest recursion the schema walker follows before it stops descending and
#: reports the remaining difference through the completeness net.
MAX_WALK_DEPTH = 128
