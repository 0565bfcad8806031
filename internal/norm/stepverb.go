package norm

// StepVerb is the action a procedure's step opens with, canonical ("edit" for "Update
// root `package.json`", "commit" for "Commit the generated outputs"), "" when the step
// opens with no verb heed knows.
func StepVerb(text string) string {
	for _, t := range Tokenize(text) {
		if t.Punct {
			continue // a list marker
		}
		if t.Code {
			return ""
		}
		return verbForms()[t.Low]
	}
	return ""
}
