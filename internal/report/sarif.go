package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"unicode"

	"github.com/heed-dev/heed/internal/engine"
)

// SARIF 2.1.0 as GitHub code scanning reads it: one run, one tool (heed) whose rules
// carry the instruction text, results with relative URIs, regions and a
// partialFingerprints.primaryLocationLineHash that does not depend on line numbers.

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	srcRoot      = "%SRCROOT%"
	infoURI      = "https://github.com/heed-dev/heed"
	// GitHub truncates longer descriptions; SARIF itself has no bound.
	maxShortDescription = 1024
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
	// AutomationDetails identifies the analysis: Azure DevOps requires its id, and
	// GitHub reads the part before the last "/" as the category.
	AutomationDetails sarifAutomation `json:"automationDetails"`
}

type sarifAutomation struct {
	ID         string            `json:"id"`
	Properties map[string]string `json:"properties,omitempty"`
}

// automationID is the run's automationDetails id: category "heed", no instance id
// (SARIF 3.17.4), so that successive runs are one analysis.
const automationID = "heed/"

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name string `json:"name"`
	// FullName is the name with the version (Azure DevOps requires it).
	FullName       string            `json:"fullName"`
	Version        string            `json:"version,omitempty"`
	InformationURI string            `json:"informationUri"`
	Rules          []sarifDescriptor `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifDescriptor struct {
	ID string `json:"id"`
	// Name is a friendly Pascal-case name (Azure DevOps requires one): the rule's
	// domain and kind, "SourceQuery", or for heed's own rules the id.
	Name                 string        `json:"name"`
	ShortDescription     sarifText     `json:"shortDescription"`
	FullDescription      sarifText     `json:"fullDescription"`
	Help                 sarifText     `json:"help"`
	DefaultConfiguration sarifConfig   `json:"defaultConfiguration"`
	Properties           sarifRuleProp `json:"properties"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifRuleProp struct {
	Tags      []string `json:"tags"`
	Precision string   `json:"precision"`
	// ProblemSeverity is GitHub's "problem.severity" (error, warning, recommendation).
	ProblemSeverity string `json:"problem.severity"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
	// AssociatedRule is the rule the notification is about (SARIF 2.1.0 §3.58.6).
	AssociatedRule *sarifRuleRef `json:"associatedRule,omitempty"`
}

// sarifRuleRef is a reportingDescriptorReference (SARIF 2.1.0 §3.53): a rule of the
// driver by id and index.
type sarifRuleRef struct {
	ID    string `json:"id"`
	Index int    `json:"index"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifMessage       `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	RelatedLocations    []sarifRelated     `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
	Fixes               []sarifFix         `json:"fixes,omitempty"`
	Properties          map[string]any     `json:"properties,omitempty"`
}

// sarifRelated is a related location (SARIF 2.1.0 §3.27.22, §3.28): another place
// the result is made of, with what it is.
type sarifRelated struct {
	ID               int           `json:"id"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifMessage `json:"message,omitempty"`
}

// sarifFix is an exact fix (SARIF 2.1.0 §3.55): its edits as byte ranges of the file.
type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifByteRegion `json:"deletedRegion"`
	InsertedContent sarifContent    `json:"insertedContent"`
}

type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

type sarifContent struct {
	Text string `json:"text"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status,omitempty"`
	Justification string `json:"justification,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// Hidden is a finding a run did not report, kept for formats that record
// suppressions (SARIF): a heed:ignore comment (inSource) or the baseline (external).
type Hidden struct {
	Finding Finding
	// Kind is "inSource" or "external".
	Kind          string
	Justification string
}

// WriteSARIF writes the report as a SARIF 2.1.0 log. A report whose findings are in
// a Store is written a result at a time, as they are read back: the log is one JSON
// document, but only its frame (the rules, the notifications) is held whole.
func WriteSARIF(w io.Writer, r *Report, opt Options) error {
	if r.Store != nil {
		return writeSARIFStreamed(w, r, opt)
	}
	log, _, err := buildSARIF(r, opt, true)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}

// writeSARIFStreamed writes the log WriteSARIF would, byte for byte: the log without
// results, encoded, with the results encoded one at a time where its empty list is.
func writeSARIFStreamed(w io.Writer, r *Report, opt Options) error {
	log, index, err := buildSARIF(r, opt, false)
	if err != nil {
		return err
	}
	var frame bytes.Buffer
	enc := json.NewEncoder(&frame)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(log); err != nil {
		return err
	}
	// the run's results, three levels down: log, runs, the run
	const marker = "\n      \"results\": []"
	at := bytes.Index(frame.Bytes(), []byte(marker))
	if at < 0 {
		return fmt.Errorf("SARIF: no place for the results in the log")
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.Write(frame.Bytes()[:at+len(marker)-1]) // up to and with the list's [
	var one bytes.Buffer
	renc := json.NewEncoder(&one)
	renc.SetIndent("        ", "  ")
	renc.SetEscapeHTML(false)
	n := 0
	put := func(res sarifResult) error {
		one.Reset()
		if err := renc.Encode(res); err != nil {
			return err
		}
		if n > 0 {
			bw.WriteByte(',')
		}
		n++
		bw.WriteString("\n        ")
		bw.Write(bytes.TrimSuffix(one.Bytes(), []byte("\n")))
		return nil
	}
	if err := r.Each(func(f *Finding) error { return put(sarifResultOf(f, index)) }); err != nil {
		return err
	}
	for i := range r.Hidden {
		if err := put(hiddenResult(&r.Hidden[i], index)); err != nil {
			return err
		}
	}
	if n > 0 {
		bw.WriteString("\n      ")
	}
	bw.Write(frame.Bytes()[at+len(marker)-1:]) // ] and the rest
	return bw.Flush()
}

// buildSARIF builds the log, with its results when results is set, and the index of
// each rule among its rules.
func buildSARIF(r *Report, opt Options, results bool) (sarifLog, map[string]int, error) {
	rules, index, err := sarifRules(r)
	if err != nil {
		return sarifLog{}, nil, err
	}
	fullName := "heed"
	if opt.Version != "" {
		fullName += " " + opt.Version
	}
	run := sarifRun{
		Tool:              sarifTool{Driver: sarifDriver{Name: "heed", FullName: fullName, Version: opt.Version, InformationURI: infoURI, Rules: rules}},
		Results:           []sarifResult{},
		AutomationDetails: sarifAutomation{ID: automationID},
	}
	if a := opt.Automation; a != nil && a.ID != "" {
		run.AutomationDetails = sarifAutomation{ID: a.ID, Properties: a.Properties}
	}
	inv := sarifInvocation{ExecutionSuccessful: true}
	for _, u := range r.Summary.Undetermined {
		n := sarifNotification{Level: "warning", Message: sarifMessage{Text: fmt.Sprintf("%s (undetermined for %s)", oneLine(u.Reason), strings.Join(u.Rules, ", "))}}
		for _, f := range u.Files {
			// The whole file went unjudged; a region is required (ADO1017), so it
			// starts at the first line.
			n.Locations = append(n.Locations, sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: artifact(f), Region: &sarifRegion{StartLine: 1, StartColumn: 1, EndLine: 1}}})
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for i := range r.Summary.Partial {
		p := &r.Summary.Partial[i]
		line := max(p.Line, 1)
		n := sarifNotification{Level: "note", Message: sarifMessage{Text: PartialText(p)}}
		n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: artifact(p.File), Region: &sarifRegion{StartLine: line, StartColumn: 1, EndLine: line}}}}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for i := range r.Summary.Condensed {
		c := &r.Summary.Condensed[i]
		n := sarifNotification{Level: "note", Message: sarifMessage{Text: CondensedText(c)}}
		if at, ok := index[c.Rule]; ok {
			n.AssociatedRule = &sarifRuleRef{ID: c.Rule, Index: at}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	run.Invocations = []sarifInvocation{inv}
	if !results {
		return sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}, index, nil
	}
	err = r.Each(func(f *Finding) error {
		run.Results = append(run.Results, sarifResultOf(f, index))
		return nil
	})
	if err != nil {
		return sarifLog{}, nil, err
	}
	for i := range r.Hidden {
		run.Results = append(run.Results, hiddenResult(&r.Hidden[i], index))
	}
	return sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}, index, nil
}

// hiddenResult is the result of a suppressed or baselined finding.
func hiddenResult(h *Hidden, index map[string]int) sarifResult {
	res := sarifResultOf(&h.Finding, index)
	s := sarifSuppression{Kind: h.Kind, Justification: h.Justification}
	if h.Kind == "external" {
		s.Status = "accepted"
	}
	res.Suppressions = []sarifSuppression{s}
	return res
}

func sarifResultOf(f *Finding, index map[string]int) sarifResult {
	res := sarifResult{
		RuleID:    f.Rule,
		RuleIndex: index[f.Rule],
		Level:     sarifLevel(f.Severity),
		Message:   sarifMessage{Text: resultText(f)},
	}
	loc := sarifLocation{}
	switch {
	case f.File != "":
		loc.PhysicalLocation.ArtifactLocation = artifact(f.File)
		reg := &sarifRegion{StartLine: max(f.Line, 1), StartColumn: max(f.Column, 1)}
		reg.EndLine = max(f.EndLine, reg.StartLine)
		if f.EndColumn > 0 && (reg.EndLine > reg.StartLine || f.EndColumn > reg.StartColumn) {
			reg.EndColumn = f.EndColumn
		}
		loc.PhysicalLocation.Region = reg
	default:
		// A commit message or the change as a whole has no place in the tree; code
		// scanning needs one, so the result points at the instruction it breaks.
		file := f.Instruction.File
		if file == "" {
			file = "."
		}
		loc.PhysicalLocation.ArtifactLocation = artifact(file)
		line := max(f.Instruction.Line, 1)
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: line, StartColumn: 1, EndLine: line}
		if f.Commit != "" {
			res.Properties = map[string]any{"commit": f.Commit}
		}
	}
	res.Locations = []sarifLocation{loc}
	for i, r := range f.Related {
		rel := sarifRelated{ID: i + 1}
		rel.PhysicalLocation.ArtifactLocation = artifact(r.Path)
		rel.PhysicalLocation.Region = &sarifRegion{StartLine: max(r.Line, 1), StartColumn: max(r.Column, 1), EndLine: max(r.Line, 1)}
		if r.Message != "" {
			rel.Message = &sarifMessage{Text: r.Message}
		}
		res.RelatedLocations = append(res.RelatedLocations, rel)
	}
	res.Fixes = sarifFixes(f.Fixes)
	fp := f.Fingerprint
	if fp == "" {
		where := f.File
		if where == "" {
			where = f.Commit
		}
		fp = Fingerprint(f.Rule, where, f.Message, 1)
	}
	res.PartialFingerprints = map[string]string{"primaryLocationLineHash": fp}
	return res
}

// sarifFixes renders the exact fixes, their edits grouped by file in order.
func sarifFixes(fixes []engine.Fix) []sarifFix {
	var out []sarifFix
	for _, fx := range fixes {
		if !fx.Exact || len(fx.Edits) == 0 {
			continue
		}
		sf := sarifFix{Description: sarifMessage{Text: fx.Message}}
		at := map[string]int{}
		for _, e := range fx.Edits {
			i, ok := at[e.Path]
			if !ok {
				i = len(sf.ArtifactChanges)
				at[e.Path] = i
				sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: artifact(e.Path)})
			}
			sf.ArtifactChanges[i].Replacements = append(sf.ArtifactChanges[i].Replacements, sarifReplacement{
				DeletedRegion:   sarifByteRegion{ByteOffset: e.Start, ByteLength: e.End - e.Start},
				InsertedContent: sarifContent{Text: e.New},
			})
		}
		out = append(out, sf)
	}
	return out
}

func resultText(f *Finding) string {
	var b strings.Builder
	b.WriteString(oneLine(f.Message))
	if f.Commit != "" && f.File == "" {
		fmt.Fprintf(&b, " (commit %s)", ShortHash(f.Commit))
	}
	if q := quoteInstruction(f.Instruction); q != "" {
		b.WriteString("\nRule: " + q)
	}
	if f.Suggestion != "" {
		b.WriteString("\nInstead: " + oneLine(f.Suggestion))
	}
	return b.String()
}

// sarifRules lists every rule that ran, and any rule a finding names that did not
// (heed's own suppression checks), once each: SARIF requires the rules to be unique.
func sarifRules(r *Report) ([]sarifDescriptor, map[string]int, error) {
	seen := map[string]RuleInfo{}
	for _, ri := range r.Rules {
		if _, ok := seen[ri.ID]; !ok {
			seen[ri.ID] = ri
		}
	}
	addFinding := func(f *Finding) {
		if _, ok := seen[f.Rule]; ok {
			return
		}
		seen[f.Rule] = RuleInfo{ID: f.Rule, Domain: f.Domain, Kind: f.Kind, Severity: f.Severity, Exact: f.Exact, Message: f.Message, Instruction: f.Instruction}
	}
	err := r.Each(func(f *Finding) error {
		addFinding(f)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	for i := range r.Hidden {
		addFinding(&r.Hidden[i].Finding)
	}
	ids := make([]string, 0, len(seen))
	for id := range seen {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make([]sarifDescriptor, 0, len(ids))
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		index[id] = i
		out = append(out, descriptor(seen[id]))
	}
	return out, index, nil
}

func descriptor(ri RuleInfo) sarifDescriptor {
	text := oneLine(ri.Instruction.Text)
	if text == "" {
		text = oneLine(ri.Message)
	}
	if text == "" {
		text = ri.ID
	}
	where := quoteInstruction(Instruction{File: ri.Instruction.File, Line: ri.Instruction.Line, HeaderPath: ri.Instruction.HeaderPath})
	full := text
	if where != "" {
		full += " " + where
	}
	help := full
	// The instruction is Markdown already (code spans and all): quote it as written.
	md := "> " + text
	if where != "" {
		md += "\n\n" + where
	}
	if ri.Suggestion != "" {
		help += "\nInstead: " + oneLine(ri.Suggestion)
		md += "\n\n**Instead:** " + oneLine(ri.Suggestion)
	}
	if !ri.Exact && ri.Domain != "" {
		help += "\n(heed checks this rule approximately.)"
		md += "\n\n_heed checks this rule approximately._"
	}
	tags := []string{"heed"}
	for _, t := range []string{ri.Domain, ri.Kind} {
		if t != "" && t != "heed" {
			tags = append(tags, t)
		}
	}
	precision := "medium"
	if ri.Exact {
		precision = "very-high"
	}
	return sarifDescriptor{
		ID:                   ri.ID,
		Name:                 ruleName(ri),
		ShortDescription:     sarifText{Text: clip(text, maxShortDescription)},
		FullDescription:      sarifText{Text: full},
		Help:                 sarifText{Text: help, Markdown: md},
		DefaultConfiguration: sarifConfig{Level: sarifLevel(ri.Severity)},
		Properties:           sarifRuleProp{Tags: tags, Precision: precision, ProblemSeverity: problemSeverity(ri.Severity)},
	}
}

// ruleName is a rule's friendly name, a Pascal identifier as SARIF advises
// (SARIF2012: each part an upper-case letter then lower-case letters or digits):
// "SourceQuery" for a source rule of kind query, "HeedBadSuppression" for
// heed/bad-suppression, whose id says more than its domain.
func ruleName(ri RuleInfo) string {
	if strings.HasPrefix(ri.ID, "heed/") {
		if n := pascal(ri.ID); n != "" {
			return n
		}
	}
	if n := pascal(ri.Domain + " " + ri.Kind); n != "" {
		return n
	}
	if n := pascal(ri.ID); n != "" {
		return n
	}
	return "HeedRule"
}

// pascal joins the words of s (runs of letters and digits) as a Pascal identifier, or
// returns "" when they cannot make one (a leading digit, a one-letter part).
func pascal(s string) string {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	var b strings.Builder
	for _, w := range words {
		rs := []rune(strings.ToLower(w))
		if unicode.IsLetter(rs[0]) {
			if len(rs) == 1 {
				return "" // "A" alone is no part
			}
			rs[0] = unicode.ToUpper(rs[0])
		} else if b.Len() == 0 {
			return "" // an identifier starts with a letter
		}
		for _, r := range rs[1:] {
			if !unicode.IsLower(r) && !unicode.IsDigit(r) {
				return "" // a letter without case (Han, say) fits no part
			}
		}
		b.WriteString(string(rs))
	}
	return b.String()
}

func sarifLevel(sev string) string {
	switch sev {
	case "error", "":
		return "error"
	case "warning":
		return "warning"
	}
	return "note"
}

func problemSeverity(sev string) string {
	switch sev {
	case "error", "":
		return "error"
	case "warning":
		return "warning"
	}
	return "recommendation"
}

// artifact makes a relative URI reference of a repository path: each segment is
// percent-encoded, so spaces and '#' survive, and the base is the checkout root.
func artifact(p string) sarifArtifact {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return sarifArtifact{URI: strings.Join(segs, "/"), URIBaseID: srcRoot}
}
