package norm

import "github.com/heed-dev/heed/internal/lazyre"

// namedFolderRE: a folder named in plain words as the place of a rule ("in the tsl
// directory", "under the core folder", "inside the src/ tree").
var namedFolderRE = lazyre.New(`(?i)\b(?:in|under|inside|within|beneath) the ([a-z0-9_.-]+(?:/[a-z0-9_.-]+)*)/? (?:directory|directories|folder|folders|dir|subdirectory|sub-directory|subfolder|tree)\b`)

// InNamedFolders are the folders the text places a rule in by name, without
// backticks: "All C files in the tsl directory" gives "tsl", "in src/" gives "src". Words that name no
// folder of their own ("the same directory", "the root folder") are the caller's
// to drop: it knows which folders the repository has.
func InNamedFolders(text string) []string {
	var out []string
	for _, m := range namedFolderRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	for _, m := range plainPathRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// plainPathRE: a folder written as a path without backticks ("don't use `X` in
// src/; ..."): the word, then the slash that makes it a folder.
var plainPathRE = lazyre.New(`(?i)\b(?:in|under|inside|within|beneath) (?:the )?([a-z0-9_.-]+(?:/[a-z0-9_.-]+)*)/(?:[^\w/]|$)`)

// outsideFolderRE: an exception region named by a folder's word ("outside of config
// files", "outside the migrations folder", "outside config/"): the word, then what the
// folder holds or is.
var outsideFolderRE = lazyre.New(`(?i)\boutside (?:of )?(?:the |our )?([a-z0-9_.-]+(?:/[a-z0-9_.-]+)*)(?:/|/? (?:files?|directory|directories|folders?|dir|subdirectory|tree|modules?|scripts?))(?:\W|$)`)

// OutsideNamedFolders are the words of folders the text leaves out of a rule in plain
// words: "never use the env() function directly outside of config files" gives
// "config". Whether the word names a folder is the caller's to decide: it knows which
// folders the repository has.
func OutsideNamedFolders(text string) []string {
	var out []string
	for _, m := range outsideFolderRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}
