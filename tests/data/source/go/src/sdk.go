package main

import (
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func register(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{
		Name:        "list_issue_types",
		Description: "List issue types",
		InputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"owner": {Type: "string"},
				"repo":  {Type: "string"},
			},
		},
	}, nil)
	schema := &jsonschema.Schema{
		Properties: map[string]*jsonschema.Schema{
			"method": {Type: "string"},
		},
	}
	mcp.AddTool(server, &mcp.Tool{Name: "issue_read", InputSchema: schema}, nil)
}

func resources(server *mcp.Server) {
	server.AddResource(&mcp.Resource{URI: "file:///changelog", Name: "changelog"}, nil)
	server.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "file:///{path}", Name: "files"}, nil)
}
