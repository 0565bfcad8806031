package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Frames in which instruction files put a thing out of use without "never" or "do
// not": "We no longer use `X`", "Migrate away from `X`", "Replace `X` calls with
// `Y`", "`X` should be replaced by `Y`", "Prefer `Y` to `X`", "Since Java 9, `X` is
// deprecated". BanFrames rewrites a clause in such a frame into the plain ban or
// preference the source rules read ("do not use `X`", "use `Y` instead of `X`",
// "prefer `Y` over `X`"); any other clause is returned as it is. History ("`X` was
// replaced by `Y` in v2") and placeholders ("replace `YOUR_KEY` with your key") are
// not such frames: the first has no modal, the second no code to put in its place.

var (
	frameNoLongerRE = lazyre.New("(?i)\\b(?:we |you )?(?:no longer|stopped|stop) (?:use|using|call|calling)\\b")
	frameMigrateRE  = lazyre.New("(?i)\\b(?:migrate|move|moving|migrating)(?: away)? (?:from|off)\\b|\\bphase out\\b|\\bget rid of\\b")
	frameReplaceRE  = lazyre.New("(?i)^(\\W*)replace\\s+(`[^`]+`(?:\\s+(?:calls?|usages?|uses?|imports?|invocations?))?)\\s+with\\s+((?:an?\\s+|the\\s+)?`[^`]+`.*)$")
	frameReplacedRE = lazyre.New("(?i)^(\\W*)(`[^`]+`)\\s+(?:must|should|shall|needs to|has to)\\s+be\\s+replaced\\s+(?:by|with)\\s+(?:an?\\s+|the\\s+)?(?:[a-z][\\w-]*\\s+){0,2}(`[^`]+`.*)$")
	framePreferToRE = lazyre.New("(?i)\\bprefer\\s+(`[^`]+`(?:\\s+[a-z]+)?)\\s+to\\s+(`)")
	frameSinceRE    = lazyre.New("(?i)^\\W*(?:since|as of|starting with|starting from)\\s+[^,`]{1,30},\\s*`")
	frameMixRE      = lazyre.New("(?i)\\b(?:mix|mixing|combine|combining|interleave)\\b[^.;]*\\bwith\\b")
)

// BanFrames rewrites a clause in one of the frames above into the ban it makes.
func BanFrames(clause string) string {
	low := strings.ToLower(clause)
	if !strings.Contains(clause, "`") {
		return clause
	}
	switch {
	case strings.Contains(low, "replace") && !strings.Contains(low, "placeholder"):
		if m := frameReplaceRE.FindStringSubmatch(clause); m != nil && !strings.Contains(strings.ToLower(m[3]), "your ") {
			return preferOver(m[1], m[3], m[2])
		}
		if m := frameReplacedRE.FindStringSubmatch(clause); m != nil {
			return preferOver(m[1], m[3], m[2])
		}
	case strings.Contains(low, "prefer") && strings.Contains(low, " to `"):
		return framePreferToRE.ReplaceAllString(clause, "prefer $1 over $2")
	}
	if strings.Contains(low, "no longer use") || strings.Contains(low, "no longer call") || strings.Contains(low, "stopped us") ||
		strings.Contains(low, "stopped call") {
		clause = frameNoLongerRE.ReplaceAllString(clause, "do not use")
	}
	if strings.Contains(low, "migrat") || strings.Contains(low, "move away") || strings.Contains(low, "moving away") ||
		strings.Contains(low, "phase out") || strings.Contains(low, "rid of") {
		clause = frameMigrateRE.ReplaceAllString(clause, "do not use")
	}
	if strings.Contains(low, "since") || strings.Contains(low, "as of") || strings.Contains(low, "starting") {
		if loc := frameSinceRE.FindStringIndex(clause); loc != nil {
			clause = clause[loc[1]-1:] // "Since Java 9, `X` is deprecated": `X` is deprecated
		}
	}
	if strings.Contains(low, " as `") && (strings.Contains(low, "type") || strings.Contains(low, "declare") || strings.Contains(low, "annotate")) {
		// "do not type anything as `mixed`": the type is what is banned
		clause = frameTypeAsRE.ReplaceAllString(clause, "use $1")
	}
	if strings.Contains(low, "name `") || strings.Contains(low, "word `") || strings.Contains(low, "term `") || strings.Contains(low, "phrase `") {
		// "never write the internal codename `Bluebird`": the span is the word
		clause = frameWordRE.ReplaceAllString(clause, "$1 `")
	}
	return clause
}

// frameTypeAsRE: "type anything as `X`", "declare values as `X`", "annotate the
// parameters as `X`": the type given is the span.
var frameTypeAsRE = lazyre.New("(?i)\\b(?:type|declare|annotate)\\s+(?:anything|everything|(?:any|a|the|your|new)\\s+)?(?:[a-z]+\\s+)?as\\s+(`[^`]+`)")

// frameWordRE: a noun that says what the span after it is, a word of the text
// ("write the internal codename `X`", "use the term `Y`"), between a verb and the
// span.
var frameWordRE = lazyre.New("(?i)\\b(write|use|mention|say|spell|type|put)\\s+(?:the\\s+|a\\s+|an\\s+|our\\s+)?(?:[a-z-]+\\s+)?(?:code ?name|product name|project name|word|term|phrase|name)\\s+`")

// preferOver writes "use Y instead of X", the clause's closing mark kept at its end.
func preferOver(lead, use, over string) string {
	trimmed := strings.TrimRight(use, ".;!")
	return lead + "use " + trimmed + " instead of " + over + use[len(trimmed):]
}

// MixingBan reports a clause that forbids using two things together ("Do not mix
// `async/await` with `.then()` chains"): neither is banned alone.
func MixingBan(clause string) bool {
	low := strings.ToLower(clause)
	if !strings.Contains(low, "mix") && !strings.Contains(low, "combin") && !strings.Contains(low, "interleav") {
		return false
	}
	return frameMixRE.MatchString(clause)
}

// frameAddToRE: "add to `X`", "never append entries to `X`": the span is the container
// things are added to.
var frameAddToRE = lazyre.New("(?i)\\b(?:add|adding|append|appending|insert|inserting|put|putting)\\s+(?:[a-z][\\w-]*\\s+){0,2}?(?:to|into)\\s+(?:the\\s+)?`")

// AddsToContainer reports a clause that forbids adding to a code span ("never add to
// `_GRANDFATHERED`"): what is forbidden is a new entry, not the container's name.
func AddsToContainer(clause string) bool {
	low := strings.ToLower(clause)
	if !strings.Contains(low, " to `") && !strings.Contains(low, " into `") {
		return false
	}
	return frameAddToRE.MatchString(clause)
}

// frameOnlyFileRE: "`P` is the only file that may call `X`", "only `P` may import `X`":
// a ban of X outside P in the positive.
var frameOnlyFileRE = lazyre.New("(?i)^(\\W*)(?:(`[^`]+`) (?:is|are) the only (?:files?|places?|modules?|packages?)(?: (?:that|which|allowed to))?|only (`[^`]+`)) (?:may |can |is allowed to |are allowed to |should )?(call|use|import|read|open|touch|depend on)s? (?:the )?(`[^`]+`)(?: (?:crate|package|module|library|gem|dependency))?")

// OnlyPlaceFrame rewrites a clause that names the one place allowed to use a thing
// into the ban it makes elsewhere ("do not call `fetch` outside `src/lib/http.ts`");
// any other clause is returned as it is.
func OnlyPlaceFrame(clause string) string {
	low := strings.ToLower(clause)
	if !strings.Contains(low, "the only ") && !strings.Contains(low, "only `") {
		return onlyInFrame(clause)
	}
	m := frameOnlyFileRE.FindStringSubmatch(clause)
	if m == nil {
		return onlyInFrame(clause)
	}
	place := m[2]
	if place == "" {
		place = m[3]
	}
	return m[1] + "do not " + strings.ToLower(m[4]) + " " + m[5] + " outside " + place + clause[len(m[0]):]
}

// frameOnlyInRE: "use `X` only in `P`", "`X` is allowed only in `P`", "`X` may only be
// used in `P`": the one place a thing is allowed, said after it. The place ends the
// clause, or a punctuation mark does ("only in `async` functions" names a kind of code,
// not a place).
var frameOnlyInRE = lazyre.New("(?i)^(\\W*)(?:(?:use|call|import|invoke) (`[^`]+`)(?: calls?)? only|(`[^`]+`)(?: calls?)? (?:is|are) (?:only (?:allowed|permitted|acceptable)|(?:allowed|permitted|acceptable) only)|(`[^`]+`)(?: calls?)? (?:may|can|should) only be (?:used|called|imported)) (?:in|from|within|inside|under) (" + spanList + ")(\\s*(?:$|[.;,:(]|—|–| - ))")

// onlyInFrame rewrites "use `X` only in `P`" into "do not use `X` outside `P`"; any
// other clause is returned as it is.
func onlyInFrame(clause string) string {
	low := strings.ToLower(clause)
	if strings.Count(clause, "`") < 4 || !strings.Contains(low, "only in") && !strings.Contains(low, "only from") &&
		!strings.Contains(low, "only with") && !strings.Contains(low, "only ins") && !strings.Contains(low, "only und") &&
		!strings.Contains(low, "only be") && !strings.Contains(low, "only all") && !strings.Contains(low, "only per") &&
		!strings.Contains(low, "only acc") {
		return clause
	}
	m := frameOnlyInRE.FindStringSubmatchIndex(clause)
	if m == nil {
		return clause
	}
	name := ""
	for _, g := range []int{2, 3, 4} {
		if m[2*g] >= 0 {
			name = clause[m[2*g]:m[2*g+1]]
		}
	}
	places := clause[m[10]:m[11]]
	return clause[m[2]:m[3]] + "do not use " + name + " outside " + places + clause[m[12]:]
}

// ItemLabel is the label a list item opens with, "" when it has none: a few words
// before a colon or a dash ("Async code: never ...", "Blocking in Reconcile — use
// ..."), with no verb of a rule and no end of a sentence among them.
func ItemLabel(text string) string {
	text = strings.TrimSpace(text)
	end := -1
	for _, sep := range []string{": ", " — ", " – ", " - "} {
		if i := strings.Index(text, sep); i > 0 && (end < 0 || i < end) {
			end = i
		}
	}
	if end < 2 || end > 60 || strings.ContainsAny(text[:end], ".;!?") {
		return ""
	}
	label := strings.TrimSpace(text[:end])
	if len(strings.Fields(label)) > 6 {
		return ""
	}
	for _, w := range strings.Fields(strings.ToLower(label)) {
		switch strings.Trim(w, "*_`()") {
		case "never", "not", "don't", "do", "must", "should", "always", "avoid", "use", "no", "prefer", "is", "are", "may", "can":
			return "" // a sentence, not a label
		}
	}
	return label
}

// labelRegionRE: a label that names a part of the code by what it is, which no path
// locates: "Async code", "Handlers", "Hot loops", "Blocking in Reconcile".
var labelRegionRE = lazyre.New("(?i)^(?:[a-z][\\w-]* )?code$|^(?:(?:http|api|request|event|route|grpc|message) )?(?:handlers?|controllers?|views?|migrations?|resolvers?|reducers?|middlewares?|serializers?|callbacks?|workers?|jobs?|hot (?:loops?|paths?)|(?:inner |tight )?loops?|render(?:ing)? (?:paths?|loops?))$|(?-i:\\bin [A-Z]\\w*$)|\\bin (?:hot|tight|inner) (?:loops?|paths?)$")

// LabelRegion is the part of the code a label limits its item to when no path
// locates it ("Async code", "Handlers", "in Reconcile"), "" otherwise: topics
// ("Security", "Performance"), languages, tests and production code are no region.
func LabelRegion(label string) string {
	l := strings.TrimSpace(strings.Trim(label, "*_ "))
	if l == "" || strings.Contains(l, "`") {
		return ""
	}
	low := strings.ToLower(l)
	for _, w := range []string{"production", "test", "library", "app ", "application", "source", "shipped", "runtime", "new code", "all code", "our code", "non-test", "python", "rust", "go code", "java", "kotlin", "typescript", "javascript", "ruby", "c# ", "php"} {
		if strings.Contains(low+" ", w) {
			return ""
		}
	}
	// (the expression runs only on a label that holds one of its words)
	for _, w := range labelRegionWords {
		if strings.Contains(low, w) {
			if labelRegionRE.MatchString(l) {
				return l
			}
			break
		}
	}
	return ""
}

// HeadingRegion is the part of the running program the innermost heading of header
// (headings joined by " > ") limits its section to, which no path locates: "Audio
// thread rules", "Real-time code", "Hot paths", "Interrupt handlers"; "" otherwise.
func HeadingRegion(header string) string {
	if i := strings.LastIndex(header, " > "); i >= 0 {
		header = header[i+3:]
	}
	if m := headingRegionRE.FindString(header); m != "" {
		return m
	}
	// "Zero-allocation in RT code"
	if l := strings.ToLower(header); containsAny(l, "rt code", "rt thread", "rt path", "rt loop", "zero-alloc", "zero alloc") {
		return rtRegionRE.FindString(header)
	}
	return ""
}

var rtRegionRE = lazyre.New(`(?i)\brt (?:code|threads?|paths?|loops?)\b|\bzero[- ]alloc(?:ation)?\b`)

var headingRegionRE = lazyre.New(`(?i)\b(?:audio|render(?:ing)?|ui|gui|main|worker|background|event|game|physics|network|io)[ -](?:threads?|loops?|callbacks?)\b|\breal-?time (?:code|threads?|paths?|callbacks?|contexts?|rules|safety)\b|\bhot[ -]paths?\b|\binterrupt (?:handlers?|context|service routines?)\b|\bisrs?\b|\bsignal handlers?\b`)

// labelRegionWords: a word every label labelRegionRE matches holds.
var labelRegionWords = []string{"code", " in ", "handler", "controller", "view", "migration", "resolver", "reducer",
	"middleware", "serializer", "callback", "worker", "job", "loop", "path"}

// valueNounRE: code spans named as values of the data, not as code: "a `bodha.*` or
// `ganita.*` id", "the `users` table", "a `tmp_` prefix", "`X-Debug` headers".
var valueNounRE = lazyre.New("(`[^`]+`(?:\\s*(?:,|or|and|/)\\s*`[^`]+`)*)\\s+(?:ids?|keys?|values?|labels?|strings?|prefix(?:es)?|suffix(?:es)?|topics?|columns?|tables?|routes?|urls?|headers?|slugs?|tags?|env(?:ironment)?\\s+var(?:iable)?s?)\\b")

// NamesValues reports a clause whose every code span names a value of the data ("Never
// create a `bodha.*` or `ganita.*` id"): an id, a key, a table, a prefix. A ban of it
// is of strings the code writes, not of the code's names.
func NamesValues(clause string) bool {
	if !strings.Contains(clause, "`") || !wordAfterSpanIn(strings.ToLower(clause), "`", "id", "ids", "key", "keys", "value", "values", "label", "labels",
		"string", "strings", "prefix", "prefixes", "suffix", "suffixes", "topic", "topics", "column", "columns", "table", "tables", "route", "routes",
		"url", "urls", "header", "headers", "slug", "slugs", "tag", "tags", "env", "environment") {
		return false
	}
	all := codeSpanRE().FindAllStringIndex(clause, -1)
	inValue := 0
	for _, m := range valueNounRE.FindAllStringSubmatchIndex(clause, -1) {
		for _, sp := range all {
			if sp[0] >= m[2] && sp[1] <= m[3] {
				inValue++
			}
		}
	}
	return inValue > 0 && inValue == len(all)
}

// noNeedRE: a clause that says a thing is not needed ("no `NODE_ENV` flip is needed",
// "again no `NODE_ENV` change", "`X` is not required"): no ban of the thing.
var noNeedRE = lazyre.New("(?i)\\bno\\s+(?:[\\w-]+\\s+)?`[^`]+`\\s+(?:[\\w-]+\\s+)?(?:is\\s+|are\\s+)?(?:needed|necessary|required)\\b|\\bno\\s+`[^`]+`\\s+(?:changes?|flips?|edits?|updates?|bumps?|tweaks?|toggles?|switch(?:es)?)\\b|`[^`]+`\\s+(?:is|are)\\s+not\\s+(?:needed|necessary|required)\\b")

// NoNeed reports a clause that says its code is not needed, rather than banned.
func NoNeed(clause string) bool {
	low := strings.ToLower(clause)
	if !strings.Contains(clause, "`") || !strings.Contains(low, "no") {
		return false
	}
	if !containsAny(low, "needed", "necessary", "required") && !wordAfterSpanIn(low, "no `", "change", "changes", "flip", "flips", "edit", "edits",
		"update", "updates", "bump", "bumps", "tweak", "tweaks", "toggle", "toggles", "switch", "switches") {
		return false
	}
	return noNeedRE.MatchString(clause)
}

// wordAfterSpanIn reports whether, after an occurrence of lead that opens a code span
// ("no `", "`"), the word after the span's closing backtick is one of words: a cheap
// look before an expression of the same shape runs.
func wordAfterSpanIn(low, lead string, words ...string) bool {
	for i := 0; ; {
		j := strings.Index(low[i:], lead)
		if j < 0 {
			return false
		}
		open := i + j + len(lead) - 1 // the span's opening backtick
		end := strings.IndexByte(low[open+1:], '`')
		if end < 0 {
			return false
		}
		rest := strings.TrimLeft(low[open+1+end+1:], " ")
		w := rest
		if k := strings.IndexAny(rest, " .,;:)"); k >= 0 {
			w = rest[:k]
		}
		for _, x := range words {
			if w == x {
				return true
			}
		}
		i = open + 1 + end + 1
	}
}

// Bans whose verb is left out, said once for a permission before them: "Tests may
// use `any`; production code may not", "`scripts/` may call `print()`; nothing else
// may", and a use kept to one place with "no more" after it: "`eval` is used once, in
// `src/sandbox.ts`, on purpose; don't add more".
var (
	elidedMayNotRE  = lazyre.New("(?i)^([^\\w`]*)([^;`]{0,40}?|`[^`]+`/?)\\s+(?:may|can|are allowed to|is allowed to)\\s+(use|call|import)\\s+(" + spanList + ")[^;.]{0,40}[;.,]\\s+(?:but\\s+)?([a-z][a-z -]{2,40}?)\\s+(?:may|can|must|should)\\s*(not|never|n't)?\\s*[.!]?\\s*$")
	keptOnceRE      = lazyre.New("(?i)^([^\\w`]*)(`[^`]+`)\\s+is\\s+(?:used|called|imported)\\s+(?:once|only|in (?:exactly )?one place)[, ]+(?:in|inside|from)\\s+(`[^`]+`)[^;.]{0,40}[;.]\\s+(?:please\\s+)?(?:don't|do not|never)\\s+add\\s+(?:any\\s+)?(?:more|another|others|new (?:ones|uses|calls))\\s*[.!]?\\s*$")
	elsewhereWordRE = lazyre.New("(?i)^(?:nothing|nobody|no one|no other (?:code|file|module|package|folder)s?|everything|every other (?:file|module|package|folder)|the rest(?: of the (?:code|codebase|repository))?|other (?:code|files|modules|packages|folders))(?: else)?$")
)

// ElidedBans rewrites a constraint's text whose ban leaves its verb out into the plain
// ban ("do not use `any` in production code", "do not call `print()` outside
// `scripts/`"); any other text is returned as it is.
func ElidedBans(text string) string {
	low := strings.ToLower(text)
	if !strings.Contains(text, "`") {
		return text
	}
	if strings.Contains(low, " add ") && (strings.Contains(low, " once") || strings.Contains(low, " only") || strings.Contains(low, "one place")) {
		if m := keptOnceRE.FindStringSubmatch(text); m != nil {
			return m[1] + "Do not use " + m[2] + " outside " + m[3] + "."
		}
	}
	if !containsAny(low, "may use `", "can use `", "may call `", "can call `", "may import `", "can import `", "allowed to use `", "allowed to call `", "allowed to import `") {
		return text
	}
	if end := strings.TrimRight(low, " .!"); !strings.HasSuffix(end, "not") && !strings.HasSuffix(end, "n't") && !strings.HasSuffix(end, "never") &&
		!strings.HasSuffix(end, " may") && !strings.HasSuffix(end, " can") {
		return text // the verbless clause ends the text: "...; production code may not."
	}
	m := elidedMayNotRE.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	allowed, verb, spans, rest := strings.TrimSpace(m[2]), strings.ToLower(m[3]), m[4], strings.TrimSpace(m[5])
	nothing := strings.HasPrefix(strings.ToLower(rest), "no")
	if (m[6] == "") != nothing {
		return text // "production code may." permits; "nothing else may not" is no ban
	}
	if elsewhereWordRE.MatchString(rest) {
		if !strings.HasPrefix(allowed, "`") {
			return text // "Tests may use `any`; nothing else may": no place to keep it to
		}
		return m[1] + "Do not " + verb + " " + spans + " outside " + allowed + "."
	}
	switch strings.ToLower(rest) {
	case "you", "we", "they", "it", "i", "one", "agents", "the agent", "an agent":
		return text // "you may use `X`, but we should not": who, not where
	}
	return m[1] + "Do not " + verb + " " + spans + " in " + rest + "."
}

// removedStateRE: a clause that says a thing is gone ("The plugin ABI is deleted",
// "the v1 API has been removed"), whose list after it describes what went.
var removedStateRE = lazyre.New(`(?i)\b(?:is|are|was|were|has been|have been)\s+(?:now\s+)?(?:deleted|removed|gone|dropped|retired|ripped out)\s*$`)

// RemovedStateLead reports a clause that states a thing was removed, ending there.
func RemovedStateLead(clause string) bool {
	low := strings.ToLower(clause)
	if !strings.Contains(low, "delet") && !strings.Contains(low, "remov") && !strings.Contains(low, "gone") &&
		!strings.Contains(low, "dropp") && !strings.Contains(low, "retir") && !strings.Contains(low, "ripped") {
		return false
	}
	return removedStateRE.MatchString(strings.TrimRight(clause, " .:;—–-"))
}

// dirNamesBanRE: folders banned by their names ("Never create directories named
// `misc`, `temp` or `new`", "No folders called `utils`"); group 1 holds the spans.
var dirNamesBanRE = lazyre.New("(?i)\\b(?:never|don't|do not|must not|no)\\b[^.;]{0,30}?\\b(?:director(?:y|ies)|folders?|dirs?)\\s+(?:named|called)\\s+(`[^`]+`(?:\\s*(?:,|or|and|, or|, and)\\s*`[^`]+`)*)")

// DirNamesBanned returns the folder names a sentence bans, or nil.
func DirNamesBanned(text string) []string {
	low := strings.ToLower(text)
	if !strings.Contains(low, "named") && !strings.Contains(low, "called") || !strings.Contains(low, "director") && !strings.Contains(low, "folder") && !strings.Contains(low, "dirs") {
		return nil
	}
	m := dirNamesBanRE.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	var out []string
	parts := strings.Split(m[1], "`")
	for i := 1; i < len(parts); i += 2 {
		if n := strings.Trim(parts[i], "/"); n != "" && !strings.ContainsAny(n, "/ *") {
			out = append(out, n)
		}
	}
	return out
}

// subjectRegionRE: a sentence that opens with a part of the running program no path
// locates ("Hot loops never use `fmt.Sprintf`", "In tight loops, avoid `errors.New`").
var subjectRegionRE = lazyre.New(`(?i)^\W*(?:in |inside |within |on )?(?:the |a |any |all )?(hot (?:loops?|paths?)|inner loops?|tight loops?|real-?time (?:code|paths?|threads?|loops?))\b`)

// SubjectRegion is the region a sentence opens with (subjectRegionRE), or "".
func SubjectRegion(prose string) string {
	l := strings.ToLower(prose)
	if !strings.Contains(l, "hot") && !strings.Contains(l, "loop") && !strings.Contains(l, "real") {
		return ""
	}
	if m := subjectRegionRE.FindStringSubmatch(prose); m != nil {
		return strings.ToLower(m[1])
	}
	return ""
}
