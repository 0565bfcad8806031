package norm

import (
	"slices"
	"strings"
)

// BranchSectionForms reads the branch names a "### Branch Naming" section allows from
// the texts of its items, each of which may give one form ("`feature/` - new
// features", "`fix/<topic>` for bug fixes"). Real sections hold more than the forms:
//   - the words that follow the prefix ("**Action words:**" over "`add-`", "`fix-`"):
//     where some forms are prefixes with a slash, an item without one is a word of the
//     rest of the name, not a name of its own;
//   - a template whose head is a word for the kind ("`type/action-name`"), when other
//     items list the kinds: the template is not a prefix "type/"; alone, its head is
//     any word;
//   - examples ("e.g. `bot/fix-spinner`"): a name the file itself gives must be
//     allowed, so a prefix only an example uses joins the forms, and the doubt says
//     that the file's list and its examples disagree.
//
// It returns the globs a new branch's name must match (empty for none) and the doubt,
// "" when the section is read with certainty.
func BranchSectionForms(items []string) (globs []string, doubt string) {
	var examples []string
	for _, it := range items {
		if g := BranchSectionItem(it); g != "" && !slices.Contains(globs, g) {
			globs = append(globs, g)
		}
		for _, t := range Tokenize(it) {
			if t.Code && strings.Contains(t.Text, "/") && !strings.ContainsAny(t.Text, " <{") && exampleOf(it, t.Text) {
				examples = append(examples, t.Text)
			}
		}
	}
	if slices.ContainsFunc(globs, prefixForm) {
		globs = slices.DeleteFunc(globs, func(g string) bool { return !prefixForm(g) })
	}
	if concrete := slices.DeleteFunc(slices.Clone(globs), kindTemplate); len(concrete) > 0 {
		globs = concrete
	} else {
		for k, g := range globs {
			if kindTemplate(g) {
				globs[k] = "*" + g[strings.IndexByte(g, '/'):]
			}
		}
	}
	for _, ex := range examples {
		if slices.ContainsFunc(globs, func(g string) bool { return globMatch(g, ex) }) {
			continue
		}
		g := ex[:strings.IndexByte(ex, '/')+1] + "*"
		if !slices.Contains(globs, g) {
			globs = append(globs, g)
		}
		doubt = "the file's own example uses a branch prefix its list does not name"
	}
	return globs, doubt
}

// BranchSectionItem is the branch name form an item of a branch naming section starts
// with (BranchItem, or an owner's template "`<username>/<topic>`"), "" for none.
func BranchSectionItem(item string) string {
	if g := BranchItem(item); g != "" {
		return g
	}
	return ownerTemplate(item)
}

// prefixForm: a form whose name starts with a folder-like prefix ("feature/*").
func prefixForm(g string) bool { return strings.Contains(g, "/") }

// kindTemplate: a form whose head is a word for the kind of work, not a prefix
// ("type/*", "category/*").
func kindTemplate(g string) bool {
	head, _, ok := strings.Cut(g, "/")
	if !ok {
		return false
	}
	switch strings.ToLower(head) {
	case "type", "kind", "category", "prefix", "scope", "area", "topic":
		return true
	}
	return false
}

// ownerTemplate: an item whose form is a placeholder and a slash ("`<username>/<short
// description>`"): a name with an owner's prefix, "*/*".
func ownerTemplate(item string) string {
	for i, t := range Tokenize(item) {
		if i > 3 {
			break
		}
		if t.Code {
			if strings.HasPrefix(t.Text, "<") && strings.Contains(t.Text, ">/") && !strings.Contains(t.Text, " ") {
				return "*/*"
			}
			return ""
		}
	}
	return ""
}
