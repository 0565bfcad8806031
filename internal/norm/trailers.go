package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Commit trailers a sentence asks for or forbids: a sign-off (DCO), "Co-authored-by"
// crediting an AI assistant, "Generated-by", "Assisted-by".

var (
	trailerNameRE = lazyre.New(`(?i)\b(co-authored-by|generated-by|signed-off-by|assisted-by|ai-assisted-by|reviewed-by|made-with)\b`)
	trailerSignRE = lazyre.New(`\b(sign[- ]?off|signed[- ]off|dco|developer certificate of origin)\b|git commit -s\b`)
	trailerAIRE   = lazyre.New(`\b(ai|llm|llms|ai-assisted|ai-generated|generative ai|language model|model|agent|agents|assistant|tool|tools|claude|copilot|gpt)\b`)
	// trailerDescribedRE: a clause whose subject is a trailer and whose verb describes
	// it ("`Assisted-by:` records tool use").
	trailerDescribedRE = lazyre.New("^\\W*`?[a-z]+(-[a-z]+)+:?`?\\s+(records|is|are|means|marks|shows|indicates|denotes|says|credits)\\b")
	// trailerPermittedRE: a clause that allows the trailer it names ("`Co-Authored-By:`
	// is fine"); trailerWithoutRE: "without changes", a negation of something else.
	trailerPermittedRE = lazyre.New(`\b(is|are) (fine|ok|okay|allowed|acceptable|welcome)\b`)
	trailerWithoutRE   = lazyre.New(`\bwithout \w+(\s+\w+)?\b`)
	trailerAnyAIRE     = lazyre.New(`\bany (ai|llm)[\w -]*(attribution|trailers?)\b|\bai attribution\b`)
	trailerAddRE       = lazyre.New(`\b(add|include|credit|use|put|must have|must contain|list|end)\b`)
	trailerOptionalRE  = lazyre.New(`\b(may|can|optionally|as appropriate|occasionally|if you borrow|for these cases)\b`)
	trailerAgentsRE    = lazyre.New(`\b(ai agents?|coding agents?|llm|ai tools?|ai-assisted|generative ai)\b`)
)

// TrailerDemand is what a sentence says of commit trailers.
type TrailerDemand struct {
	// Names are the trailers the sentence asks about, each once, as first written, in
	// its order ("Co-authored-by"); a trailer it only describes ("`Assisted-by:`
	// records tool use") is left out when another is asked for.
	Names []string
	// NamesSignOff: the sentence names "Signed-off-by", asked for or not.
	NamesSignOff bool
	// Permitted: a clause that names a trailer allows it ("`Co-Authored-By:` is
	// fine"): no rule.
	Permitted bool
	// Forbid: the sentence forbids the trailers it names (or, naming none, forbids).
	Forbid bool
	// SignOff: the sentence speaks of a sign-off (DCO, `git commit -s`).
	SignOff bool
	// AI: the sentence speaks of AI assistants or tools; AnyAI forbids any trailer
	// that credits one ("or any AI attribution trailers"); Agents names AI agents or
	// tools outright (an instruction file written for people asks this of them).
	AI, AnyAI, Agents bool
	// Asks: the sentence says to add the trailer, and not only that one may.
	Asks bool
}

// ReadTrailers reads what a sentence says of commit trailers. raw is the sentence as
// written, lower the sentence in lower case with its code spans taken out.
func ReadTrailers(raw, lower string) TrailerDemand {
	var d TrailerDemand
	names := map[string]string{} // lower -> as written
	var order []string
	for _, m := range trailerNameRE.FindAllString(raw, -1) {
		k := strings.ToLower(m)
		if _, ok := names[k]; !ok {
			names[k] = m
			order = append(order, k)
		}
	}
	if len(order) > 1 {
		asked := map[string]bool{}
		for _, cl := range Clauses(strings.ToLower(raw)) {
			for _, part := range strings.Split(cl, ": ") {
				if trailerDescribedRE.MatchString(part) {
					continue
				}
				for _, m := range trailerNameRE.FindAllString(part, -1) {
					asked[strings.ToLower(m)] = true
				}
			}
		}
		var kept []string
		for _, k := range order {
			if asked[k] {
				kept = append(kept, k)
			}
		}
		if len(kept) > 0 {
			order = kept
		}
	}
	d.Forbid = Forbids(lower)
	if len(order) > 0 {
		// the clauses that name a trailer decide: "never include session URLs ...
		// `Co-Authored-By:` is fine" permits the trailer, and "taken from a tool
		// without changes ... disclose it through an Assisted-by: trailer" asks for it
		d.Forbid = false
		for _, cl := range Clauses(strings.ToLower(raw)) {
			if !trailerNameRE.MatchString(cl) {
				continue
			}
			if trailerPermittedRE.MatchString(cl) {
				return TrailerDemand{Permitted: true}
			}
			// "taken from a tool without changes": a negation of something else
			cl = trailerWithoutRE.ReplaceAllStringFunc(cl, func(m string) string {
				if trailerNameRE.MatchString(m) || strings.Contains(m, "trailer") {
					return m
				}
				return ""
			})
			d.Forbid = d.Forbid || Forbids(cl)
		}
	}
	for _, k := range order {
		d.Names = append(d.Names, names[k])
	}
	_, d.NamesSignOff = names["signed-off-by"]
	d.SignOff = trailerSignRE.MatchString(lower)
	if len(d.Names) == 0 {
		return d
	}
	d.AI = trailerAIRE.MatchString(lower)
	d.AnyAI = trailerAnyAIRE.MatchString(lower)
	d.Agents = trailerAgentsRE.MatchString(lower)
	d.Asks = trailerAddRE.MatchString(lower) && !trailerOptionalRE.MatchString(lower)
	return d
}
