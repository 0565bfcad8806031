package norm

// Limits of size in lines: a file's ("Keep each file under 300 lines", "`AGENTS.md`
// MUST stay <= 250 lines", "File size limit: 500 lines max") and a function's
// ("Functions should not exceed 40 lines", "No method longer than 30 lines"). A pull
// request's or a change's size is a contribution's, and a count of other things
// ("2-3 fixtures per model") no limit of lines.

import (
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// SizeLimit is a limit of lines read from a sentence.
type SizeLimit struct {
	// Lines is the most lines allowed.
	Lines int
	// Approximate: the number is a target ("around", "~", "where it makes sense",
	// "try to"), which warns.
	Approximate bool
	// File is the file the sentence names as its subject (`AGENTS.md`), "" for every
	// file of the code.
	File string
	// NewOnly: the limit is of files a change adds ("Do not add new source files over
	// 800 lines").
	NewOnly bool
	// Function: the limit is of a function's or a method's lines, not a file's.
	Function bool
	// Component: the limit is of a component's lines ("Maximum component length: 200
	// lines"), which heed measures on the files components are written in.
	Component bool
	// For: the kind of code a leading "For ..." limits it to ("For extracted
	// primitives, keep modules <400 lines"), which heed cannot locate.
	For string
}

// sizeNewFilesRE: the limit speaks of new files.
var sizeNewFilesRE = lazyre.New(`(?i)\bnew\s+(?:source\s+|code\s+)?(?:files?|modules?|components?)\b`)

// sizeLimitRE: a bound and a number of lines, or a number of lines and "max".
// Groups: 1 the number after a bound, 2 the number before "max", 3 the number of a
// label ("Max file length: 400 lines").
var sizeLimitRE = lazyre.New(`(?i)(?:\b(?:under|below|less\s+than|fewer\s+than|no\s+more\s+than|not\s+(?:be\s+)?more\s+than|at\s+most|up\s+to|max(?:imum)?(?:\s+of)?|limit(?:ed)?\s+(?:of|to|at)?|exceed(?:ing|s)?|longer\s+than|over|beyond|within|than)\s*|<=\s*|≤\s*|<\s*|>\s*|\(\s*>\s*)~?\s*([0-9][0-9,]*)\s+lines?\b|\b([0-9][0-9,]*)\s+lines?\s+(?:max(?:imum)?|at\s+most|or\s+(?:less|fewer))\b|\b(?:size|length)(?:\s+limit)?\**\s*[:=]\**\s*([0-9][0-9,]*)\s+lines?\b`)

// sizeSubjectFileRE: the sentence is about files, modules or components.
var sizeSubjectFileRE = lazyre.New(`(?i)\b(?:files?|modules?|components?|source\s+files?|classes|class|file\s+size)\b`)

var (
	// sizeComponentRE, sizeFileWordRE: the limit speaks of components, and of files.
	sizeComponentRE = lazyre.New(`(?i)\bcomponents?\b`)
	sizeFileWordRE  = lazyre.New(`(?i)\b(?:files?|modules?)\b`)
	// sizeConditionRE: a size that conditions a demand other than splitting ("...
	// over 150 lines should extract stateful logic into hooks").
	sizeConditionRE = lazyre.New(`(?i)(?:>|\bover|\bmore than|\blonger than|\bexceeding)\s*~?\s*[0-9][0-9,]*\s+lines?\s+(?:should|must|need to|have to|shall)\s+(?:always\s+)?(?:extract|move|use|have|get|include|be reviewed|be documented|be tested|declare)\b`)
	// sizeForRE: a leading "For <kind of code>," that limits the sentence.
	sizeForRE = lazyre.New(`(?i)^\W*(?:[^:]{1,30}:\W*)?for ((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*),`)
)

// sizeSubjectFuncRE: the sentence is about functions or methods.
var sizeSubjectFuncRE = lazyre.New(`(?i)\b(?:functions?|methods?|funcs?|procedures?|routines?)\b`)

// sizeNotCodeRE: the size of a contribution, a diff or a document's parts, no limit
// of the code's files.
var sizeNotCodeRE = lazyre.New(`(?i)\b(?:pull\s+requests?|prs?|merge\s+requests?|diffs?|changes?|changed|commits?|patch(?:es)?|match\s+strings?|snippets?|excerpts?|output|logs?|responses?|messages?|summar(?:y|ies)|descriptions?|answers?|replies|comments?|docstrings?|paragraphs?|sections?|prompts?|context)\b`)

// hardLimitRE: the hard limit beside a target ("(300 hard limit)", "hard limit: 300").
var hardLimitRE = lazyre.New(`(?i)\b([0-9][0-9,]*)\s*(?:lines?\s*)?(?:is\s+the\s+)?hard\s+(?:limit|cap|max(?:imum)?)\b|\bhard\s+(?:limit|cap|max(?:imum)?)\s*(?:of|:|is|=|at)?\s*([0-9][0-9,]*)`)

// sizeApproxRE: the number is a target.
var sizeApproxRE = lazyre.New(`(?i)~|\b(?:around|about|roughly|approximately|ideally|where\s+(?:it\s+makes\s+sense|possible|practical)|if\s+possible|when\s+possible|try\s+to|attempt\s+to|aim\s+(?:for|to)|prefer|consider|generally|usually|typically)\b`)

// sizeStatedRE: a directive: a modal, an imperative, a ban, or a label's "limit"/"max".
var sizeStatedRE = lazyre.New(`(?i)\b(?:must|should|shall|never|no|not|don'?t|keep|stay|limit|max(?:imum)?|split|break\s+up|exceed|cap)\b|<=|≤`)

// docSubjectRE: a sentence about adding a document of instructions, whose file a
// limit is of.
var docSubjectRE = lazyre.New(`(?i)\b(?:when|before|if) (?:adding|creating|writing) (?:a )?new (?:rule|rules file|doc|document|skill|agent|command|prompt|instruction|guide|page of docs)\b`)

// amountRead: a verb of taking lines in or out just before the number ("read more
// than", "print over", "never read >"), which makes the number an amount read, not a
// size.
func amountRead(about string) bool {
	ws := strings.Fields(strings.ToLower(about))
	for len(ws) > 0 {
		w := strings.TrimRight(ws[len(ws)-1], ">=≥")
		switch w {
		case "", "more", "than", "over", "beyond", "past", "up", "to", "at", "most":
			ws = ws[:len(ws)-1]
			continue
		case "read", "reading", "view", "viewing", "print", "printing", "show", "showing", "output", "cat", "display", "load", "loading", "scroll":
			return true
		}
		return false
	}
	return false
}

// ReadSizeLimit reads a limit of a file's or a function's lines; false when the text
// sets none.
func ReadSizeLimit(text string) (SizeLimit, bool) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "line") || !strings.ContainsAny(low, "0123456789") {
		return SizeLimit{}, false
	}
	prose := stripSpans(text)
	m := sizeLimitRE.FindStringSubmatch(prose)
	if m == nil || sizeNotCodeRE.MatchString(prose) || !sizeStatedRE.MatchString(prose) {
		return SizeLimit{}, false
	}
	n, err := strconv.Atoi(strings.ReplaceAll(m[1]+m[2]+m[3], ",", ""))
	if err != nil || n <= 0 {
		return SizeLimit{}, false
	}
	about := prose[:strings.Index(prose, m[0])]
	if strings.Contains(low, "new ") && docSubjectRE.MatchString(prose) {
		// "When adding a new rule: ... keep the file under ~150 lines": the file
		// is the rule's document, no file of code
		return SizeLimit{}, false
	}
	if amountRead(about) {
		// "never read over 300 lines at once": how much of a file the reader takes in at
		// once, not how long the file may be
		return SizeLimit{}, false
	}
	l := SizeLimit{Lines: n, Approximate: sizeApproxRE.MatchString(prose), Function: sizeSubjectFuncRE.MatchString(about)}
	if h := hardLimitRE.FindStringSubmatch(prose); h != nil {
		// "≤200 lines target (300 hard limit)": the target warns, the hard limit is
		// the rule (wild round 21's checkout, octupus-crawler: files of 201 to 264
		// lines were errors)
		if hn, err := strconv.Atoi(strings.ReplaceAll(h[1]+h[2], ",", "")); err == nil && hn > 0 {
			l.Lines, l.Approximate = hn, false
		}
	} else if strings.Contains(low, "target") || strings.Contains(low, "goal") {
		l.Approximate = true
	}
	if sizeConditionRE.MatchString(prose) {
		// "React components >150 lines SHOULD extract stateful logic into hooks": what
		// a long one must do, not a limit
		return SizeLimit{}, false
	}
	if i := strings.Index(low, "for "); i >= 0 && i < 40 {
		if m := sizeForRE.FindStringSubmatch(prose); m != nil {
			l.For = m[1]
		}
	}
	if !l.Function {
		l.Component = sizeComponentRE.MatchString(about) && !sizeFileWordRE.MatchString(about)
		l.NewOnly = strings.Contains(low, "new") && sizeNewFilesRE.MatchString(prose)
		l.File = sizeSubjectFile(text)
		if l.File == "" && !sizeSubjectFileRE.MatchString(about) {
			return SizeLimit{}, false
		}
	}
	return l, true
}

// sizeSubjectFile is the file a size limit's sentence opens with (`AGENTS.md` MUST
// stay <= 250 lines), "" when it opens otherwise.
func sizeSubjectFile(text string) string {
	f, _, ok := openingSpan(text)
	if !ok {
		return ""
	}
	base := f[strings.LastIndex(f, "/")+1:]
	if strings.ContainsAny(f, " ()") || !strings.Contains(base, ".") {
		return ""
	}
	return f
}

// FileSizeLimit is ReadSizeLimit of a file's lines.
func FileSizeLimit(text string) (SizeLimit, bool) {
	l, ok := ReadSizeLimit(text)
	return l, ok && !l.Function
}

// FunctionSizeLimit is ReadSizeLimit of a function's lines.
func FunctionSizeLimit(text string) (SizeLimit, bool) {
	l, ok := ReadSizeLimit(text)
	return l, ok && l.Function
}

// SizeLimitStatement reports a limit of a file's or a function's lines stated without
// a modal ("**File size limit:** 500 lines max", "Max function length: 40 lines"): the
// project's setting, as firm as a "should".
func SizeLimitStatement(text string) bool {
	_, ok := ReadSizeLimit(text)
	return ok
}
