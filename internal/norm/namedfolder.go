package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

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

// folderCodeRE: code named by the word of its folder ("in UX code", "in the web
// files"): the word.
var folderCodeRE = lazyre.New(`(?i)\bin (?:the |all |any |our )?([a-z][a-z0-9_-]*) (?:code|files|sources|source code)\b`)

// InFolderCode are the words that name code by a folder ("Do not use hardcoded
// colours in UX code" gives "ux"), lower-cased. Most such words name a kind of code
// instead ("in test code", "in production code"): the caller keeps those the
// repository has a folder of.
func InFolderCode(text string) []string {
	var out []string
	for _, m := range folderCodeRE.FindAllStringSubmatch(text, -1) {
		out = append(out, strings.ToLower(m[1]))
	}
	return out
}
