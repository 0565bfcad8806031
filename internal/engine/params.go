package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// DecodeParams decodes a rule's params into v strictly: missing params and an unknown
// field are errors that say so, so a typo in a hand-edited policy never silently
// widens, narrows or disables a check. Every kind's Compile decodes through it.
func DecodeParams(raw json.RawMessage, v any) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return fmt.Errorf("params: missing")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("params: %v", err)
	}
	return nil
}
