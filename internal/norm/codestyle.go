package norm

import (
	"regexp"
	"strings"
	"sync"
)

// CodeStyle is what a sentence says of the form of code that a formatter keeps: the
// quote string literals take, semicolons at the ends of statements, trailing commas
// in multi-line literals. An empty field is a setting the sentence does not state.
type CodeStyle struct {
	// Quotes is "single" or "double".
	Quotes string
	// Semicolons is "never" or "always".
	Semicolons string
	// TrailingCommas: multi-line object and array literals end with a comma.
	TrailingCommas bool
	// Family is the language family the sentence's cues name: "js" (Prettier, ESLint,
	// semicolons, trailing commas, TypeScript), "python" (Black, Ruff, PEP 8), or ""
	// for none or both.
	Family string
}

// Any reports whether the sentence states a setting.
func (c CodeStyle) Any() bool { return c.Quotes != "" || c.Semicolons != "" || c.TrailingCommas }

// CodeStyleStatement reports a sentence that states a formatting setting of code
// without a modal ("Quotes | single", "single quotes, no semicolons"): the project's
// style, as firm as a "should".
func CodeStyleStatement(text string) bool { return ReadCodeStyle(text).Any() }

var (
	// styleFragmentSplitRE: the settings of a line are its comma-, semicolon- or
	// dash-separated fragments ("2-space indentation, single quotes, trailing commas").
	styleFragmentSplitRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\s*(?:[,;.!—–()]|\s-\s|\band\b|\bund\b|\by\b|\bet\b)\s*`)
	})
	// styleLabelRE: a label before the value ("**Formatting**:", "TypeScript:"); the
	// label of an aspect ("Quotes:") is kept as part of the value's fragment.
	styleLabelRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^([\p{L}0-9 /+&'-]{1,40}?)\s*(?::|\||=)\s*`)
	})
	quoteFragmentRE = sync.OnceValue(func() *regexp.Regexp {
		// "single quotes", "use single quotes for strings", "single quotes preferred",
		// "'single quotes'", "double-quoted strings in Python"
		return regexp.MustCompile(`^(?:(?:always|only|please|consistently)\s+)?(?:(?:use|prefer|using|enforce|with|write)\s+)?(?:['"])?(single|double)[- ]?quot(?:es|ed|e marks?|e|ation marks?)(?:['"])?(?:\s+strings?)?(?:\s+(?:for|in|on|with)\s+(?:all\s+|every\s+)?(?:strings?|string literals?|imports?|js|ts|jsx|tsx|javascript|typescript|python|code|the code(?:base)?|source(?: code)?|\w+ files))*(?:\s+(?:are\s+|is\s+)?(?:preferred|only|everywhere|always|by default|required|mandatory|throughout))?$`)
	})
	// quoteSubjectRE: "strings use single quotes", "string literals in double quotes",
	// "Strings immer in einfachen Anführungszeichen" (glossed below).
	quoteSubjectRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:all\s+)?(?:strings?|string literals?|quotes?|quote style|quotemarks?|string quotes?)\s+(?:always\s+|must\s+|should\s+)?(?:use|are|in|with|be|get|take|are in|must be in|should be in|use only)?\s*(?:always\s+)?(?:in\s+)?(single|double)(?:[- ]?quot(?:es|ed|e marks?|e))?(?:\s+only)?$`)
	})
	// quoteValueRE: the value of a label of quotes ("Quotes: single", "Quote style |
	// double quotes").
	quoteLabelRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:quotes?|quote style|quote marks?|quotemarks?|string quotes?|strings?|string literals?|string delimiters?)$`)
	})
	quoteValueRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:use\s+)?(?:always\s+)?(single|double)(?:[- ]?quot(?:es|ed|e marks?|e))?(?:\s+(?:only|preferred|always))?$`)
	})
	// quoteOverRE: "single quotes over double quotes", "double quotes, not single".
	quoteOverRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:(?:always\s+)?(?:use|prefer)\s+)?(single|double)[- ]?quotes?\s+(?:over|instead of|rather than|not|never)\s+(single|double)(?:[- ]?quotes?)?$`)
	})
	// quoteBanRE: "no double quotes", "never use double quotes for strings".
	quoteBanRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:no|never use|don't use|do not use|avoid)\s+(single|double)[- ]?quot(?:es|ed strings?)(?:\s+for\s+(?:strings?|string literals?))?$`)
	})
	semicolonNeverRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:no|without|omit|avoid|never use|never add|don't use|don't add|do not use|do not add|drop|skip)\s+(?:trailing\s+)?semi(?:colons?|s)?(?:\s+(?:at the end of (?:lines|statements)|at line ends?|anywhere|in (?:js|ts|javascript|typescript)))?$`)
	})
	semicolonAlwaysRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:(?:always\s+)?(?:use|add|include|require|write)\s+)?semicolons?(?:\s+(?:are\s+|is\s+)?(?:required|always|mandatory|everywhere|at the end of (?:every |each |all )?(?:statements?|lines?)))?$|^always end (?:every |each |all )?(?:statements?|lines?) with (?:a )?semicolons?$|^(?:don't|do not|never) rely on (?:automatic semicolon insertion|asi)$`)
	})
	semicolonLabelRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:semicolons?|semi)$`)
	})
	semicolonNeverValueRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:no|none|never|off|false|omitted|as-needed|not used)$`)
	})
	semicolonAlwaysValueRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:yes|always|required|true|on|mandatory)$`)
	})
	trailingCommaRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:(?:always\s+)?(?:use|add|include|require|keep)\s+)?trailing commas?(?:\s+(?:on|in|for|to|after)\s+(?:all\s+|every\s+)?(?:multi-?line|multiple-line)?\s*(?:constructs?|literals?|objects?|arrays?|object (?:and|&) array literals|lists|collections|arguments|structures)?)*(?:\s+(?:everywhere|where valid(?: in es5)?|always|required|es5|all))?$`)
	})
	trailingCommaLabelRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:trailing ?commas?)$`)
	})
	trailingCommaValueRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:all|es5|always|yes|required|true)\b(?:\s+(?:on|in|for)\s+(?:multi-?line|multiple-line)\b.*)?$`)
	})
	// styleConditionRE: a sentence that opens with a condition.
	styleConditionRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\W*(?:when|whenever|if|unless|in (?:examples|snippets|docs|documentation))\b`)
	})
	jsStyleCueRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:prettier|eslint|biome|dprint|standard(?:js)?|typescript|javascript|jsx|tsx|ts|js|semicolons?|trailing commas?|react|node)\b`)
	})
	pythonStyleCueRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:black|ruff|pep ?8|python|flake8|isort|pylint|yapf)\b`)
	})
)

// styleKeyRE: a formatter's option and its value as a configuration file writes them.
var styleKeyRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(singlequote|quote[-_]?style|trailing[-_]?comma)\s*[:=]\s*["']?(true|false|single|double|all|es5|none)\b`)
})

// styleGlosses are the words of other languages for the settings, read as English.
var styleGlosses = [][2]string{
	{"einfachen anführungszeichen", "single quotes"}, {"einfache anführungszeichen", "single quotes"},
	{"doppelten anführungszeichen", "double quotes"}, {"doppelte anführungszeichen", "double quotes"},
	{"comillas simples", "single quotes"}, {"comillas dobles", "double quotes"},
	{"guillemets simples", "single quotes"}, {"guillemets doubles", "double quotes"},
	{"aspas simples", "single quotes"}, {"aspas duplas", "double quotes"},
	{"keine semikolons", "no semicolons"}, {"ohne semikolons", "no semicolons"}, {"ohne semikolon", "no semicolons"},
	{"sin punto y coma", "no semicolons"}, {"pas de points-virgules", "no semicolons"}, {"pas de point-virgule", "no semicolons"},
	{"immer semikolons", "semicolons always"}, {"mit semikolons", "semicolons always"},
	{"strings immer in", "strings in"}, {"zeichenketten in", "strings in"},
	{"semikolons", "semicolons"}, {"semikolon", "semicolon"},
}

// ReadCodeStyle reads the formatting settings a sentence states. Each setting must be
// a fragment of its own ("single quotes", "no semicolons", "Quotes | single"): a
// fragment that says more ("double quotes for user-facing strings that get
// translated", "don't argue about quotes") states no setting of all the code. Two
// fragments that disagree ("double quotes for X", "single quotes otherwise") cancel.
func ReadCodeStyle(text string) CodeStyle {
	if !styleWordIn(text) {
		return CodeStyle{} // most sentences: told without a copy of the text
	}
	t := strings.ToLower(text)
	if styleConditionRE().MatchString(t) {
		// "When presenting Python code, use single-quoted strings": the style of some
		// code (the documentation's examples), not of all of it
		return CodeStyle{}
	}
	t = strings.NewReplacer("`", "", "*", "", "’", "'", "“", "\"", "”", "\"", "\u00a0", " ").Replace(t)
	for _, g := range styleGlosses {
		t = strings.ReplaceAll(t, g[0], g[1])
	}
	var out CodeStyle
	quotes := map[string]bool{}
	bareSemicolons := false
	for _, line := range strings.Split(t, "\n") {
		line = strings.TrimSpace(strings.TrimLeft(line, "-+>#0123456789. "))
		// a table row: its first cell is the label, the second its value
		if cells := strings.Split(strings.Trim(line, "| "), "|"); len(cells) >= 2 && strings.Contains(line, "|") {
			label, value := strings.TrimSpace(cells[0]), strings.TrimSpace(cells[1])
			readLabelled(label, value, &out, quotes)
			continue
		}
		for _, frag := range styleFragmentSplitRE().Split(line, -1) {
			frag = strings.TrimSpace(frag)
			if frag == "" {
				continue
			}
			if !strings.ContainsAny(frag, ":|=") {
				// no label before a value
			} else if m := styleLabelRE().FindStringSubmatch(frag); m != nil {
				label, value := strings.TrimSpace(m[1]), strings.TrimSpace(frag[len(m[0]):])
				if readLabelled(label, value, &out, quotes) {
					continue
				}
				frag = value // "**Formatting**: 2-space indentation": the label goes
			}
			quot, semi, comma := strings.Contains(frag, "quot"), strings.Contains(frag, "semi"), strings.Contains(frag, "comma")
			switch {
			case !quot && !semi && !comma:
				// (each expression is compiled on first use: only the fragments that
				// name a setting reach them)
			case quot && quoteIn(frag, quotes):
			case semi && semicolonNeverRE().MatchString(frag):
				out.Semicolons = agree(out.Semicolons, "never")
			case frag == "semicolons" || frag == "semicolon":
				bareSemicolons = true
			case semi && semicolonAlwaysRE().MatchString(frag):
				out.Semicolons = agree(out.Semicolons, "always")
			case comma && trailingCommaRE().MatchString(frag):
				out.TrailingCommas = true
			}
		}
	}
	// a formatter's options as its configuration writes them (`singleQuote: true`,
	// Ruff's `quote-style = "double"`, `trailingComma: "all"`), and a style named by
	// its common name ("semicolon-free")
	for _, m := range styleKeyRE().FindAllStringSubmatch(t, -1) {
		key, val := strings.NewReplacer("-", "", "_", "").Replace(m[1]), m[2]
		switch {
		case key == "singlequote" && val == "true":
			quotes["single"] = true
		case key == "singlequote" && val == "false":
			quotes["double"] = true
		case key == "quotestyle" && (val == "single" || val == "double"):
			quotes[val] = true
		case key == "trailingcomma" && (val == "all" || val == "es5"):
			out.TrailingCommas = true
		}
	}
	if strings.Contains(t, "semicolon-free") || strings.Contains(t, "semicolonless") || strings.Contains(t, "semicolon free") {
		out.Semicolons = agree(out.Semicolons, "never")
	}
	if bareSemicolons && (len(quotes) > 0 || out.TrailingCommas || IndentStatement(t)) {
		// "Prettier: single quotes, trailing commas, semicolons": the bare word in a
		// list of other settings is the setting that keeps them ("argue about quotes
		// and semicolons" lists none)
		out.Semicolons = agree(out.Semicolons, "always")
	}
	if out.Semicolons == "conflict" {
		out.Semicolons = ""
	}
	if len(quotes) == 1 {
		for q := range quotes {
			out.Quotes = q
		}
	}
	out.Family = styleFamily(t)
	return out
}

// quoteIn records the quote a fragment names as the style ("single quotes", "single
// quotes over double", "no double quotes", "strings in single quotes"), and reports
// whether it named one.
func quoteIn(frag string, quotes map[string]bool) bool {
	if m := quoteOverRE().FindStringSubmatch(frag); m != nil {
		quotes[m[1]] = true
		return true
	}
	if m := quoteBanRE().FindStringSubmatch(frag); m != nil {
		quotes[otherQuote(m[1])] = true
		return true
	}
	for _, re := range []*regexp.Regexp{quoteFragmentRE(), quoteSubjectRE()} {
		if m := re.FindStringSubmatch(frag); m != nil {
			quotes[m[1]] = true
			return true
		}
	}
	return false
}

// StyleFamily is the family of languages a text's cues name: "js" (Prettier, ESLint,
// semicolons, trailing commas, TypeScript), "python" (Black, Ruff, PEP 8), or "" for
// none or both ("TypeScript:" over an item, a heading "Python style").
func StyleFamily(text string) string { return styleFamily(strings.ToLower(text)) }

func styleFamily(low string) string {
	js, py := jsStyleCueRE().MatchString(low), pythonStyleCueRE().MatchString(low)
	switch {
	case js && !py:
		return "js"
	case py && !js:
		return "python"
	}
	return ""
}

// readLabelled reads a setting given as a label and its value ("Quotes: single",
// "Semicolons | none", "trailingComma: all"), and reports whether the label was one.
func readLabelled(label, value string, out *CodeStyle, quotes map[string]bool) bool {
	value = strings.Trim(value, " \"'")
	label = strings.TrimSpace(strings.TrimSuffix(label, "?"))
	if !strings.Contains(label, "quot") && !strings.Contains(label, "semi") && !strings.Contains(label, "comma") && !strings.HasPrefix(label, "string") {
		return false // a label of another aspect ("Formatting", "TypeScript")
	}
	switch {
	case quoteLabelRE().MatchString(label):
		if m := quoteValueRE().FindStringSubmatch(value); m != nil {
			quotes[m[1]] = true
		}
		return true
	case semicolonLabelRE().MatchString(label):
		switch {
		case semicolonNeverValueRE().MatchString(value):
			out.Semicolons = agree(out.Semicolons, "never")
		case semicolonAlwaysValueRE().MatchString(value):
			out.Semicolons = agree(out.Semicolons, "always")
		}
		return true
	case trailingCommaLabelRE().MatchString(label):
		if trailingCommaValueRE().MatchString(value) {
			out.TrailingCommas = true
		}
		return true
	}
	return false
}

func otherQuote(q string) string {
	if q == "single" {
		return "double"
	}
	return "single"
}

// agree keeps a setting two fragments state alike; two that differ cancel.
func agree(have, next string) string {
	if have == "" || have == next {
		return next
	}
	return "conflict"
}

// styleWordIn reports whether text holds a word of the settings ReadCodeStyle reads,
// in any case: "quot", "semicolon", "trailing comma", or the German, Spanish, French and Portuguese
// names of quotes and semicolons.
func styleWordIn(text string) bool {
	// ("comma" alone would be every "command")
	for _, w := range []string{"quot", "semicolon", "semikolon", "semi:", "semi ", "trailing comma", "trailing-comma", "trailingcomma", "nführungszeichen", "comillas", "guillemets", "aspas", "punto y coma", "point-virgule"} {
		if containsFoldASCII(text, w) {
			return true
		}
	}
	return false
}

// containsFoldASCII reports whether s contains lower, a lower-case word, in any ASCII
// case, without allocating.
func containsFoldASCII(s, lower string) bool {
	n := len(lower)
	for i := 0; i+n <= len(s); i++ {
		j := 0
		for j < n {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				break
			}
			j++
		}
		if j == n {
			return true
		}
	}
	return false
}

// spellingRE: a spelling the project keeps and the one it does not, each in quotes
// ("Spell it "catalog", never "catalogue"", "write 'color', not 'colour'").
var spellingRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`["“'‘]([A-Za-z][a-z]{2,})["”'’],?\s+(?:never|not|rather than|instead of)\s+["“'‘]([A-Za-z][a-z]{2,})["”'’]`)
})

// SpellingBan reads a sentence about spelling that names the spelling kept and the
// one banned; ok is false for any other sentence (it must speak of spelling: "use
// 'yes', not 'y'" is about answers).
func SpellingBan(text string) (keep, ban string, ok bool) {
	if !containsFoldASCII(text, "spell") {
		return "", "", false
	}
	m := spellingRE().FindStringSubmatch(text)
	if m == nil || strings.EqualFold(m[1], m[2]) {
		return "", "", false
	}
	return m[1], m[2], true
}
