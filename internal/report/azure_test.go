package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// A pipeline's predefined variables, as an Azure Pipelines agent sets them.
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

func getenv(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// In an Azure Pipelines build the SARIF run names its pipeline as GHAzDO requires
// (GHAzDO1019: four properties; GHAzDO1020: the id's prefix and shape).
func TestAzurePipelinesAutomation(t *testing.T) {
	a, err := AzurePipelines(getenv(pipelineEnv))
	if err != nil || a == nil {
		t.Fatalf("a complete pipeline: %v, %v", a, err)
	}
	want := "azuredevops/pipeline/build/contoso/7f3a9c1e-2b4d-4e8f-9a6b-1c2d3e4f5a6b/42/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/refs/heads/main/1234"
	if a.ID != want {
		t.Errorf("id = %q, want %q", a.ID, want)
	}
	for k, v := range map[string]string{adoBuildDefinitionID: "42", adoBuildDefinitionName: "heed-ci", adoPhaseID: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", adoPhaseName: "Job"} {
		if a.Properties[k] != v {
			t.Errorf("property %s = %q, want %q", k, a.Properties[k], v)
		}
	}
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, sample(), Options{Automation: a}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			AutomationDetails struct {
				ID         string            `json:"id"`
				Properties map[string]string `json:"properties"`
			} `json:"automationDetails"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if ad := log.Runs[0].AutomationDetails; ad.ID != want || ad.Properties[adoPhaseName] != "Job" {
		t.Errorf("the log's automationDetails = %+v", ad)
	}

	// Outside a pipeline: nothing, and the log keeps heed's own category.
	if a, err := AzurePipelines(getenv(map[string]string{"BUILD_BUILDID": "7"})); a != nil || err != nil {
		t.Errorf("outside Azure Pipelines: %v, %v", a, err)
	}
	// A pipeline missing a variable or with a malformed one: an error naming it.
	broken := map[string]string{}
	for k, v := range pipelineEnv {
		broken[k] = v
	}
	delete(broken, "SYSTEM_PHASENAME")
	broken["BUILD_DEFINITIONID"] = "0"
	broken["SYSTEM_COLLECTIONURI"] = "https://contoso.visualstudio.com/"
	_, err = AzurePipelines(getenv(broken))
	if err == nil || !strings.Contains(err.Error(), "SYSTEM_PHASENAME is not set") || !strings.Contains(err.Error(), `BUILD_DEFINITIONID="0" is not a positive integer`) {
		t.Errorf("a broken pipeline: %v", err)
	}
}
