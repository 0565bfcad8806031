// Command policygen writes the policy bench/source/bench.py times: its rules read from
// standard input as [{"id", "query", "needles", "needle_pattern", "langs"}] (the query in
// each of langs; Python when langs is empty),
// written as heed's compiler would emit them (origin and fingerprint set), so the bench
// measures what a compiled policy costs.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/source"
)

type spec struct {
	ID            string   `json:"id"`
	Query         string   `json:"query"`
	Needles       []string `json:"needles"`
	NeedlePattern string   `json:"needle_pattern"`
	Langs         []string `json:"langs"`
}

func main() {
	var specs []spec
	if err := json.NewDecoder(os.Stdin).Decode(&specs); err != nil {
		fmt.Fprintln(os.Stderr, "policygen:", err)
		os.Exit(2)
	}
	p := policy.Policy{Version: policy.CurrentVersion, Sources: []policy.SourceFile{}}
	for _, s := range specs {
		if len(s.Langs) == 0 {
			s.Langs = []string{"python"}
		}
		qs := map[string]string{}
		for _, l := range s.Langs {
			qs[l] = s.Query
		}
		params, _ := json.Marshal(source.QueryParams{Queries: qs, Needles: s.Needles, NeedlePattern: s.NeedlePattern})
		r := policy.Rule{ID: s.ID, Domain: policy.DomainSource, Kind: source.KindQuery, Params: params,
			Severity: policy.SeverityWarning, Exact: true, Message: s.ID, Origin: "source.banned"}
		r.Generated = policy.Fingerprint(&r)
		p.Entries = append(p.Entries, policy.Entry{
			Constraint: policy.Constraint{ID: s.ID, Text: "bench rule " + s.ID, File: "AGENTS.md", Line: 1, EndLine: 1, Level: policy.Must},
			Rules:      []policy.Rule{r},
		})
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(&p); err != nil {
		fmt.Fprintln(os.Stderr, "policygen:", err)
		os.Exit(2)
	}
}
