; Go: mark3labs/mcp-go (mcp.NewTool with its With* options) and the official go-sdk
; (&mcp.Tool{Name: ...}, its jsonschema Properties map). Captures as codemap/scan.py describes them.

; mcp.NewTool("name", mcp.WithString("prop", ...), ...)
(call_expression
  function: (selector_expression field: (field_identifier) @function (#eq? @function "NewTool"))
  arguments: (argument_list . [(interpreted_string_literal) (raw_string_literal) (identifier) (selector_expression)] @tool.name)) @registration

(call_expression
  function: (selector_expression field: (field_identifier) @function (#eq? @function "NewPrompt"))
  arguments: (argument_list . [(interpreted_string_literal) (raw_string_literal) (identifier) (selector_expression)] @prompt.name)) @registration

; mcp.NewResource("uri", "name", ...) and mcp.NewResourceTemplate("uri{…}", "name", ...): known by URI
(call_expression
  function: (selector_expression field: (field_identifier) @function (#match? @function "^NewResource(Template)?$"))
  arguments: (argument_list . [(interpreted_string_literal) (raw_string_literal) (identifier)] @resource.name)) @registration

; &mcp.Resource{URI: "..."}, &mcp.ResourceTemplate{URITemplate: "..."}
(composite_literal
  type: [(qualified_type name: (type_identifier) @type) (type_identifier) @type] (#match? @type "^Resource(Template)?$")
  body: (literal_value (keyed_element
    key: (literal_element (identifier) @field (#match? @field "^URI(Template)?$"))
    value: (literal_element [(interpreted_string_literal) (raw_string_literal) (identifier)] @resource.name)))) @registration

(call_expression
  function: (selector_expression field: (field_identifier) @function
    (#match? @function "^(WithString|WithNumber|WithBoolean|WithArray|WithObject|WithInteger|WithAny|WithArgument)$"))
  arguments: (argument_list . (interpreted_string_literal) @property))

; &mcp.Tool{Name: "name", ...}, mcp.Prompt{Name: ...}
(composite_literal
  type: [(qualified_type name: (type_identifier) @type) (type_identifier) @type] (#eq? @type "Tool")
  body: (literal_value (keyed_element
    key: (literal_element (identifier) @field (#eq? @field "Name"))
    value: (literal_element [(interpreted_string_literal) (raw_string_literal) (identifier) (selector_expression)] @tool.name)))) @registration

(composite_literal
  type: [(qualified_type name: (type_identifier) @type) (type_identifier) @type] (#eq? @type "Prompt")
  body: (literal_value (keyed_element
    key: (literal_element (identifier) @field (#eq? @field "Name"))
    value: (literal_element [(interpreted_string_literal) (raw_string_literal) (identifier) (selector_expression)] @prompt.name)))) @registration

; jsonschema.Schema{Properties: map[string]*jsonschema.Schema{"prop": {...}}}
(keyed_element
  key: (literal_element (identifier) @field (#eq? @field "Properties"))
  value: (literal_element (composite_literal body: (literal_value (keyed_element
    key: (literal_element (interpreted_string_literal) @property))))))

; names spelled as constants: const ToolName = "x"
(const_spec name: (identifier) @const.name value: (expression_list . (interpreted_string_literal) @const.value))

; InputSchema: schema, where schema := &jsonschema.Schema{Properties: ...} (the nearest before)
(keyed_element
  key: (literal_element (identifier) @field (#eq? @field "InputSchema"))
  value: (literal_element (identifier) @schema.ref))

(short_var_declaration
  left: (expression_list . (identifier) @schema.def)
  right: (expression_list . [
    (unary_expression operand: (composite_literal body: (literal_value (keyed_element
      key: (literal_element (identifier) @field (#eq? @field "Properties"))
      value: (literal_element (composite_literal body: (literal_value (keyed_element
        key: (literal_element (interpreted_string_literal) @schema.property)))))))))
    (composite_literal body: (literal_value (keyed_element
      key: (literal_element (identifier) @field (#eq? @field "Properties"))
      value: (literal_element (composite_literal body: (literal_value (keyed_element
        key: (literal_element (interpreted_string_literal) @schema.property))))))))
  ]))
