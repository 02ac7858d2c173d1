"""JSON Schema keywords grouped by how a change to them is judged."""

# Model-visible text, graded by the prose measure (``PROSE_KEYWORDS``), and the keywords that
# describe a schema without constraining it (``ANNOTATION_KEYWORDS``): when a single schema
# is paired with a branch of a union, annotations the branch does not carry stay on the
# outer schema (they describe the whole value, as ``description`` beside ``anyOf`` does).
# Defined with the canonical form, which reads them too, as it reads the keywords that apply
# to values of one JSON type alone (``KEYWORDS_OF_TYPE``: what a type change carries, and what
# the canonical form drops beside a type that admits none of their values).
from ..snapshot.keywords import ANNOTATION_KEYWORDS as ANNOTATION_KEYWORDS
from ..snapshot.keywords import KEYWORDS_OF_TYPE as KEYWORDS_OF_TYPE
from ..snapshot.keywords import PROSE_KEYWORDS as PROSE_KEYWORDS

#: A larger value accepts fewer values.
LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains")
#: A smaller value accepts fewer values.
UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains")
#: Numeric bounds whose inclusive and exclusive spellings are one fact each: the lower
#: bound (value and whether it is excluded) and the upper bound.
NUMERIC_BOUNDS = {"minimum": ("minimum", "exclusiveMinimum"), "exclusiveMinimum": ("minimum", "exclusiveMinimum"),
                  "maximum": ("maximum", "exclusiveMaximum"), "exclusiveMaximum": ("maximum", "exclusiveMaximum")}
#: Added: tightened; removed: loosened; replaced: not orderable (constraint.changed).
EXACT_KEYWORDS = ("pattern", "format", "const", "contentEncoding", "contentMediaType")
#: One subschema; absent means "accept anything", so adding one tightens. ``then`` and
#: ``else`` apply to the values ``if`` sends their way, in the same direction as the schema.
SINGLE_APPLICATORS = (
    "additionalProperties", "items", "contains", "propertyNames",
    "unevaluatedProperties", "unevaluatedItems", "then", "else", "contentSchema",
)
#: Orderable only when added or removed; a replacement is constraint.changed.
OPAQUE_KEYWORDS = ("dependentSchemas", "dependentRequired", "dependencies", "$ref")
#: Lists of alternative (anyOf/oneOf) or combined (allOf) subschemas.
BRANCH_KEYWORDS = ("allOf", "anyOf", "oneOf")
