package lazyre

// RequiredLiterals and TableNeed let the external tests compare the table with what
// the expressions say.
var RequiredLiterals = requiredLiterals

func TableNeed(expr string) ([]string, bool) { return knownNeed(expr) }
