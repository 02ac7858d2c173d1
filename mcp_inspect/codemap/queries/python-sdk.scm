; The Python SDK and FastMCP: decorated functions and the low-level types.Tool / types.Prompt.
; Captures as codemap/scan.py describes them.

; @mcp.tool, @mcp.tool(), @mcp.tool(name="x"), @mcp.prompt(...): the function's name, or the
; name= among @arguments when the decorator gives one
(decorated_definition
  (decorator [
    (attribute attribute: (identifier) @method)
    (call function: (attribute attribute: (identifier) @method) arguments: (argument_list) @arguments)
  ] (#eq? @method "tool"))
  definition: (function_definition name: (identifier) @tool.function)) @registration

(decorated_definition
  (decorator [
    (attribute attribute: (identifier) @method)
    (call function: (attribute attribute: (identifier) @method) arguments: (argument_list) @arguments)
  ] (#eq? @method "prompt"))
  definition: (function_definition name: (identifier) @prompt.function)) @registration

; @mcp.resource("uri://{x}"): a resource or a template, known by its URI
(decorated_definition
  (decorator (call function: (attribute attribute: (identifier) @method (#eq? @method "resource"))
    arguments: (argument_list . (string) @resource.name)))) @registration

; the decorated function's parameters
(decorated_definition
  (decorator)
  definition: (function_definition parameters: (parameters [
    (identifier) @property
    (typed_parameter . (identifier) @property)
    (default_parameter name: (identifier) @property)
    (typed_default_parameter name: (identifier) @property)
  ])))

; the low-level server: types.Tool(name=..., inputSchema=...), Prompt(name=...)
(call function: [(identifier) @class (attribute attribute: (identifier) @class)] (#eq? @class "Tool")
  arguments: (argument_list
    (keyword_argument name: (identifier) @keyword value: [(string) (identifier) (attribute)] @tool.name)
    (#eq? @keyword "name"))) @registration

(call function: [(identifier) @class (attribute attribute: (identifier) @class)] (#eq? @class "Prompt")
  arguments: (argument_list
    (keyword_argument name: (identifier) @keyword value: [(string) (identifier) (attribute)] @prompt.name)
    (#eq? @keyword "name"))) @registration

; a JSON Schema literal: the keys of "properties"
(pair key: (string) @keyword (#match? @keyword "^[\"']properties[\"']$")
  value: (dictionary (pair key: (string) @property)))

; a prompt's arguments: PromptArgument(name="x")
(call function: [(identifier) @class (attribute attribute: (identifier) @class)] (#eq? @class "PromptArgument")
  arguments: (argument_list
    (keyword_argument name: (identifier) @keyword value: (string) @property)
    (#eq? @keyword "name")))

; inputSchema=Model.model_json_schema() / Model.schema(): the model's fields
(keyword_argument name: (identifier) @keyword (#eq? @keyword "inputSchema")
  value: (call function: (attribute object: (identifier) @schema.ref)))

; class Model(BaseModel): field: type
(class_definition name: (identifier) @schema.def
  body: (block (expression_statement (assignment left: (identifier) @schema.property type: (type)))))

; names spelled as constants: NAME = "x"; class Tools(str, Enum): STATUS = "git_status"
(module (expression_statement (assignment left: (identifier) @const.name right: (string) @const.value)))
(class_definition name: (identifier) @const.scope
  body: (block (expression_statement (assignment left: (identifier) @const.name right: (string) @const.value))))
