package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// What a change to a manifest asks of other files: a version kept equal in the files a
// sentence names, a new dependency listed in a notices file.

var (
	manVersionRE  = lazyre.New(`\bversions?( numbers?| strings?)?\b`)
	manTogetherRE = lazyre.New(`\b(together|(must|should|always) (always )?match|in sync|in lockstep|the same|both|consistent|agree)\b`)
	manSetRE      = lazyre.New(`\b(bump|bumps|bumped|bumping|update|updated|change|changed|set|raise|increment|must (always )?match|should (always )?match|kept|keep)\b`)
	manDepNewRE   = lazyre.New(`\b(new|add|adds|added|adding|introduc\w*)\b[^.]{0,30}\b(dependenc(y|ies)|packages?|libraries|library|crates?|modules?|gems?)\b`)
	manDepListRE  = lazyre.New(`\b(list|listed|add|added|record|recorded|mention|mentioned|document|documented|include|included|update|note|noted|credit|credited)\b`)
	manReleaseRE  = lazyre.New(`\b(releas\w*|publish\w*|cut(ting)? a release)\b`)
	manNeedlessRE = lazyre.New(`\b(do not|don't|doesn't|does not) need\b`)
)

// KeepsVersionEqual reports whether a clause (lower case, code spans taken out) keeps
// a version equal across files: the version word, a word of keeping equal and a verb
// of setting it ("bump the version in `a` and `b` together", "the version in a and b
// must always match").
func KeepsVersionEqual(clause string) bool {
	return manVersionRE.MatchString(clause) && manTogetherRE.MatchString(clause) && manSetRE.MatchString(clause)
}

// ListsNewDependencies reports whether the sentence (lower) asks a new dependency to
// be listed or credited ("New dependencies must be listed in `NOTICE`"), and its
// nearest frame (near) is not a release's checklist.
func ListsNewDependencies(lower, near string) bool {
	return manDepNewRE.MatchString(lower) && manDepListRE.MatchString(lower) && !manReleaseRE.MatchString(near)
}

// ForbidsOutright reports whether the sentence (lower) forbids, other than by saying
// what is not needed ("a change to docs does not need a version bump").
func ForbidsOutright(lower string) bool {
	return Forbids(lower) && !manNeedlessRE.MatchString(lower)
}

var (
	cpmPlaceRE   = lazyre.New(`(?i)directory\.packages\.props|central(?:ly managed| package (?:version )?management)|\bcpm\b`)
	cpmProjRE    = lazyre.New(`(?i)\.(?:cs|fs|vb)proj\b|packagereference|individual projects?|project files?`)
	cpmVersionRE = lazyre.New(`(?i)\bversions?\b`)
	cpmPluralRE  = lazyre.New(`(?i)\bversions\b`)
	cpmForbidRE  = lazyre.New(`(?i)\b(?:never|no|not|without|don't|do not|must not|forbids?|forbidden|only|instead of|version-less|versionless)\b`)
)

// KeepsPackageVersionsCentral reports whether a sentence asks .NET package versions
// to be kept out of the project files (central package management): "never add a
// `Version=` attribute to a `PackageReference`", "Central package management forbids
// `Version` in `.csproj`", "add package versions to `Directory.Packages.props` instead
// of putting versions in individual projects", "Never add versions in `.csproj`". A
// project file's own version ("never bump the version in the `.csproj`") is not it:
// without the central file or a package reference, only versions in the plural are.
func KeepsPackageVersionsCentral(text string) bool {
	if !cpmVersionRE.MatchString(text) || !cpmForbidRE.MatchString(text) || !cpmProjRE.MatchString(text) {
		return false
	}
	return cpmPlaceRE.MatchString(text) || strings.Contains(strings.ToLower(text), "packagereference") || cpmPluralRE.MatchString(text)
}
