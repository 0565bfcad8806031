package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// The form of particular calls, as Python style guides state it: "A
// `sympy_deprecation_warning(...)` call must set `stacklevel`", "Code that emits a
// warning must set `stacklevel`", "Call super-class methods through `super()`",
// "When calling `raises(ExceptionType, ...)`, the tested expression must be wrapped in
// `lambda`", "To display a `None` result in a doctest, the example must call
// `print(<expression>)`".

// CallForm is one such rule.
type CallForm struct {
	// Form is "keyword" (calls of Callee pass Keyword), "no-keyword" (calls of Callee,
	// or any call when Callee is empty, do not pass Keyword=Value), "super" (a base class's
	// methods called on self through super()), "category" (calls of Callee name the
	// warning's class: a second positional argument or category=), "lambda-arg" (the second argument of
	// a call of Callee is a lambda, not a call), "doctest-none" (a doctest shows a
	// None result through print).
	Form string
	// Callee is the called name as written, dotted ("warnings.warn").
	Callee  string
	Keyword string
	// Value is the banned keyword's value as written ("True"), for "no-keyword".
	Value string
	// Inferred: the callee is not written in the sentence ("code that emits a
	// warning" is a call of warnings.warn): a reading to warn with.
	Inferred bool
	// LimitsPositional (for "keyword"): the sentence names the argument, not the
	// keyword ("never call `datetime.now()` without a `tz` argument"), so a call may
	// give it by position; only calls of at most MaxPositional positional arguments,
	// the number its code span shows, lack it for certain.
	LimitsPositional bool
	MaxPositional    int
}

var (
	callKeywordRE = lazyre.New("(?i)^(?:(?:a|an|each|every|any|all)\\s+)?(?:calls?\\s+(?:to|of)\\s+)?`([A-Za-z_][\\w.]*)(?:\\((?:\\.\\.\\.|…)?\\))?`(?:\\s+calls?)?\\s+(?:must|should)\\s+(?:always\\s+)?(?:set|pass|include|give|specify)\\s+(?:the\\s+|an?\\s+)?`([A-Za-z_]\\w*)`(?:\\s+(?:argument|keyword|parameter))?(?:\\s*[.;]|\\s+so\\b|\\s+to\\b|$)")
	// callNoKeywordRE: "Never pass `shell=True` to `subprocess` calls", "Do not use
	// `verify=False` in `requests` calls", "Never call `subprocess.run` with
	// `shell=True`", "Don't disable TLS certificate verification (`verify=False`)": a
	// keyword's value banned in the calls of a callee, or in any call.
	callNoKeywordRE = lazyre.New("(?i)^(?:never|do not|don't|must not|avoid)\\s+(?:(?:pass(?:ing)?|set(?:ting)?|use|using|add(?:ing)?)\\s+`([A-Za-z_]\\w*)\\s*=\\s*((?-i:True|False|None)|-?\\d+(?:\\.\\d+)?)`(?:\\s+(?:to|in|on|for)\\s+(?:(?:any|all|every|the)\\s+)?(?:calls?\\s+(?:of|to)\\s+)?`([A-Za-z_][\\w.]*)(?:\\((?:\\.\\.\\.|…)?\\))?`(?:\\s+calls?)?)?|call(?:ing)?\\s+`([A-Za-z_][\\w.]*)(?:\\((?:\\.\\.\\.|…)?\\))?`\\s+with\\s+`([A-Za-z_]\\w*)\\s*=\\s*((?-i:True|False|None)|-?\\d+(?:\\.\\d+)?)`|(?:disable|turn off|skip|bypass)\\s+[\\w -]{1,40}?\\s*\\(`([A-Za-z_]\\w*)\\s*=\\s*((?-i:True|False|None))`\\))")
	// callWithoutRE: "never call `datetime.now()` without a `tz` argument", "`open()`
	// must not be called without `encoding`": a clause that bans the call's form
	// lacking one argument.
	callWithoutRE = lazyre.New("(?i)(?:^|[:;—–]\\s*|\\.\\s+)(?:(?:never|do not|don't|must not|avoid)\\s+call(?:ing)?\\s+`([A-Za-z_][\\w.]*)(\\([^`]*\\))?`|`([A-Za-z_][\\w.]*)(\\([^`]*\\))?`\\s+(?:must|should|may)\\s+(?:not|never)\\s+be\\s+called)\\s+without\\s+(?:(?:a|an|the|its|passing|an explicit)\\s+)?`([A-Za-z_]\\w*)=?`(?:\\s+(?:argument|keyword|parameter|arg|kwarg))?(?:\\s*[.;,]|$)")
	callUseRE     = lazyre.New("(?i)^(?:never|do not|don't|must not|avoid)\\s+us(?:e|ing)\\b")
	callWarnRE    = lazyre.New("(?i)^(?:code|a call|every call|any code|each call) that (?:emits|raises|issues) a warning (?:must|should) (?:always )?(?:set|pass|specify) `(stacklevel)`(?:\\s*[.;]|\\s+so\\b|\\s+to\\b|$)")
	// callPassToRE: "Always pass `stacklevel` to `warnings.warn`", "Pass
	// `stacklevel=2` to every `warnings.warn()` call".
	callPassToRE = lazyre.New("(?i)^(?:always\\s+)?(?:pass|set|give|specify)\\s+`([A-Za-z_]\\w*)(?:=[^`]*)?`\\s+(?:to|in|on)\\s+(?:(?:every|each|all|any)\\s+)?(?:calls?\\s+(?:of|to)\\s+)?`([A-Za-z_][\\w.]*)(?:\\((?:\\.\\.\\.|…)?\\))?`(?:\\s+calls?)?(?:\\s*[.;]|\\s+so\\b|\\s+to\\b|$)")
	// callWarnLeadRE: "When emitting a `DeprecationWarning`, pass `stacklevel=2`":
	// the warning's call, which the sentence does not write.
	callWarnLeadRE = lazyre.New("(?i)^(?:when|whenever)\\s+(?:emitting|raising|issuing)\\s+(?:an?\\s+)?(?:`\\w*Warning`|(?:deprecation\\s+|user\\s+|future\\s+|runtime\\s+)?warnings?),\\s*(?:always\\s+)?(?:pass|set|give|specify)\\s+`(stacklevel)(?:=\\d+)?`(?:\\s*[.;]|\\s+so\\b|\\s+to\\b|$)")
	// callCategoryRE: "Emit warnings with `warnings.warn(message, category)`": the
	// call's second argument, the warning's class, is part of the form.
	// callCategoryGiveRE: "Always give `warnings.warn` an explicit category", "pass
	// a warning category to `warnings.warn`".
	callCategoryGiveRE = lazyre.New("(?i)^(?:always\\s+)?(?:give|pass|provide)\\s+(?:(?:every|each|all)\\s+)?(?:calls?\\s+(?:to|of)\\s+)?`warnings\\.warn(?:\\(\\))?`(?:\\s+calls?)?\\s+an?\\s+(?:explicit\\s+)?(?:warning\\s+)?(?:category|class)\\b|^(?:always\\s+)?(?:give|pass|provide)\\s+an?\\s+(?:explicit\\s+)?(?:warning\\s+)?(?:category|class)\\s+to\\s+(?:(?:every|each|all)\\s+)?`warnings\\.warn(?:\\(\\))?`")
	callCategoryRE     = lazyre.New("(?i)^(?:always\\s+)?(?:emit|raise|issue|give)\\s+(?:all\\s+|every\\s+|user-facing\\s+)?warnings\\s+(?:with|through|via|using|by calling)\\s+`warnings\\.warn\\(\\s*\\w+\\s*,\\s*(?:category|warning_class|warning_category|cls|klass|\\w*(?:Warning|Category|Class))\\s*\\)`")
	callCondRE         = lazyre.New(`(?i)\b(?:when|whenever|if|unless|where|except)\b`)
	callPurposeRE      = lazyre.New(`(?i)\s(?:so|so that|to|in order to)\s+\w`)
	callSuperRE        = lazyre.New("(?i)^call (?:base|super|parent)[- ]?class(?:'s)? methods? (?:through|with|via|using|by way of) `super\\(\\)`\\s*\\.?$")
	callLambdaRE       = lazyre.New("(?i)^when calling `([A-Za-z_][\\w.]*)\\([^`]*\\)`,\\s*(?:the tested expression (?:must|should) be wrapped|wrap the tested expression) in `lambda`")
	callNoneRE         = lazyre.New("(?i)^to (?:display|show|print) a `None` result in a doctest,\\s*(?:the example (?:must|should) )?call `print\\(")
)

// ReadCallForm reads a sentence of a call's form; ok is false for any other sentence
// and for one whose rule holds only under a condition heed cannot see.
func ReadCallForm(text string) (CallForm, bool) {
	t := strings.TrimSpace(strings.ReplaceAll(text, "``", "`"))
	if m := callKeywordRE.FindStringSubmatchIndex(t); m != nil {
		if callCondRE.MatchString(t[m[1]:]) {
			return CallForm{}, false // "... must set `timeout` when the server is remote"
		}
		// "... must set `stacklevel` so the warning points to the caller": a
		// purpose, which a default of the callee may already serve
		purpose := callPurposeRE.MatchString(t[m[1]:]) || callPurposeRE.MatchString(t[m[0]:m[1]])
		return CallForm{Form: "keyword", Callee: t[m[2]:m[3]], Keyword: t[m[4]:m[5]], Inferred: purpose}, true
	}
	if m := callNoKeywordRE.FindStringSubmatchIndex(t); m != nil {
		if callCondRE.MatchString(t[m[1]:]) || callCondRE.MatchString(t[:m[1]]) {
			return CallForm{}, false // "... unless the input is trusted"
		}
		sub := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return t[m[2*i]:m[2*i+1]]
		}
		f := CallForm{Form: "no-keyword", Keyword: sub(1), Value: sub(2), Callee: sub(3)}
		if f.Keyword == "" {
			f.Callee, f.Keyword, f.Value = sub(4), sub(5), sub(6)
		}
		if f.Keyword == "" {
			f.Keyword, f.Value = sub(7), sub(8)
		}
		if f.Callee == "" && callUseRE.MatchString(t) {
			// "never use `shell=True`": a construct banned as written, which the
			// source reader reads from the span itself
			return CallForm{}, false
		}
		return f, true
	}
	if f, ok := readCallWithout(t); ok {
		return f, f.Form != ""
	}
	if m := callWarnRE.FindStringSubmatchIndex(t); m != nil {
		if callCondRE.MatchString(t[m[1]:]) {
			return CallForm{}, false
		}
		return CallForm{Form: "keyword", Callee: "warnings.warn", Keyword: t[m[2]:m[3]], Inferred: true}, true
	}
	if m := callPassToRE.FindStringSubmatchIndex(t); m != nil {
		if callCondRE.MatchString(t[m[1]:]) {
			return CallForm{}, false
		}
		// the purpose after the callee ("... call so the warning points at the caller")
		purpose := callPurposeRE.MatchString(t[m[5]:])
		return CallForm{Form: "keyword", Callee: t[m[4]:m[5]], Keyword: t[m[2]:m[3]], Inferred: purpose}, true
	}
	if m := callWarnLeadRE.FindStringSubmatchIndex(t); m != nil {
		if callCondRE.MatchString(t[m[1]:]) {
			return CallForm{}, false
		}
		return CallForm{Form: "keyword", Callee: "warnings.warn", Keyword: t[m[2]:m[3]], Inferred: true}, true
	}
	if m := callCategoryGiveRE.FindStringIndex(t); m != nil && !callCondRE.MatchString(t[m[1]:]) {
		return CallForm{Form: "category", Callee: "warnings.warn"}, true
	}
	if m := callCategoryRE.FindStringIndex(t); m != nil {
		if callCondRE.MatchString(t[m[1]:]) {
			return CallForm{}, false
		}
		return CallForm{Form: "category", Callee: "warnings.warn"}, true
	}
	if callSuperRE.MatchString(t) {
		return CallForm{Form: "super", Inferred: true}, true
	}
	if m := callLambdaRE.FindStringSubmatch(t); m != nil {
		return CallForm{Form: "lambda-arg", Callee: m[1]}, true
	}
	if callNoneRE.MatchString(t) {
		return CallForm{Form: "doctest-none", Inferred: true}, true
	}
	return CallForm{}, false
}

// shownPositional counts the positional arguments a call's code span shows: none for
// "()" or "(...)", one per argument otherwise, keyword arguments left out.
func shownPositional(args string) int {
	inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(args, "("), ")"))
	if inner == "" || inner == "..." || inner == "…" {
		return 0
	}
	n := 0
	for _, a := range strings.Split(inner, ",") {
		if a = strings.TrimSpace(a); a != "" && a != "..." && a != "…" && !strings.Contains(a, "=") {
			n++
		}
	}
	return n
}

// readCallWithout reads "never call `X()` without a `k` argument"; handled is true
// when the sentence is of that form, f empty when its rule holds only under a
// condition heed cannot see.
func readCallWithout(t string) (f CallForm, handled bool) {
	if !strings.Contains(strings.ToLower(t), "without") {
		return CallForm{}, false // the cheap test before the expression
	}
	m := callWithoutRE.FindStringSubmatchIndex(t)
	if m == nil {
		return CallForm{}, false
	}
	if callCondRE.MatchString(t[m[1]:]) {
		return CallForm{}, true
	}
	callee, args := "", ""
	switch {
	case m[2] >= 0:
		callee = t[m[2]:m[3]]
		if m[4] >= 0 {
			args = t[m[4]:m[5]]
		}
	default:
		callee = t[m[6]:m[7]]
		if m[8] >= 0 {
			args = t[m[8]:m[9]]
		}
	}
	return CallForm{Form: "keyword", Callee: callee, Keyword: t[m[10]:m[11]], LimitsPositional: true, MaxPositional: shownPositional(args)}, true
}
