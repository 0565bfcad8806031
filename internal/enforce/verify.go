package enforce

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// UntrustedError means the policy file is not what heed compiled from the instruction
// files as they stand: the live path does not judge from it (docs/security.md).
type UntrustedError struct {
	// Seal says how the policy file itself disagrees with its seal (an edit that went
	// around heed compile); nil when it agrees.
	Seal error
	// Changed lists the instruction files that changed, or were deleted, since the
	// policy was compiled.
	Changed []string
}

func (e *UntrustedError) Error() string {
	var parts []string
	if e.Seal != nil {
		parts = append(parts, fmt.Sprintf("%s: %v", policy.File, e.Seal))
	}
	if len(e.Changed) > 0 {
		names := e.Changed
		if len(names) > 5 {
			names = append(names[:5:5], fmt.Sprintf("and %d more", len(e.Changed)-5))
		}
		parts = append(parts, fmt.Sprintf("%s changed since %s was compiled", strings.Join(names, ", "), policy.File))
	}
	return strings.Join(parts, "; ")
}

// untrustedDecision blocks a command because the policy cannot be trusted.
func untrustedDecision(e *UntrustedError) Decision {
	d := Decision{Blocked: true, Internal: e.Error()}
	d.Message = UntrustedMessage(e)
	return d
}

// UntrustedMessage words the denial of a tool call judged from an untrusted policy.
func UntrustedMessage(e *UntrustedError) string {
	var b strings.Builder
	b.WriteString("[heed] BLOCKED: heed will not judge from a policy that is not what heed compile wrote\n")
	b.WriteString("  Reason: " + clip(e.Error(), maxShownText) + "\n")
	b.WriteString("  Why: the rules come from the instruction files as heed compile last read them; an edit made since could have dropped a rule, so nothing runs until the policy is compiled again\n")
	b.WriteString("  Instead: if the user made the change, the user runs `heed compile` (it keeps hand edits to the policy and seals them); an agent does not: stop and ask the user\n")
	return b.String()
}

// verifyPolicy checks a policy file's bytes before the live path judges from them:
// its seal, and the instruction files it records. It returns the sources it
// verified: the linked documents are neither verified nor guarded (SourceFile.Linked).
func verifyPolicy(root string, data []byte) ([]policy.SourceFile, error) {
	var recorded struct {
		Sources []policy.SourceFile `json:"sources"`
	}
	if err := json.Unmarshal(data, &recorded); err != nil {
		return nil, fmt.Errorf("read %s: %w", policy.File, err)
	}
	ue := &UntrustedError{}
	if err := policy.CheckSeal(data); err != nil {
		var se *policy.SealError
		if !errors.As(err, &se) {
			return nil, fmt.Errorf("read %s: %w", policy.File, err)
		}
		ue.Seal = err
	}
	sealed := policy.Sealed(recorded.Sources)
	ue.Changed = changedSources(root, sealed)
	if ue.Seal != nil || len(ue.Changed) > 0 {
		return nil, ue
	}
	return sealed, nil
}

// changedSources lists the recorded instruction files whose content is not the
// recorded hash: edited, deleted, or readable now though unreadable then. A new
// instruction file only adds rules; heed compile --check reports it.
func changedSources(root string, sources []policy.SourceFile) []string {
	var out []string
	for _, s := range sources {
		if sourceHash(filepath.Join(root, filepath.FromSlash(s.Path))) != s.SHA256 {
			out = append(out, s.Path)
		}
	}
	sort.Strings(out)
	return out
}
