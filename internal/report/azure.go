package report

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Automation is a SARIF run's automationDetails: the id that names the analysis and,
// in an Azure Pipelines build, the properties GitHub Advanced Security for Azure
// DevOps reads to tie the run to its pipeline.
type Automation struct {
	ID         string
	Properties map[string]string
}

// The automationDetails properties GHAzDO requires (SARIF multitool GHAzDO1019).
const (
	adoBuildDefinitionID   = "azuredevops/pipeline/build/buildDefinitionId"
	adoBuildDefinitionName = "azuredevops/pipeline/build/buildDefinitionName"
	adoPhaseID             = "azuredevops/pipeline/build/phaseId"
	adoPhaseName           = "azuredevops/pipeline/build/phaseName"
	adoIDPrefix            = "azuredevops/pipeline/build/"
)

// AzurePipelines reads the automation details of an Azure Pipelines build from its
// predefined variables, as Microsoft's SARIF tools stamp them: the id
// azuredevops/pipeline/build/ORG/PROJECT/DEFINITION/PHASE/BRANCH/BUILD and four
// properties (GHAzDO1019, GHAzDO1020). Outside a pipeline (TF_BUILD unset) it returns
// nil; inside one with a variable missing or malformed, nil and an error naming it,
// so the caller can say why the log will not satisfy Azure DevOps.
func AzurePipelines(getenv func(string) string) (*Automation, error) {
	if tf := strings.TrimSpace(getenv("TF_BUILD")); !strings.EqualFold(tf, "true") && tf != "1" {
		return nil, nil
	}
	first := func(names ...string) (string, string) {
		for _, n := range names {
			if v := strings.TrimSpace(getenv(n)); v != "" {
				return v, n
			}
		}
		return "", names[0]
	}
	var problems []string
	need := func(v, name string) string {
		if v == "" {
			problems = append(problems, name+" is not set")
		}
		return v
	}
	positive := func(v, name string) string {
		if need(v, name) == "" {
			return ""
		}
		if n, err := strconv.Atoi(v); err != nil || n <= 0 {
			problems = append(problems, fmt.Sprintf("%s=%q is not a positive integer", name, v))
		}
		return v
	}
	guid := func(v, name string) string {
		if need(v, name) == "" {
			return ""
		}
		v = strings.ToLower(v)
		if !isGUID(v) {
			problems = append(problems, fmt.Sprintf("%s=%q is not a GUID", name, v))
		}
		return v
	}
	collection, _ := first("SYSTEM_COLLECTIONURI")
	org := ""
	if need(collection, "SYSTEM_COLLECTIONURI") != "" {
		org = adoOrganization(collection)
		if org == "" {
			problems = append(problems, fmt.Sprintf("SYSTEM_COLLECTIONURI=%q names no organization (dev.azure.com/ORG or ORG.visualstudio.com)", collection))
		}
	}
	project := guid(first("SYSTEM_TEAMPROJECTID"))
	definition := positive(first("BUILD_DEFINITIONID", "SYSTEM_DEFINITIONID"))
	definitionName := need(first("BUILD_DEFINITIONNAME"))
	build := positive(first("BUILD_BUILDID"))
	phase := guid(first("SYSTEM_PHASEID", "SYSTEM_JOBID"))
	phaseName := need(first("SYSTEM_PHASENAME", "SYSTEM_JOBNAME"))
	branch := need(first("BUILD_SOURCEBRANCH"))
	if len(problems) > 0 {
		return nil, fmt.Errorf("Azure Pipelines variables: %s", strings.Join(problems, "; "))
	}
	return &Automation{
		ID: adoIDPrefix + strings.Join([]string{org, project, definition, phase, branch, build}, "/"),
		Properties: map[string]string{
			adoBuildDefinitionID:   definition,
			adoBuildDefinitionName: definitionName,
			adoPhaseID:             phase,
			adoPhaseName:           phaseName,
		},
	}, nil
}

// adoOrganization is the organization of a collection URI: https://dev.azure.com/ORG/
// or https://ORG.visualstudio.com/ ("" for anything else).
func adoOrganization(collection string) string {
	u, err := url.Parse(collection)
	if err != nil || u.Host == "" {
		return ""
	}
	host := strings.ToLower(u.Host)
	switch {
	case host == "dev.azure.com" || host == "vsrm.dev.azure.com":
		seg, _, _ := strings.Cut(strings.Trim(u.Path, "/"), "/")
		return seg
	case strings.HasSuffix(host, ".visualstudio.com"):
		sub := strings.TrimSuffix(strings.TrimSuffix(host, ".visualstudio.com"), ".vsrm")
		return sub
	}
	return ""
}

// isGUID reports whether s is a canonical lower-case GUID other than the empty one.
func isGUID(s string) bool {
	if len(s) != 36 || s == "00000000-0000-0000-0000-000000000000" {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
				return false
			}
		}
	}
	return true
}
