package norm

// Shared pieces of the sentence patterns (prose is lower case, spans are §N).
const (
	// archSpanList is one or more spans: "§0", "§0 and §1", "§0, §1 or §2".
	archSpanList = `§\d+(?:(?:, (?:and |or |nor )?| (?:and|or|nor) )§\d+)*`
	// archNeg is a prohibition.
	archNeg = `(?:must not|must never|mustn't|should not|should never|shouldn't|may not|may never|cannot|can't|can not|shall not|does not|do not|doesn't|don't|never|is not allowed to|are not allowed to|is forbidden to|are forbidden to|is not permitted to|are not permitted to)`
	// archImportVerb is the dependency verb.
	archImportVerb = `(?:import|imports|depend on|depends on|reference|references|use code from)`
	// archPlace is a filler before a subject ("code in", "files under").
	archPlace = `(?:(?:code|files|modules|packages|classes|types|sources|source files|anything|everything) (?:in|under|inside|from) )?(?:the )?`
	// archNoun is a filler after a subject ("folder", "package").
	archNoun = `(?: (?:folder|directory|package|module|layer|tree|code|crate|namespace|files?)s?)?`
	// archAside is what a sentence says of its subject before the rule: its job in
	// parentheses ("§0 (the SQL layer) must not import §1") or between commas
	// ("§0, the time source, must ...").
	archAside = `(?: \([^()]*\)|, (?:the|a|an|our|its|which) [^§,()]{1,60},)?`
	// archNothingOwn is "nothing" of the repository's own code: "nothing", "none",
	// "no other packages", "nothing from this repository".
	archNothingOwn = `(?:nothing|none|no other (?:layers?|packages?|modules?))(?: (?:else )?(?:from|in|of) (?:this|the|our) (?:project|repository|repo|codebase|code base|workspace|module))?`
)
