package norm

import (
	"regexp"
	"strings"
	"sync"
)

// The name of a changelog fragment: "Name the changelog fragment
// `<PR number>.<feature|api|bugfix|perf|other>.rst`", "Name the changelog file
// `<issue id>.<type>.rst`" (towncrier and its kin).

var (
	fragmentWordRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:changelog|change ?log|news|release[- ]notes?|what's new)\b[^.]*\b(?:fragments?|files?|entr(?:y|ies))\b`)
	})
	fragmentNameRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(?:name|call|save)\b|\b(?:must|should) be named\b|\bnamed\b`)
	})
	fragmentSpanRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("`([^`\\s]*<[^`]+>[^`\\s]*\\.(?:rst|md|txt))`")
	})
	fragmentPartRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<([^<>]+)>`) })
	fragmentNumRE  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:number|id|no|num)\b|^(?:pr|issue|ticket)$`)
	})
)

// FragmentName returns the file-name glob a sentence gives changelog fragments:
// placeholders for numbers become [0-9]*, a list of alternatives {a,b}, any other *.
func FragmentName(text string) (string, bool) {
	text = strings.ReplaceAll(strings.Join(strings.Fields(text), " "), "``", "`")
	if !fragmentWordRE().MatchString(text) || !fragmentNameRE().MatchString(text) {
		return "", false
	}
	m := fragmentSpanRE().FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	glob := fragmentPartRE().ReplaceAllStringFunc(m[1], func(p string) string {
		inner := strings.TrimSpace(p[1 : len(p)-1])
		switch {
		case strings.Contains(inner, "|"):
			var alts []string
			for _, a := range strings.Split(inner, "|") {
				if a = strings.TrimSpace(a); a != "" {
					alts = append(alts, a)
				}
			}
			return "{" + strings.Join(alts, ",") + "}"
		case fragmentNumRE().MatchString(inner):
			return "[0-9]*"
		}
		return "*"
	})
	if strings.ContainsAny(glob, "/<>") {
		return "", false
	}
	return glob, true
}
