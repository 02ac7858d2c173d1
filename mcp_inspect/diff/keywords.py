"""JSON Schema keywords grouped by how a change to them is judged."""

#: A larger value accepts fewer values.
LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains")
#: A smaller value accepts fewer values.
UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains")
#: Added: tightened; removed: loosened; replaced: not orderable (constraint.changed).
EXACT_KEYWORDS = ("pattern", "format", "const", "contentEncoding", "contentMediaType")
#: One subschema; absent means "accept anything", so adding one tightens.
SINGLE_APPLICATORS = (
    "additionalProperties", "items", "contains", "propertyNames",
    "unevaluatedProperties", "unevaluatedItems", "then", "else", "contentSchema",
)
#: Orderable only when added or removed; a replacement is constraint.changed.
OPAQUE_KEYWORDS = ("dependentSchemas", "dependentRequired", "dependencies", "not", "if", "$ref")
#: Lists of alternative (anyOf/oneOf) or combined (allOf) subschemas.
BRANCH_KEYWORDS = ("allOf", "anyOf", "oneOf")
#: Model-visible text, graded by the prose measure.
PROSE_KEYWORDS = ("description", "title", "examples", "$comment")
