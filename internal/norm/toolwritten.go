package norm

import "github.com/heed-dev/heed/internal/lazyre"

// toolWrittenRE: files a tool writes, said of them ("managed by devtools", "maintained
// by our translation bot", "written by the release script", "updated automatically by
// CI", "synced from upstream by a script").
var toolWrittenRE = lazyre.New(`(?i)\b(?:managed|maintained|written|updated|produced|generated|synced|synchronized|synchronised|copied|kept up to date|regenerated)\b(?: [\w-]+){0,3}? by (?:the |our |a |an )?(?:[\w-]+ )?(?:devtools|tool(?:ing|s)?|scripts?|bots?|ci|automation|workflows?|pipelines?|generators?|codegen)\b|\b(?:updated|generated|written|synced|maintained) automatically\b|\bautomatically (?:updated|generated|written|synced|maintained)\b`)

// ToolWritten reports whether the text says a tool writes the files it names, so
// that an edit by hand is what it keeps them from: the change that holds them as the
// tool wrote them is how they change. People ("managed by the legal team") are no
// tool.
func ToolWritten(text string) bool { return toolWrittenRE.MatchString(text) }
