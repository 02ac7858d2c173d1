package main

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const searchName = "search_repositories"

func tools(s *server.MCPServer) {
	get := mcp.NewTool("get_issue",
		mcp.WithDescription("Get an issue"),
		mcp.WithString("owner", mcp.Required()),
		mcp.WithNumber("issue_number", mcp.Required()),
	)
	search := mcp.NewTool(searchName, mcp.WithString("query"))
	s.AddTool(get, nil)
	s.AddTool(search, nil)
}

func resources(s *server.MCPServer) {
	readme := mcp.NewResource("docs://readme", "readme")
	issue := mcp.NewResourceTemplate("repo://{owner}/issues", "issues")
	s.AddResource(readme, nil)
	s.AddResourceTemplate(issue, nil)
}
