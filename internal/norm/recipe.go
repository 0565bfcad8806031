package norm

import (
	"path"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A how-to for adding a new thing ("When adding a new service:" over numbered steps,
// "## Adding a provider" over bullets) places the new thing at a path with a
// placeholder in one step ("Put the implementation in `core/services/<service>/`") and
// names in its other steps the files to update with it ("Add the feature to
// `core/Cargo.toml`"). Read together, the steps say which files a change that adds
// such a thing also changes. The steps are read one by one here; which steps belong to
// one how-to is the lowering's (the constraints' shared lead-in or heading).

// recipeLeadRE: a lead-in or heading that opens a how-to for adding something new.
var recipeLeadRE = lazyre.New(`(?i)^(?:#+\s*)?(?:(?:when(?:ever)?|once|if)\s+(?:you\s+)?(?:are\s+)?(?:add|adding|create|creating|introduce|introducing|implement|implementing|write|writing|register|registering)|to\s+(?:add|create|introduce|implement|register|write)|(?:how|steps)\s+to\s+(?:add|create|introduce|implement|register|write)|(?:adding|creating|introducing|implementing|writing|registering)|new)\b(?:\s+or\s+\w+(?:ing)?)?\s+(?:an?\s+|any\s+|the\s+)?(?:new\s+)?([\w-]+(?:\s+[\w-]+)?)`)

// RecipeLead reports whether a lead-in or heading opens a how-to for adding a new
// thing ("When adding a new service:", "## Adding a provider").
func RecipeLead(s string) bool {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ":"))
	m := recipeLeadRE.FindStringSubmatch(s)
	// "When adding tests", "To add a dependency": a how-to whose thing is no file
	// the change adds (tests have their own rule; a dependency edits a manifest)
	return m != nil && !recipeNotAThing()[strings.ToLower(strings.Fields(m[1])[0])]
}

// recipeNotAThing are things a how-to adds that are no new file of their own.
var recipeNotAThing = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"test": true, "tests": true, "dependency": true, "dependencies": true, "package": true,
		"packages": true, "feature": true, "features": true, "option": true, "options": true, "flag": true, "flags": true,
		"field": true, "fields": true, "setting": true, "settings": true, "key": true, "keys": true, "entry": true,
		"entries": true, "changelog": true, "comment": true, "comments": true, "log": true, "logs": true, "docs": true,
		"documentation": true, "support": true, "a": true, "an": true, "the": true, "it": true, "them": true, "this": true}
})

// RecipeStep is what one step of a how-to says: where the new thing goes (Place, a
// glob of the files that make it up), or which existing files to update (Updates).
type RecipeStep struct {
	Place   string
	Updates []string
}

var (
	recipePlaceVerbRE  = lazyre.New(`(?i)^(?:\d+[.)]\s*)?(?:please\s+)?(?:put|create|add|place|write|implement|name|save|store|define|make)\b`)
	recipeUpdateVerbRE = lazyre.New(`(?i)^(?:\d+[.)]\s*)?(?:please\s+)?(?:also\s+)?(?:add|register|export|re-export|import|list|update|document|declare|wire|include|reference|append|mention|edit|modify|expose|hook)\b`)
	// a step that holds only sometimes is no part of every addition
	// recipeFolderVerbRE: a step that makes the new thing's file in a folder the
	// sentence names without a placeholder ("Create the module in `src/backends/`");
	// "add" is left out, since "add it to `docs/`" as often updates a folder's file
	recipeFolderVerbRE = lazyre.New("(?i)^(?:\\d+[.)]\\s*)?(?:please\\s+)?(?:create|put|place|write|implement|define|save|store)\\b[^`]*\\b(?:in|under|into|inside|within)\\s+(?:the\\s+)?`[^`]+/`(?:\\s+(?:folder|directory|dir|package))?\\s*[.:]?$")
	recipeConditionRE  = lazyre.New(`(?i)\b(?:if|when|whenever|unless|where|optionally|as needed|if needed|when needed|in case)\b`)
	recipeSpanRE       = lazyre.New("`([^`]+)`")
	// recipeAsideRE: an example or a reference in parentheses ("(e.g., `lmdb.rs`)",
	// "(see `sqlite.rs` for reference)")
	recipeAsideRE = lazyre.New("(?i)\\s*\\((?:e\\.g\\.|i\\.e\\.|eg\\b|for example|for instance|such as|like|see)[^()]*\\)")
)

// ReadRecipeStep reads one step of a how-to ("Put the implementation in
// `core/services/<service>/`", "Register it in `src/registry.ts`"); ok is false for a
// step that places nothing and names no file to update without a condition.
func ReadRecipeStep(text string) (RecipeStep, bool) {
	// "Create a new file in `src/storage/` (e.g., `lmdb.rs`)": an example or a
	// reference in parentheses is no file of the step
	t := strings.TrimSpace(recipeAsideRE.ReplaceAllString(text, ""))
	var placeholders, concrete []string
	for _, m := range recipeSpanRE.FindAllStringSubmatch(t, -1) {
		sp := strings.TrimSpace(m[1])
		if g, ok := placeholderGlob(sp); ok {
			placeholders = append(placeholders, g)
			continue
		}
		if pathLike(sp) && !strings.ContainsAny(sp, "*?{}[]<>") {
			concrete = append(concrete, strings.TrimPrefix(sp, "./"))
		}
	}
	if len(placeholders) == 0 && len(concrete) == 0 && !strings.Contains(t, "`") {
		// "Update README.md, CLAUDE.md, AGENTS.md, and skill files": file names
		// written as plain words
		for _, m := range coBareFileRE().FindAllString(t, -1) {
			m = strings.TrimLeft(m, " \t(")
			if strings.HasSuffix(strings.ToLower(m), ".js") && !strings.Contains(m, "/") {
				continue // "Node.js": a project, not a file
			}
			concrete = append(concrete, m)
		}
	}
	switch {
	case len(placeholders) == 1 && recipePlaceVerbRE.MatchString(t):
		return RecipeStep{Place: placeholders[0]}, true
	case len(placeholders) == 0 && len(concrete) == 1 && strings.HasSuffix(concrete[0], "/") && recipeFolderVerbRE.MatchString(t) && !recipeConditionRE.MatchString(t):
		// "Create the module in `core/src/backends/`": a file the change adds there
		// stands for the new thing
		return RecipeStep{Place: concrete[0] + "**"}, true
	case len(placeholders) == 0 && len(concrete) > 0 && recipeUpdateVerbRE.MatchString(t) && !recipeConditionRE.MatchString(t):
		return RecipeStep{Updates: concrete}, true
	}
	return RecipeStep{}, false
}

// RecipeSentence reads a how-to said in one sentence ("When you add a new locale,
// create `locales/<lang>.json` and add the language to `src/i18n.ts`."): its steps, in
// order, when its opening clause is a how-to's lead.
func RecipeSentence(text string) []RecipeStep {
	lead, rest, ok := strings.Cut(text, ",")
	if !ok {
		return nil
	}
	if !RecipeLead(lead) {
		return nil
	}
	var steps []RecipeStep
	for _, part := range recipeClauseSplitRE.Regexp().Split(strings.TrimSuffix(strings.TrimSpace(rest), "."), -1) {
		if st, ok := ReadRecipeStep(strings.TrimSpace(part)); ok {
			steps = append(steps, st)
		}
	}
	return steps
}

var recipeClauseSplitRE = lazyre.New(`\s*(?:,\s*(?:and\s+|then\s+)?|;\s*|\s+and\s+(?:then\s+)?|\s+then\s+)`)

// placeholderWordRE: a word of a path that stands for the new thing's name: `<name>`,
// `{service}`, `NNNN`, `NAME`, `YYYY`.
var placeholderWordRE = lazyre.New(`^(?:<[^<>/]+>|\{[^{},/]+\}|N{2,}|X{2,}|NAME|ID|SLUG|KEY|VERSION|TIMESTAMP|DATE|YYYY(?:MMDD)?|YYYYMMDDHHMMSS)$`)

// placeholderGlob turns a path with a placeholder into the glob of the paths it
// stands for: `core/services/<service>/` → core/services/*/**, `src/providers/{name}.ts`
// → src/providers/*.ts, `migrations/NNNN_description.sql` → migrations/*.sql.
func placeholderGlob(sp string) (string, bool) {
	if strings.ContainsAny(sp, " \t") || !strings.Contains(sp, "/") && !strings.Contains(sp, ".") {
		return "", false
	}
	dir := strings.HasSuffix(sp, "/")
	segs := strings.Split(strings.Trim(strings.TrimPrefix(sp, "./"), "/"), "/")
	found := false
	for i, seg := range segs {
		base, ext := seg, ""
		if i == len(segs)-1 && !dir {
			if j := strings.LastIndex(seg, "."); j > 0 && !strings.ContainsAny(seg[j:], "<>{}") {
				base, ext = seg[:j], seg[j:]
			}
		}
		for _, w := range strings.FieldsFunc(base, func(r rune) bool { return r == '_' || r == '.' || r == '-' }) {
			if placeholderWordRE.MatchString(w) {
				segs[i] = "*" + ext
				found = true
				break
			}
		}
		if strings.ContainsAny(segs[i], "<>") {
			return "", false // a placeholder heed cannot delimit
		}
	}
	if !found {
		return "", false
	}
	g := path.Join(segs...)
	if dir || !strings.Contains(segs[len(segs)-1], ".") {
		g += "/**"
	}
	return g, true
}
