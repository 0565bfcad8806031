package engine

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ParsePR splits pull-request text into its title (the first non-empty line, without
// a Markdown heading marker or a "Title:" label) and its body, the rest.
func ParsePR(text string) *PR {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(strings.TrimLeft(text, "\n"), "\n")
	title := strings.TrimSpace(lines[0])
	title = strings.TrimSpace(strings.TrimLeft(title, "#"))
	for _, p := range []string{"Title:", "title:", "**Title:**"} {
		title = strings.TrimSpace(strings.TrimPrefix(title, p))
	}
	return &PR{Title: title, Body: strings.TrimSpace(strings.Join(lines[1:], "\n"))}
}

// PRFromEvent reads the pull request of a CI event payload: GitHub's webhook event
// (the file GITHUB_EVENT_PATH names: "pull_request" with "title" and "body") or
// GitLab's merge-request event ("object_attributes" with "title" and "description").
// An event of another kind (a push) has no pull request: nil, and no error. A body
// the pull request left empty is an empty body, a pull request all the same.
func PRFromEvent(data []byte) (*PR, error) {
	var ev struct {
		PullRequest *struct {
			Title *string `json:"title"`
			Body  *string `json:"body"`
		} `json:"pull_request"`
		ObjectKind       string `json:"object_kind"`
		ObjectAttributes *struct {
			Title       *string `json:"title"`
			Description *string `json:"description"`
		} `json:"object_attributes"`
	}
	if err := json.Unmarshal(data, &ev); err != nil {
		return nil, fmt.Errorf("read the event: %w", err)
	}
	str := func(s *string) string {
		if s == nil {
			return ""
		}
		return strings.ReplaceAll(*s, "\r\n", "\n")
	}
	switch {
	case ev.PullRequest != nil && ev.PullRequest.Title != nil:
		return &PR{Title: strings.TrimSpace(str(ev.PullRequest.Title)), Body: strings.TrimSpace(str(ev.PullRequest.Body))}, nil
	case ev.ObjectKind == "merge_request" && ev.ObjectAttributes != nil && ev.ObjectAttributes.Title != nil:
		return &PR{Title: strings.TrimSpace(str(ev.ObjectAttributes.Title)), Body: strings.TrimSpace(str(ev.ObjectAttributes.Description))}, nil
	}
	return nil, nil
}
