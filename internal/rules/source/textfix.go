package source

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// The fixes of text rules: each is what the rule itself states the text must be, and
// touches only the bytes the finding reports. A rule that does not say what to write
// (indent with tabs: how many spaces make a level is not said) carries none.

// trailingFix deletes the white space at the end of a line, from byte at. Two or more
// spaces ending a Markdown line are a hard line break: deleting them changes what the
// page shows, so that fix is one to review.
func (c *textCheck) trailingFix(f *engine.File, at int, ws string) []engine.Fix {
	fx := engine.Fix{Message: "delete the white space at the end of the line", Exact: c.exact,
		Edits: []engine.TextEdit{{Path: f.Path, Start: at, End: at + len(ws), Old: ws}}}
	if markdownPath(f.Path) && strings.HasSuffix(ws, "  ") {
		fx.Message = "to review: two spaces at the end of a Markdown line break it; " + fx.Message
		fx.Exact = false
	}
	return []engine.Fix{fx}
}

// finalNewlineFix ends the file with a newline, a CRLF one when the file's lines end so.
func (c *textCheck) finalNewlineFix(f *engine.File) []engine.Fix {
	nl := "\n"
	if n := bytes.Count(f.Content, []byte("\n")); n > 0 && bytes.Count(f.Content, []byte("\r\n")) == n {
		nl = "\r\n"
	}
	end := len(f.Content)
	return []engine.Fix{{Message: "end the file with a newline", Exact: c.exact,
		Edits: []engine.TextEdit{{Path: f.Path, Start: end, End: end, New: nl}}}}
}

// indentFix turns the tabs that indent a line into the rule's spaces: each tab one
// level of Width spaces, the spaces after them (alignment) kept. Only a rule that
// asks for spaces of a given width says what a tab becomes; spaces before a tab
// (which level does the tab end?) get no fix.
func (c *textCheck) indentFix(f *engine.File, start int, ws string) []engine.Fix {
	if c.p.Indent != "spaces" || c.p.Width == 0 {
		return nil
	}
	tabs := len(ws) - len(strings.TrimLeft(ws, "\t"))
	if tabs == 0 || strings.Contains(ws[tabs:], "\t") {
		return nil
	}
	return []engine.Fix{{Message: fmt.Sprintf("indent with %d spaces for each tab", c.p.Width), Exact: c.exact,
		Edits: []engine.TextEdit{{Path: f.Path, Start: start, End: start + len(ws), Old: ws,
			New: strings.Repeat(" ", c.p.Width*tabs) + ws[tabs:]}}}}
}

func markdownPath(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}
