package source

import (
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// kindPlace is where the kind of code a sentence's subject names lives
// ("Controllers must not call `DB::table()`"): the repository's folders named by one
// of the subject's words (`app/Http/Controllers/`, `app/domain/` for "Domain
// entities"), else, for a role whose files carry its name, the files its naming
// conventions give (`*Controller.*`, `*_controller.*`, `*.controller.*`,
// `controllers.*`). ok is false when the subject is no kind of code; globs are nil when
// it is a role nothing locates (components where no folder holds them).
func kindPlace(s *sentence, rc *recognize.RepoContext) (globs []string, kind string, ok bool) {
	words := norm.KindSubject(s.c.Text)
	globs, role := placeKind(s, rc, words)
	if len(globs) == 0 && !role {
		// "Type hints must ...": no part of the code; "All components must be
		// function components": the construct the rule is about
		return nil, "", false
	}
	phrase := slices.Clone(words)
	slices.Reverse(phrase)
	// "React components should never call `fetch`" where no folder holds them: a
	// part of the code heed cannot place (globs nil)
	return globs, strings.Join(phrase, " "), true
}

// placeKind places the kind of code words name (head first): the folders named by
// one of them, else a role's file names. role reports a role of an application's
// architecture among the words, placed or not. A kind the rule's construct names
// ("All components must be function components") is no part of the code: nothing.
func placeKind(s *sentence, rc *recognize.RepoContext, words []string) (globs []string, role bool) {
	for _, w := range words {
		if s.construct != "" && (strings.Contains(s.construct, w) || strings.Contains(s.construct, singular(w))) {
			return nil, false
		}
	}
	if h := strings.TrimSuffix(headingPathGlob(s), "/**"); h != "" && !strings.ContainsAny(h, "*{") {
		// "### Mobile (`apps/mobile`)" over "Hooks: ... camelCase files": the hooks
		// of the heading's folder, not every folder of that name
		if globs := namedFolderGlobs(rc, h, words); len(globs) > 0 {
			return globs, true
		}
	}
	if globs := namedFolderGlobs(rc, s.c.Scope.Dir, words); len(globs) > 0 {
		return globs, true
	}
	for _, w := range words {
		switch {
		case norm.RoleInFileNames(w):
			return roleFileGlobs(s.c.Scope.Dir, w), true
		case norm.KindRole(w):
			return nil, true
		}
	}
	return nil, false
}

// namedFolderGlobs are the globs of the folders named by the first of the words that names
// any (the head noun before its qualifiers).
func namedFolderGlobs(rc *recognize.RepoContext, dir string, words []string) []string {
	for _, w := range words {
		if ds := dirsNamed(rc, dir, w); len(ds) > 0 {
			globs := make([]string, len(ds))
			for i, d := range ds {
				globs[i] = dirGlob(d)
			}
			return globs
		}
	}
	return nil
}

// dirsNamed are the folders under dir whose name is word, in its plural or singular
// and in any case ("controllers" finds `app/Http/Controllers`).
func dirsNamed(rc *recognize.RepoContext, dir, word string) []string {
	if rc == nil {
		return nil
	}
	names := map[string]bool{word: true, singular(word): true}
	var out []string
	for _, d := range rc.Dirs {
		if dir != "" && dir != "." && d != dir && !strings.HasPrefix(d, dir+"/") {
			continue
		}
		if !names[strings.ToLower(path.Base(d))] || inAnyOf(d, out) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// inAnyOf reports whether d lies inside one of the folders already found.
func inAnyOf(d string, dirs []string) bool {
	for _, o := range dirs {
		if strings.HasPrefix(d, o+"/") {
			return true
		}
	}
	return false
}

// roleFileGlobs are the file names the conventions of the languages heed parses give a
// role's code: `UserController.php`, `user_controller.rb`, `user.controller.ts`,
// `controllers.py`.
func roleFileGlobs(dir, word string) []string {
	one := singular(word)
	title := strings.ToUpper(one[:1]) + one[1:]
	globs := uniq.Values([]string{"**/*" + title + ".*", "**/*_" + one + ".*", "**/*." + one + ".*", "**/" + one + ".*", "**/" + word + ".*"})
	if dir != "" && dir != "." {
		for i, g := range globs {
			globs[i] = path.Join(dir, g)
		}
	}
	return globs
}

// singular is a plural noun's singular ("entities" → "entity", "classes" →
// "class"); a word that is no plural is returned as it is.
func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"):
		return strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}

// headingKindPlace is where the kind of code the nearest heading names lives ("###
// Controllers" over "- Never call `DB::table()`"; "### The `worker` package"): its
// folders, or a role's file names. A heading whose kind no folder holds and no file
// name tells places nothing (the rule holds where it did without it).
func headingKindPlace(s *sentence, rc *recognize.RepoContext) []string {
	if len(s.c.HeaderPath) == 0 {
		return nil
	}
	h := s.c.HeaderPath[len(s.c.HeaderPath)-1]
	if name := norm.HeadingSpanPlace(h); name != "" && !strings.Contains(name, "/") {
		return namedFolderGlobs(rc, s.c.Scope.Dir, []string{name})
	}
	globs, _ := placeKind(s, rc, norm.KindHeading(h))
	return globs
}

// unplacedException returns the exception a sentence makes that heed cannot place
// ("Never `panic` except for programmer errors in `init`"), "" when it makes none or
// places it (a path, the tests, a folder the repository has): a ban with an exception
// heed cannot see may block the very code the exception allows, so it warns.
func unplacedException(s *sentence, rc *recognize.RepoContext) string {
	for _, cl := range s.clauses() {
		at := norm.ExceptWordAt(" " + cl)
		if at < 0 {
			continue
		}
		rest := cl[at:]
		if len(pathGlobs(spansIn(rest))) > 0 || norm.TestsPermitted(rest) || norm.InTestsOnly(rest) ||
			strings.Contains(rest, "test") || len(outsideFolders(s, rc, "not "+rest)) > 0 {
			continue
		}
		return strings.TrimSpace(rest)
	}
	return ""
}
