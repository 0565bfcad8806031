package main

import (
	"encoding/json"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/bench/corpus"
	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
	"github.com/heed-dev/heed/internal/rules/process"
	"github.com/heed-dev/heed/internal/shell"
)

// TestNoBlockOfTheFilesOwnExamples: over both corpora (a sample, or all with
// HEED_TEST_FULL=1), no command rule that blocks
// (error severity) blocks a command its own instruction file shows in a shell code
// block, outside the sections that forbid commands.
func TestNoBlockOfTheFilesOwnExamples(t *testing.T) {
	root := defaultCorpusRoot()
	if _, err := os.Stat(filepath.Join(root, "instructions")); err != nil {
		t.Skip("no corpus at", root)
	}
	shellLang := map[string]bool{"": true, "sh": true, "bash": true, "shell": true, "console": true, "zsh": true}
	blocks, rulesSeen := 0, 0
	for _, dir := range corpusDirs {
		if !corpusPresent(root, dir) {
			continue // a fetched round whose files are not here
		}
		// only the sample is read and extracted, not only compiled
		repos, err := corpus.LoadOnly(corpusPath(root, dir), func(repo string) bool { return sampled(dir + "/" + repo) })
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range repos {
			p, _ := compile.Compile(r.Set, r.Context, rules.Recognizers())
			type example struct {
				argv []string
				at   string
			}
			examples := map[string][]example{}
			for _, e := range p.Entries {
				forbids := false
				for _, rl := range e.Rules {
					if rl.Kind == process.KindCommand {
						forbids = true
					}
				}
				if forbids {
					continue // a block after "never run these:" lists what is forbidden
				}
				for _, b := range e.Code {
					if !shellLang[strings.ToLower(b.Lang)] {
						continue
					}
					for _, line := range strings.Split(b.Text, "\n") {
						line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "$ "))
						if line == "" || strings.HasPrefix(line, "#") {
							continue
						}
						for _, cmd := range shell.Parse(line, shell.Options{}) {
							if len(cmd.Argv) > 0 && cmd.Unparsable == "" && !cmd.Dynamic {
								examples[e.File] = append(examples[e.File], example{cmd.Argv, line})
							}
						}
					}
				}
			}
			for _, e := range p.Entries {
				for _, rl := range e.Rules {
					if rl.Kind != process.KindCommand || rl.Severity != policy.SeverityError {
						continue
					}
					rulesSeen++
					var params process.CommandParams
					if err := json.Unmarshal(rl.Params, &params); err != nil || len(params.Forbid) == 0 {
						continue
					}
					for _, ex := range examples[e.File] {
						if process.JudgeArgv(params, ex.argv) == policy.ExpectViolated {
							blocks++
							t.Errorf("%s/%s:%d %q blocks `%s`, which its file shows as normal use (rule %s)", dir, r.Names[e.File], e.Line, e.Text, ex.at, rl.Norm)
						}
					}
				}
			}
		}
	}
	if rulesSeen == 0 {
		t.Fatal("the sample of the corpus held no command rule: it tests nothing")
	}
	t.Logf("%d blocking command rules checked, %d block their file's own examples", rulesSeen, blocks)
}

// sampled says whether a corpus-wide test judges repository name: a plain `go test`
// judges a fixed sixteenth of the corpus (the names whose FNV-1a hash is 0 mod 16:
// the whole corpus, six rounds, is most of this package's time), so the edit-test
// loop stays short; HEED_TEST_FULL=1, which .ci/run sets, judges all.
func sampled(name string) bool {
	if os.Getenv("HEED_TEST_FULL") != "" {
		return true
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	return h.Sum32()%16 == 0
}
