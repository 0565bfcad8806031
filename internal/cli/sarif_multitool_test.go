package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// Issue 21: the SARIF multitool found 24 errors in heed's SARIF under --rule-kind Ado.
// With the real multitool (HEED_SARIF_MULTITOOL names it, else sarif-multitool on
// PATH; npm's @microsoft/sarif-multitool ships it), heed's SARIF of a check with
// findings, a bad suppression and an inline one, made in an Azure Pipelines build,
// passes `validate` under the Sarif and the Ado rule kinds with no error or warning.
func TestSARIFPassesTheMultitool(t *testing.T) {
	tool := os.Getenv("HEED_SARIF_MULTITOOL")
	if tool == "" {
		p, err := exec.LookPath("sarif-multitool")
		if err != nil {
			t.Skip("no SARIF multitool (npm install @microsoft/sarif-multitool; HEED_SARIF_MULTITOOL=path)")
		}
		tool = p
	}
	dir := gitRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Python code never calls `print()`; use the `logging` module.\n",
		"src/a.py":  "import logging\nprint('a')\n",
		"src/b.py":  "import logging\nprint('b')  # heed:ignore no-such-rule because\n",
		"src/c.py":  "print('c')  # heed:ignore " + "\n",
	})
	env := map[string]string{}
	for k, v := range pipelineEnv {
		env[k] = v
	}
	code, sarif, stderr := runHeed(env, "check", "--all", "--repo", dir, "--format", "sarif")
	if code != 1 {
		t.Fatalf("heed check: exit %d, want 1\n%s", code, stderr)
	}
	in := filepath.Join(t.TempDir(), "heed.sarif")
	if err := os.WriteFile(in, []byte(sarif), 0o644); err != nil {
		t.Fatal(err)
	}
	problem := regexp.MustCompile(`(?m)^.*: (error|warning) [A-Za-z]+\d+: .*$`)
	for _, kind := range []string{"Sarif", "Ado"} {
		out := filepath.Join(t.TempDir(), "validation.sarif")
		msg, err := exec.Command(tool, "validate", "--rule-kind", kind, "--output", out, in).CombinedOutput()
		if err != nil {
			t.Errorf("sarif-multitool validate --rule-kind %s: %v\n%s", kind, err, msg)
			continue
		}
		for _, p := range problem.FindAllString(string(msg), -1) {
			t.Errorf("--rule-kind %s: %s", kind, p)
		}
	}
}

// pipelineEnv is an Azure Pipelines build's predefined variables (as in
// internal/report's tests).
var pipelineEnv = map[string]string{
	"TF_BUILD":             "True",
	"SYSTEM_COLLECTIONURI": "https://dev.azure.com/contoso/",
	"SYSTEM_TEAMPROJECTID": "7f3a9c1e-2b4d-4e8f-9a6b-1c2d3e4f5a6b",
	"BUILD_DEFINITIONID":   "42",
	"BUILD_DEFINITIONNAME": "heed-ci",
	"BUILD_BUILDID":        "1234",
	"SYSTEM_PHASEID":       "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
	"SYSTEM_PHASENAME":     "Job",
	"BUILD_SOURCEBRANCH":   "refs/heads/main",
}
