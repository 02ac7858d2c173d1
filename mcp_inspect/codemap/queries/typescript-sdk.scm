; The TypeScript SDK (@modelcontextprotocol/sdk), in TypeScript, TSX and JavaScript.
; Captures as codemap/scan.py describes them: @registration with @tool.name (or @prompt.name,
; @resource.name, @resourceTemplate.name), @property keys, @schema.ref to a @schema.def,
; @const.name / @const.value for constants.

; server.tool("name", ...), server.registerTool("name", {...}), prompt, resource
(call_expression
  function: (member_expression property: (property_identifier) @method
    (#match? @method "^(tool|registerTool|registerToolTask)$"))
  arguments: (arguments . [(string) (identifier) (member_expression)] @tool.name)) @registration

(call_expression
  function: (member_expression property: (property_identifier) @method
    (#match? @method "^(prompt|registerPrompt)$"))
  arguments: (arguments . [(string) (identifier) (member_expression)] @prompt.name)) @registration

; server.resource("name", "uri", ...) and registerResource: a resource is known by its URI
(call_expression
  function: (member_expression property: (property_identifier) @method
    (#match? @method "^(resource|registerResource)$"))
  arguments: (arguments . (_) . [(string) (template_string)] @resource.name)) @registration

; new ResourceTemplate("scheme://{id}", ...)
(new_expression
  constructor: (identifier) @class (#eq? @class "ResourceTemplate")
  arguments: (arguments . [(string) (template_string)] @resourceTemplate.name)) @registration

; the low-level server: an object literal { name: "...", inputSchema: ... }
(object
  (pair key: (property_identifier) @key (#eq? @key "name") value: [(string) (identifier) (member_expression)] @tool.name)
  (pair key: (property_identifier) @schema (#eq? @schema "inputSchema"))) @registration

; properties: the zod shape passed to server.tool / registerPrompt, or given as inputSchema/argsSchema
(call_expression
  function: (member_expression property: (property_identifier) @method
    (#match? @method "^(tool|prompt)$"))
  arguments: (arguments (object (pair key: (_) @property value: (call_expression)))))

; (a zod shape's values are calls: z.string(); a JSON Schema literal's are not)
(pair key: (property_identifier) @schema (#match? @schema "^(inputSchema|argsSchema)$")
  value: (object (pair key: (_) @property value: (call_expression))))

(pair key: (property_identifier) @schema (#match? @schema "^(inputSchema|argsSchema)$")
  value: (call_expression
    function: (member_expression object: (identifier) @z property: (property_identifier) @object
      (#eq? @z "z") (#eq? @object "object"))
    arguments: (arguments . (object (pair key: (_) @property)))))

; a JSON Schema literal: the keys of "properties"
(pair key: [(property_identifier) (string)] @keyword (#match? @keyword "^[\"']?properties[\"']?$")
  value: (object (pair key: (_) @property)))

; a schema named by a constant: inputSchema: Args, Args.shape, zodToJsonSchema(Args),
; zodToJsonSchema(module.Args) (a namespace import: the schema is declared in another file)
(pair key: (property_identifier) @schema (#match? @schema "^(inputSchema|argsSchema)$")
  value: [
    (identifier) @schema.ref
    (member_expression object: (identifier) @schema.ref property: (property_identifier) @shape (#eq? @shape "shape"))
    (call_expression arguments: (arguments . [
      (identifier) @schema.ref
      (member_expression object: (identifier) property: (property_identifier) @schema.ref)]))
  ])

; server.registerTool(name, config, ...) with const config = { inputSchema: ... } declared apart:
; the declaration's object belongs to the registration (@extends names it, @extends.def declares it)
(call_expression
  function: (member_expression property: (property_identifier) @method
    (#match? @method "^(registerTool|registerPrompt)$"))
  arguments: (arguments . (_) . (identifier) @extends))

(variable_declarator name: (identifier) @extends.def value: (object) @extends.body)

(call_expression
  function: (member_expression property: (property_identifier) @method
    (#match? @method "^(tool|prompt)$"))
  arguments: (arguments (member_expression object: (identifier) @schema.ref)))

; const Args = z.object({ ... }), exports.Args = z.object({ ... }) (CommonJS output)
(variable_declarator
  name: (identifier) @schema.def
  value: (call_expression
    function: (member_expression object: (identifier) @z property: (property_identifier) @object
      (#eq? @z "z") (#eq? @object "object"))
    arguments: (arguments . (object (pair key: (_) @schema.property)))))

; const Shape = { field: z.string(), ... }: a zod shape held in a constant
(variable_declarator
  name: (identifier) @schema.def
  value: (object (pair key: (_) @schema.property value: (call_expression))))

(assignment_expression
  left: (member_expression object: (identifier) @exports property: (property_identifier) @schema.def
    (#eq? @exports "exports"))
  right: (call_expression
    function: (member_expression object: (identifier) @z property: (property_identifier) @object
      (#eq? @z "z") (#eq? @object "object"))
    arguments: (arguments . (object (pair key: (_) @schema.property)))))

; names spelled as constants: const NAME = "x"; enum ToolName { ECHO = "echo" }
(variable_declarator name: (identifier) @const.name value: (string) @const.value)
