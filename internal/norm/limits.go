package norm

import "github.com/heed-dev/heed/internal/lazyre"

// limitStatementRE: a formatting limit stated as a setting, a label and a number
// ("Line length: 100 characters", "max line length: 120", "Print width: 80", a
// table row "Line length | 88").
var limitStatementRE = lazyre.New(`(?i)(?:^|[;,(|]\s*|\*\*\s*)(?:max(?:imum)?[- _])?(?:line[- _]length|line[- _]width|print[- _]?width|column[- _]limit|max[- _]line[- _]length)\s*(?:\*\*\s*)?(?::|=|\||\bis\b)\s*(?:\*\*\s*)?\d{2,3}\b`)

// LimitStatement reports a sentence that states a formatting limit as a setting,
// without a modal: a rule of the project's style, as firm as a "should" (formatters
// that keep such a limit leave some lines longer).
func LimitStatement(text string) bool { return limitStatementRE.MatchString(text) }
