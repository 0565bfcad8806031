package compile

import (
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// kindOf is what the fallback classifier makes of a constraint no recogniser compiled.
type kindOf struct {
	// semantic: a must rule about the code's design that a model could judge.
	semantic bool
	// on: what a judge rule would look at.
	on string
	// reason: why it stays unenforced when no judge rule is made.
	reason string
}

// classify is norm's fallback reading of a constraint (norm.ReadFallback), in the
// compiler's words: it never decides to emit an executable check; it decides between
// "a model could judge this about the code" and the reason for not enforcing, so the
// coverage table says honestly where rules go.
func classify(c *policy.Constraint) kindOf {
	text := strings.TrimSpace(c.Text)
	f := norm.ReadFallback(text, norm.CodeFacts{Spans: len(recognize.CodeSpans(text)), CodeBlock: len(c.Code) > 0, Negated: recognize.Negated(text)})
	k := kindOf{semantic: f.Semantic, on: semantic.OnFiles, reason: fallbackReason(f.Reason)}
	switch f.On {
	case norm.FallbackOnCommits:
		k.on = semantic.OnCommits
	case norm.FallbackOnPR:
		k.on = semantic.OnPR
	}
	return k
}

// fallbackReason words a reason of norm's fallback reading as the coverage table
// says it.
func fallbackReason(r string) string {
	switch r {
	case norm.FallbackNeedsModel:
		return ReasonNeedsModel
	case norm.FallbackForeignTool:
		return ReasonForeignTool
	case norm.FallbackWorkflow:
		return ReasonWorkflow
	case norm.FallbackNoRecognizer:
		return ReasonNoRecognizer
	}
	return ReasonNoClaim
}
