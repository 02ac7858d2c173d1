; TypeScript only (JavaScript has no enums): enum ToolName { ECHO = "echo" }
(enum_declaration name: (identifier) @const.scope
  body: (enum_body (enum_assignment name: (property_identifier) @const.name value: (string) @const.value)))

; inputSchema: zodToJsonSchema(Args) as ToolInput
(pair key: (property_identifier) @schema (#match? @schema "^(inputSchema|argsSchema)$")
  value: (as_expression (call_expression arguments: (arguments . (identifier) @schema.ref))))
