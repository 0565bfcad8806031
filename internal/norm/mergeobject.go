package norm

// codeThingMerged: the word after "merge" (past a determiner) is a thing of the code
// or the design ("responsibilities", "classes", "the two modules"), not a branch, a
// pull request, changes or nothing at all: the sentence is no rule about `git merge`.
func codeThingMerged(toks []Token, i int) bool {
	for i < len(toks) && !toks[i].Code && mergeDeterminer(toks[i].Low) {
		i++
	}
	if i >= len(toks) || toks[i].Code || toks[i].Punct {
		return false
	}
	return !gitMergeWord(toks[i].Low)
}

func mergeDeterminer(w string) bool {
	switch w {
	case "the", "a", "an", "your", "their", "its", "two", "several", "multiple", "different", "separate", "unrelated":
		return true
	}
	return false
}

// gitMergeWord: a word that can follow "merge" in a sentence about git's merges: what
// is merged (branches, pull requests, changes), where, how or when, or a pronoun.
func gitMergeWord(w string) bool {
	switch w {
	case "branch", "branches", "main", "master", "develop", "trunk", "upstream", "origin", "pr", "prs", "pull",
		"request", "requests", "mr", "mrs", "changes", "commits", "work", "code", "anything", "it", "them", "this",
		"these", "that", "those", "into", "in", "to", "with", "without", "directly", "yourself", "before", "after",
		"until", "unless", "on", "from", "via", "using", "locally", "manually", "automatically", "unreviewed",
		"or", "and", "if", "when", "while", "any", "other", "others", "own", "feature", "release", "hotfix":
		return true
	}
	return false
}
