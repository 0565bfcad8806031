package norm

import (
	"slices"
	"strings"
	"sync"
)

// Tables that state rules without a column of what to avoid and what to use instead:
// a column of verdicts ("| API | Status |" over "| `eval` | ❌ Never |"), a column of
// the places a thing is allowed ("| Call | Allowed in |" over "| `print()` |
// `scripts/` |"), and a column of rules in full sentences beside their reasons ("|
// Rule | Why |"). TableRowSentence turns such a row into the sentence it states, so
// every reader reads it as it reads prose.

// TableRowSentence returns the sentence a table row states under its header (cells
// joined by " | "), and false for a row of any other table, or a row that states
// nothing (an allowed entry: "| `JSON.parse` | ✅ OK |").
func TableRowSentence(row, header string) (string, bool) {
	heads := strings.Split(TableHeader(header), " | ")
	cells := strings.Split(row, " | ")
	if len(heads) < 2 || len(heads) != len(cells) {
		return "", false
	}
	for _, h := range heads {
		if columnRole(h) != "" {
			return "", false // "Don't | Do instead": the substitution readers read it
		}
	}
	kinds := make([]string, len(heads))
	count := map[string]int{}
	for i, h := range heads {
		kinds[i] = columnKind(h)
		count[kinds[i]]++
	}
	switch {
	case count["verdict"] == 1 && count["place"] == 0 && count["rule"] == 0:
		return verdictRow(cells, heads, kinds)
	case count["place"] == 1 && count["verdict"] == 0 && count["rule"] == 0:
		return placeRow(cells, kinds)
	case count["rule"] == 1 && kinds[0] == "rule" && count["verdict"] == 0 && count["place"] == 0:
		return ruleRow(cells, kinds)
	case count["cwd"] == 1 && count["verdict"] == 0 && count["place"] == 0 && count["rule"] == 0:
		return cwdRow(cells, kinds)
	case count["ask"] == 1 && count["verdict"] == 0 && count["place"] == 0 && count["rule"] == 0:
		return askRow(cells, kinds)
	case count["run"] == 1 && count["verdict"] == 0 && count["place"] == 0 && count["rule"] == 0 && count["ask"] == 0:
		return runRow(cells, kinds)
	}
	return "", false
}

// columnKind names what a header's column holds for TableRowSentence: "verdict"
// ("Status", "Allowed?"), "place" ("Allowed in"), "rule" ("Rule", "Guideline"),
// "reason" ("Why"), "note" ("Notes", "Exceptions"), "elsewhere" ("Elsewhere",
// "Otherwise"), or "" (a column of names, a subject).
func columnKind(header string) string {
	h := strings.ToLower(strings.Trim(strings.TrimSpace(header), "*_:`"))
	if k, ok := columnKinds()[strings.TrimSpace(strings.TrimSuffix(h, "?"))]; ok {
		return k
	}
	return ""
}

var columnKinds = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, w := range []string{"status", "allowed", "permitted", "ok", "use", "use it", "can i use it", "usage", "verdict", "policy", "allowed to use", "may use"} {
		m[w] = "verdict"
	}
	for _, w := range []string{"allowed in", "permitted in", "only in", "use only in", "where allowed", "allowed where", "may be used in", "allowed only in"} {
		m[w] = "place"
	}
	for _, w := range []string{"rule", "rules", "guideline", "guidelines", "convention", "conventions", "requirement", "requirements", "principle", "standard"} {
		m[w] = "rule"
	}
	for _, w := range []string{"why", "reason", "reasons", "rationale", "because", "motivation", "purpose of the rule"} {
		m[w] = "reason"
	}
	for _, w := range []string{"notes", "note", "exceptions", "exception", "comments", "comment", "remarks"} {
		m[w] = "note"
	}
	for _, w := range []string{"elsewhere", "otherwise", "everywhere else", "outside it", "other code"} {
		m[w] = "elsewhere"
	}
	for _, w := range []string{"run from", "run in", "run it from", "working directory", "cwd", "where to run", "from", "run from directory", "run from folder"} {
		m[w] = "cwd"
	}
	for _, w := range []string{"ask first", "ask before running", "ask before use", "ask the user", "ask", "needs approval", "requires approval", "approval needed",
		"approval required", "approval", "needs confirmation", "confirm first", "confirmation required", "needs sign-off", "human approval"} {
		m[w] = "ask"
	}
	for _, w := range []string{"agent may run it", "agent may run", "may run", "may run it", "can run", "can run it", "agent can run it", "agent can run",
		"may the agent run it", "can the agent run it", "allowed to run", "ok to run", "safe to run", "safe for agents", "agents may run it", "agents may run", "run it"} {
		m[w] = "run"
	}
	return m
})

// verdictRow reads "| `eval` | ❌ Never |": the code spans of the one column of names
// are banned when the verdict says so; a verdict that allows states nothing.
func verdictRow(cells, heads, kinds []string) (string, bool) {
	subject, verdict, note := -1, -1, -1
	for i, k := range kinds {
		switch k {
		case "verdict":
			verdict = i
		case "note":
			note = i
		case "":
			if subject >= 0 || !spansOnly(cells[i]) && !actionColumn(heads[i]) {
				continue
			}
			subject = i
		}
	}
	if subject < 0 || verdict < 0 {
		return "", false
	}
	verb := "use "
	switch {
	case packageColumn(heads[subject]):
		verb = "import " // "| Package | Allowed |": the package is imported
	case actionColumn(heads[subject]) && !spansOnly(cells[subject]):
		// "| Force-push | No |" under "| Action | Allowed? |": the cell is the
		// doing, in words
		verb = ""
		cells = slices.Clone(cells)
		cells[subject] = lowerFirst(strings.TrimSpace(cells[subject]))
	}
	var lead string
	switch verdictStrength(cells[verdict]) {
	case "must":
		lead = "Never " + verb
	case "should":
		lead = "Avoid "
		if verb != "use " {
			lead = "Avoid importing "
		}
	default:
		return "", false
	}
	out := lead + strings.TrimSpace(cells[subject]) + "."
	if note >= 0 {
		out = withCell(out, cells[note])
	}
	return out, true
}

// cwdRow reads "| `npm run dev` | `web/` |" under "| Command | Run from |": the
// command runs from that folder.
func cwdRow(cells, kinds []string) (string, bool) {
	cmd, dir := commandAndCell(cells, kinds, "cwd")
	if cmd == "" || !strings.HasPrefix(dir, "`") || !strings.HasSuffix(dir, "/`") || strings.Count(dir, "`") != 2 {
		return "", false
	}
	return "Run " + cmd + " from " + dir + ".", true
}

// commandAndCell are a row's one command (a cell of one code span in a column of
// names) and its cell of the column of the kind given.
func commandAndCell(cells, kinds []string, kind string) (cmd, cell string) {
	for i, k := range kinds {
		c := strings.TrimSpace(cells[i])
		switch {
		case k == kind:
			cell = c
		case k == "" && cmd == "" && spansOnly(c) && strings.Count(c, "`") == 2:
			cmd = c
		}
	}
	return cmd, cell
}

// askRow reads "| `terraform apply` | yes |" under "| Command | Ask first? |": the
// command waits for the user's approval; a row that says no states nothing.
func askRow(cells, kinds []string) (string, bool) {
	cmd, ask := commandAndCell(cells, kinds, "ask")
	if cmd == "" {
		return "", false
	}
	switch strings.ToLower(strings.Trim(ask, "*_ .!")) {
	case "yes", "y", "✅", "✔", "✓", "always", "required", "yes, always", "must":
		return "Never run " + cmd + " without approval.", true
	}
	return "", false
}

// runRow reads "| `terraform apply` | no, CI only |" under "| Command | Agent may run
// it? |": a command the row says no to is not run (what follows the no is kept as a
// sentence of its own, for the exceptions it may state); a yes states nothing.
func runRow(cells, kinds []string) (string, bool) {
	cmd, verdict := commandAndCell(cells, kinds, "run")
	if cmd == "" {
		return "", false
	}
	strength, rest := verdictAndRest(verdict)
	if strength != "must" {
		return "", false
	}
	return withCell("Never run "+cmd+".", rest), true
}

// verdictAndRest reads a verdict cell that goes on after its verdict ("no, CI only",
// "never — ask first"): the verdict's strength and the words after it.
func verdictAndRest(cell string) (strength, rest string) {
	if s := verdictStrength(cell); s != "" {
		return s, ""
	}
	c := strings.TrimSpace(cell)
	for _, sep := range []string{",", " —", " –", " - ", ";", ":", " ("} {
		i := strings.Index(c, sep)
		if i <= 0 {
			continue
		}
		if s := verdictStrength(c[:i]); s != "" {
			return s, strings.TrimSpace(strings.TrimRight(strings.TrimLeft(c[i:], ",—–-;:( "), ")"))
		}
	}
	return "", ""
}

// actionColumn reports a header whose column names doings in words ("Action",
// "Operation").
func actionColumn(header string) bool {
	switch strings.ToLower(strings.Trim(strings.TrimSpace(header), "*_:`")) {
	case "action", "actions", "operation", "operations", "activity", "activities", "what", "doing":
		return true
	}
	return false
}

// packageColumn reports a header whose column names packages or modules ("Package",
// "Crate", "Dependency"): a ban of one of them is a ban of its import.
func packageColumn(header string) bool {
	switch strings.ToLower(strings.Trim(strings.TrimSpace(header), "*_:`")) {
	case "package", "packages", "module", "modules", "library", "libraries", "crate", "crates",
		"dependency", "dependencies", "import", "imports", "gem", "gems":
		return true
	}
	return false
}

// placeRow reads "| `print()` | `scripts/` | use `logger` |" under "| Call | Allowed in
// | Elsewhere |": the name is banned outside the places its row allows it.
func placeRow(cells, kinds []string) (string, bool) {
	subject, place := -1, -1
	var rest []string
	for i, k := range kinds {
		switch k {
		case "place":
			place = i
		case "":
			if subject < 0 && spansOnly(cells[i]) {
				subject = i
			}
		case "elsewhere", "note":
			if c := strings.TrimSpace(cells[i]); c != "" && c != "-" && c != "—" {
				rest = append(rest, c)
			}
		}
	}
	if subject < 0 || place < 0 || !spansOnly(cells[place]) {
		return "", false
	}
	out := "Do not use " + strings.TrimSpace(cells[subject]) + " outside " + strings.Join(cellSpans(cells[place]), " or ") + "."
	for _, c := range rest {
		out = withCell(out, c)
	}
	return out, true
}

// ruleRow reads "| Never call `.Result` on a task | deadlocks |" under "| Rule | Why
// |": the rule is the first cell; reasons are left out, notes kept as sentences of
// their own.
func ruleRow(cells, kinds []string) (string, bool) {
	out := strings.TrimSpace(cells[0])
	if out == "" {
		return "", false
	}
	if !strings.HasSuffix(out, ".") && !strings.HasSuffix(out, "!") {
		out += "."
	}
	for i, k := range kinds[1:] {
		switch k {
		case "reason":
		case "note":
			out = withCell(out, cells[i+1])
		default:
			return "", false // a column heed does not know the part of
		}
	}
	return out, true
}

// verdictStrength reads a verdict cell: "must" for a ban ("❌", "no", "never",
// "forbidden"), "should" for discouraged ("avoid", "⚠️ deprecated"), "" otherwise.
func verdictStrength(cell string) string {
	c := strings.TrimSpace(cell)
	cross := strings.ContainsAny(c, "❌🚫⛔")
	warn := strings.Contains(c, "⚠")
	c = strings.ToLower(strings.Trim(strings.TrimSpace(strings.Map(func(r rune) rune {
		if r > 0x2000 && r != '’' {
			return -1 // the marks and their variation selectors
		}
		return r
	}, c)), "*_.!:"))
	switch c {
	case "no", "never", "forbidden", "banned", "not allowed", "disallowed", "prohibited", "don't use", "do not use", "never use", "not permitted":
		return "must"
	case "avoid", "discouraged", "deprecated", "not recommended", "legacy", "avoid if possible":
		return "should"
	case "":
		switch {
		case cross:
			return "must"
		case warn:
			return "should"
		}
	}
	return ""
}

// spansOnly reports a cell that holds only code spans, with commas, "or" and "and"
// between them.
func spansOnly(cell string) bool {
	c := strings.TrimSpace(cell)
	if c == "" || strings.Count(c, "`")%2 != 0 || !strings.HasPrefix(c, "`") {
		return false
	}
	var prose strings.Builder
	in := false
	for _, r := range c {
		switch {
		case r == '`':
			in = !in
		case !in:
			prose.WriteRune(r)
		}
	}
	for _, w := range strings.Fields(strings.NewReplacer(",", " ", "/", " ").Replace(prose.String())) {
		if w != "or" && w != "and" {
			return false
		}
	}
	return true
}

// cellSpans is each code span of a cell of spans, backticks kept.
func cellSpans(cell string) []string {
	var out []string
	parts := strings.Split(cell, "`")
	for i := 1; i < len(parts); i += 2 {
		out = append(out, "`"+parts[i]+"`")
	}
	return out
}

// withCell adds a cell to a row's sentence as a sentence of its own.
func withCell(sentence, cell string) string {
	c := strings.TrimSpace(cell)
	if c == "" || c == "-" || c == "—" {
		return sentence
	}
	if !strings.HasSuffix(c, ".") {
		c += "."
	}
	return sentence + " " + strings.ToUpper(c[:1]) + c[1:]
}
