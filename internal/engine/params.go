package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// DecodeParams decodes a rule's params into v strictly: missing params and an unknown
// field are errors that say so, so a typo in a hand-edited policy never silently
// widens, narrows or disables a check. A value of the wrong type is named by its
// field ("params.on: must be string, not number"). Every kind's Compile decodes
// through it.
func DecodeParams(raw json.RawMessage, v any) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return fmt.Errorf("params: missing")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return fmt.Errorf("params.%s: must be %s, not %s", te.Field, te.Type, te.Value)
		}
		return fmt.Errorf("params: %v", err)
	}
	return nil
}

// ParamsMissing reports whether a rule's params are absent or null.
func ParamsMissing(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}
