package audit

import (
	"github.com/heed-dev/heed/internal/engine"
)

// Rates are SWE-CC's pair over a set of rule verdicts.
type Rates struct {
	Rules        int `json:"rules"`
	Satisfied    int `json:"satisfied"`
	Violated     int `json:"violated"`
	Undetermined int `json:"undetermined"`
	Inapplicable int `json:"inapplicable"`
	// Triggering = (satisfied + violated + undetermined) / rules.
	Triggering *float64 `json:"triggering_rate"`
	// Compliance = satisfied / (satisfied + violated); null when nothing was judged.
	Compliance *float64 `json:"compliance_rate"`
}

// Add counts one verdict.
func (r *Rates) Add(v engine.Verdict) {
	r.Rules++
	switch v {
	case engine.Satisfied:
		r.Satisfied++
	case engine.Violated:
		r.Violated++
	case engine.Undetermined:
		r.Undetermined++
	default:
		r.Inapplicable++
	}
}

// Merge adds another tally (batches, merges).
func (r *Rates) Merge(o Rates) {
	r.Rules += o.Rules
	r.Satisfied += o.Satisfied
	r.Violated += o.Violated
	r.Undetermined += o.Undetermined
	r.Inapplicable += o.Inapplicable
}

// Finish computes the rates from the counts.
func (r *Rates) Finish() {
	r.Triggering, r.Compliance = nil, nil
	if r.Rules > 0 {
		t := float64(r.Satisfied+r.Violated+r.Undetermined) / float64(r.Rules)
		r.Triggering = &t
	}
	if n := r.Satisfied + r.Violated; n > 0 {
		c := float64(r.Satisfied) / float64(n)
		r.Compliance = &c
	}
}

// Metrics are the rates overall, per domain and per instruction file.
type Metrics struct {
	Overall Rates            `json:"overall"`
	Domain  map[string]Rates `json:"by_domain"`
	File    map[string]Rates `json:"by_file"`
	// Exact counts only the rules whose check is exact (SWE-CC reports both).
	Exact Rates `json:"exact_only"`
}

// Tally computes the metrics of a run's verdicts.
func Tally(rules []RuleResult) Metrics {
	m := Metrics{Domain: map[string]Rates{}, File: map[string]Rates{}}
	for _, r := range rules {
		m.add(r.Domain, r.Instruction.File, r.Exact, r.Verdict)
	}
	m.Finish()
	return m
}

func (m *Metrics) add(domain, file string, exact bool, v engine.Verdict) {
	m.Overall.Add(v)
	d := m.Domain[domain]
	d.Add(v)
	m.Domain[domain] = d
	if file == "" {
		file = "(manual rules)"
	}
	f := m.File[file]
	f.Add(v)
	m.File[file] = f
	if exact {
		m.Exact.Add(v)
	}
}

// Merge adds another run's metrics.
func (m *Metrics) Merge(o Metrics) {
	if m.Domain == nil {
		m.Domain = map[string]Rates{}
	}
	if m.File == nil {
		m.File = map[string]Rates{}
	}
	m.Overall.Merge(o.Overall)
	m.Exact.Merge(o.Exact)
	for k, v := range o.Domain {
		d := m.Domain[k]
		d.Merge(v)
		m.Domain[k] = d
	}
	for k, v := range o.File {
		f := m.File[k]
		f.Merge(v)
		m.File[k] = f
	}
}

// Finish computes every rate.
func (m *Metrics) Finish() {
	m.Overall.Finish()
	m.Exact.Finish()
	for k, v := range m.Domain {
		v.Finish()
		m.Domain[k] = v
	}
	for k, v := range m.File {
		v.Finish()
		m.File[k] = v
	}
}
