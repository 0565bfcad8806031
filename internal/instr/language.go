package instr

import (
	"strings"

	"github.com/heed-dev/heed/internal/norm"
)

// inEnglish glosses headings written in a language heed has words for ("Antes de
// abrir un pull request", "提交规范") into English, for the level words to read them
// (norm.Gloss; an English heading is returned as it is).
func inEnglish(hp []string) []string {
	var out []string
	for i, h := range hp {
		g, _ := norm.Gloss(h)
		if g != h && out == nil {
			out = append([]string(nil), hp...)
		}
		if out != nil {
			out[i] = g
		}
	}
	if out == nil {
		return hp
	}
	return out
}

// introduces reports whether a paragraph ends with a colon, the mark of a lead-in to
// the list below it; Chinese and Japanese write it full-width ("请依次运行：").
func introduces(text string) bool {
	return strings.HasSuffix(text, ":") || strings.HasSuffix(text, "：")
}
