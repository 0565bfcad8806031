package repo

import (
	"iter"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
)

// A code generator's configuration names the files it writes: graphql-codegen's
// `generates:` keys, buf's and sqlc's `out:`, orval's `target:`, openapi-generator's
// `output`. Those files carry no generator comment, as a rule (graphql-codegen's client
// preset opens with `/* eslint-disable */`), yet no one writes them by hand: a rule of
// the project's code does not reach them (wild round 22, devicechain: 23 of 30 errors
// were a licence-header rule on graphql-codegen output).

// generatorConfigs maps a configuration file's name to the reader of its outputs.
var generatorConfigs = lazy.Value[map[string]func(string) []string]{F: func() map[string]func(string) []string {
	return map[string]func(string) []string{
		"codegen.ts": codegenOutputs, "codegen.js": codegenOutputs, "codegen.mjs": codegenOutputs, "codegen.cjs": codegenOutputs,
		"codegen.yml": codegenOutputs, "codegen.yaml": codegenOutputs, "codegen.json": codegenOutputs,
		".graphqlrc.yml": codegenOutputs, ".graphqlrc.yaml": codegenOutputs, ".graphqlrc.json": codegenOutputs, ".graphqlrc.ts": codegenOutputs,
		"graphql.config.ts": codegenOutputs, "graphql.config.js": codegenOutputs, "graphql.config.yml": codegenOutputs,
		"buf.gen.yaml": outKeyOutputs, "buf.gen.yml": outKeyOutputs,
		"sqlc.yaml": outKeyOutputs, "sqlc.yml": outKeyOutputs, "sqlc.json": outKeyOutputs,
		"orval.config.ts": orvalOutputs, "orval.config.js": orvalOutputs, "orval.config.mjs": orvalOutputs,
		"openapitools.json": openapiOutputs,
		"components.json":   shadcnOutputs,
	}
}}

var (
	// quotedKeyRE: a quoted key of an object or a YAML mapping ("'./src/gql/': {").
	quotedKeyRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`['"]([^'"\n]+)['"]\s*:`) })
	// yamlPathKeyRE: an unquoted YAML key that is a path (`  src/gql/:`).
	yamlPathKeyRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^[ \t]+([\w@.-]*/[\w@./-]*)\s*:`) })
	outKeyRE      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)["']?\bout["']?\s*:\s*["']?([^"',\s#}]+)`) })
	orvalTargetRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(?:target|schemas)\s*:\s*['"]([^'"]+)['"]`) })
	openapiOutRE  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"output"\s*:\s*"([^"]+)"`) })
)

// codegenOutputs are the keys of graphql-codegen's `generates` block.
func codegenOutputs(text string) []string {
	i := strings.Index(text, "generates")
	if i < 0 {
		return nil
	}
	rest := text[i+len("generates"):]
	var out []string
	for _, m := range quotedKeyRE().FindAllStringSubmatch(rest, -1) {
		if looksLikeOutput(m[1]) {
			out = append(out, m[1])
		}
	}
	for _, m := range yamlPathKeyRE().FindAllStringSubmatch(rest, -1) {
		out = append(out, m[1])
	}
	return out
}

// outKeyOutputs are the values of `out:` keys (buf, sqlc).
func outKeyOutputs(text string) []string { return submatches(outKeyRE(), text) }

// orvalOutputs are orval's targets and schema folders.
func orvalOutputs(text string) []string { return submatches(orvalTargetRE(), text) }

// shadcnOutputs is the folder shadcn/ui's CLI writes its components into: the `ui`
// alias of a `components.json` that is shadcn's (`"ui": "@/components/ui"`), under the
// config's folder or its `src/` (where the `@/` alias usually points). The CLI copies
// them from its registry; the project keeps them in that form (wild round 29:
// volunteer-portal's `components/ui/` held to the project's type style).
func shadcnOutputs(text string) []string {
	if !strings.Contains(text, "shadcn") {
		return nil
	}
	m := shadcnUIRE().FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	alias := m[1]
	for _, p := range []string{"@/", "~/", "$lib/", "#/"} {
		if rest, ok := strings.CutPrefix(alias, p); ok {
			return []string{rest, "src/" + rest}
		}
	}
	if strings.HasPrefix(alias, "./") || !strings.ContainsAny(alias, "@~$#") {
		return []string{strings.TrimPrefix(alias, "./")}
	}
	return nil
}

var shadcnUIRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"ui"\s*:\s*"([^"]+)"`) })

// openapiOutputs are openapi-generator-cli's output folders.
func openapiOutputs(text string) []string { return submatches(openapiOutRE(), text) }

func submatches(re *regexp.Regexp, text string) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// looksLikeOutput: a key that is a path a generator writes (a folder, or a file of
// code), not an option's name.
func looksLikeOutput(k string) bool {
	if strings.ContainsAny(k, " *{}$") {
		return false
	}
	return strings.Contains(k, "/") || path.Ext(k) != ""
}

// generatorOutputs answers, for a path, whether a generator configured in the
// repository writes it. The configurations are found among the paths a run judges
// (a whole tree's run lists them all; a change's names only those it touched, and a
// file written by hand into a generator's folder is then judged) and read once, on
// the first question.
type generatorOutputs struct {
	snap    engine.Snapshot
	paths   iter.Seq[string]
	once    sync.Once
	outputs []string // repository-relative files and folders the generators write
}

func newGeneratorOutputs(snap engine.Snapshot, paths iter.Seq[string]) *generatorOutputs {
	return &generatorOutputs{snap: snap, paths: paths}
}

// covers reports whether p is a generator's output.
func (g *generatorOutputs) covers(p string) bool {
	g.once.Do(g.load)
	for _, o := range g.outputs {
		if p == o || strings.HasPrefix(p, o+"/") {
			return true
		}
	}
	return false
}

// load reads every generator configuration among the paths.
func (g *generatorOutputs) load() {
	configs := generatorConfigs.Get()
	for p := range g.paths {
		read, ok := configs[path.Base(p)]
		if !ok || Vendored(p) {
			continue
		}
		content, err := g.snap.Read(p)
		if err != nil {
			continue
		}
		dir := path.Dir(p)
		for _, o := range read(string(content)) {
			o = path.Clean(path.Join(dir, strings.TrimSuffix(o, "/")))
			// an output at the configuration's own folder or above it would take
			// the generator's inputs for its outputs
			if o == "." || o == ".." || strings.HasPrefix(o, "../") || dir == o || strings.HasPrefix(dir+"/", o+"/") {
				continue
			}
			g.outputs = append(g.outputs, o)
		}
	}
}
