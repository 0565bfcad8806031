package norm

import "testing"

// Naming readings of stop 44 (task "naming"), on sentences of own-sentences-400.txt
// and whole files read for its first-sight batch.
func TestNamingFolderStatementIsARule(t *testing.T) {
	// "Folder names are kebab-case" states a convention without a modal, as "Component
	// files are PascalCase" does: it was read as a description
	for _, s := range []string{"Folder names are kebab-case.", "Directories use snake_case"} {
		if !NamingFileStatement(s) {
			t.Errorf("%q: not read as a naming statement", s)
		}
	}
	if NamingFileStatement("Folder names follow the feature they hold.") {
		t.Error("a sentence with no style was read as a naming statement")
	}
}

func TestFileNamingStyleForFiles(t *testing.T) {
	fns := FileNamings("Use consistent file naming conventions (camelCase for files, PascalCase for classes)", "")
	if len(fns) != 1 || fns[0].Style != StyleCamel || fns[0].Qualifier != "" || !fns[0].Aside {
		t.Fatalf("got %+v, want camelCase for all files, stated aside", fns)
	}
	fns = FileNamings("Use kebab-case for all file names.", "")
	if len(fns) != 1 || fns[0].Qualifier != "" || fns[0].Aside {
		t.Fatalf("got %+v, want kebab-case for all files, not aside", fns)
	}
	// the qualifier still narrows when the style is not said to be for files
	fns = FileNamings("Component files are PascalCase.", "")
	if len(fns) != 1 || fns[0].Qualifier != "component" {
		t.Fatalf("got %+v, want the component files", fns)
	}
	// components as the subject before the style (wild round 36): their files
	for text, want := range map[string]string{
		"React components use PascalCase filenames; hooks stay camelCase.": "react components",
		"Svelte components: `PascalCase` filenames":                        "svelte components",
	} {
		if fns := FileNamings(text, ""); len(fns) == 0 || fns[0].Qualifier != want {
			t.Errorf("%q: got %+v, want the %s", text, fns, want)
		}
	}
}

func TestNamingBindingsDashLabel(t *testing.T) {
	got := NamingBindings("Types and interfaces — PascalCase")
	if got[NameType] != StylePascal {
		t.Errorf("dash label: got %v", got)
	}
	got = NamingBindings("Variables and functions - `camelCase`")
	if got[NameVariable] != StyleCamel || got[NameFunction] != StyleCamel {
		t.Errorf("hyphen label: got %v", got)
	}
	// a dash between two statements is no label
	if got := NamingBindings("Keep functions short — the reviewers read them on phones"); len(got) != 0 {
		t.Errorf("no style, yet %v", got)
	}
	if got := dashLabels("camelCase for functions - PascalCase for types"); got != "camelCase for functions - PascalCase for types" {
		t.Errorf("a dash after a style was made a label: %q", got)
	}
}

// Private fields are a kind of their own, with .NET's `_camelCase` among their
// styles; fields the text does not call private (JSON fields, model fields) are not.
func TestNamingBindingsPrivateFields(t *testing.T) {
	for text, want := range map[string]string{
		"Private fields are `_camelCase` (e.g. `_logger`).":                     StyleUnderscoreCamel,
		"Private/internal fields: camelCase; constants and statics: PascalCase": StyleCamel,
		"Use `_camelCase` for private fields.":                                  StyleUnderscoreCamel,
	} {
		if got := NamingBindings(text)[NameField]; got != want {
			t.Errorf("%q: field style %q, want %q (all: %v)", text, got, want, NamingBindings(text))
		}
	}
	for _, text := range []string{"API responses use camelCase field names.", "Model fields are snake_case."} {
		if got := NamingBindings(text); got[NameField] != "" {
			t.Errorf("%q: fields of data read as private fields: %v", text, got)
		}
	}
	if StyleOf("_camelCase") != StyleUnderscoreCamel || StyleOf("camelCase") != StyleCamel {
		t.Error("StyleOf does not tell _camelCase from camelCase")
	}
}

// A style in words ("lowercase with hyphens") makes a statement of folders a rule
// too; "snake_case for modules" names Python's module files (own-sentences-401 b6,
// b20).
func TestNamingStyleInWordsAndModules(t *testing.T) {
	if !NamingFileStatement("Directories are named in lowercase with hyphens.") {
		t.Error("a folder style in words was read as a description")
	}
	fns := FileNamings("Follow PEP 8 (snake_case for modules and functions, PascalCase for classes).", "")
	if len(fns) != 1 || fns[0].Qualifier != "modules" || !fns[0].Aside || fns[0].Style != StyleSnake {
		t.Fatalf("got %+v, want snake_case modules, stated aside", fns)
	}
}

// A list of styles, each before what it names, gives the files the style beside them.
func TestFileNamingInAListOfStyles(t *testing.T) {
	fns := FileNamings("Naming: PascalCase classes, camelCase functions, UPPER_SNAKE_CASE constants, kebab-case files", "")
	if len(fns) != 1 || fns[0].Style != "kebab-case" {
		t.Errorf("got %+v, want one kebab-case file naming", fns)
	}
	fns = FileNamings("Use snake_case for functions and kebab-case for files.", "")
	if len(fns) != 1 || fns[0].Style != "kebab-case" {
		t.Errorf("got %+v, want one kebab-case file naming", fns)
	}
}

// TestStyleForAKindOfFile: "kebab-case for utilities" is a style of the utilities'
// files (jelrod27/Weather-application- AGENTS.md:71, wild round 24), not of every
// file; "for all file names" and a sentence of several styles keep no qualifier.
func TestStyleForAKindOfFile(t *testing.T) {
	for text, want := range map[string]string{
		"Files: kebab-case for utilities (e.g., `weather-utils.ts`)":                                         "utilities",
		"Use kebab-case for all file names, except React components, which use PascalCase (`UserCard.tsx`).": "",
		"Files: PascalCase for components, camelCase for utilities, kebab-case for routes.":                  "",
	} {
		fns := FileNamings(text, "naming conventions")
		if len(fns) == 0 {
			if want != "" {
				t.Errorf("%q: no file naming", text)
			}
			continue
		}
		if fns[0].Qualifier != want {
			t.Errorf("%q: qualifier %q, want %q", text, fns[0].Qualifier, want)
		}
	}
}
