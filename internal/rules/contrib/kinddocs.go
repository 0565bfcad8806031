package contrib

// The params docs of the contribution kinds (engine.Kind.Doc), for a model that
// writes rules.

const cochangeDoc = `What must change together. params {"if": [globs], "unless": [globs], "then": [globs], "need": text, "added": bool, "component": bool, "when": "version"|"dependency"|"dependencies", "lines": regex, "within": [globs]}. ` +
	`A change that touches a path matching "if" (and not "unless") must also touch a path matching one of "then" ("need" names it in messages: "a changelog entry"). ` +
	`"added": only files the change adds trigger it; "lines": only when a line the change touched in an "if" file matches the expression; "when": only when those lines set a version, add a dependency, or add or re-pin one; ` +
	`"component": "then" is a file each component keeps of its own (its own CHANGELOG.md), the one of the nearest folder above the changed file; "within": keep of "if" only paths under these globs (the packages a release tool publishes). ` +
	`Globs are doublestar, relative to the repository root; a folder is "docs/**". A change that touches no "if" path is "inapplicable", and so is every change when "then" names a file the repository does not keep (a case's "files" is its repository). ` +
	`Cases: "changed": the paths the change touched; for "added" rules also "files" (the repository before the change: a changed path not among them is one the change adds); for "lines" and "when" rules, "path" and "code" give an "if" file after the change and "files" its text before under the same path (the lines that differ are the ones the change touched).`

const commitDoc = `Commit messages. params {"check": ..., and that check's fields}. Checks: ` +
	`"subject-length" {"max", "part": "" or "description" (the text after a "type(scope): ")}; "body-width" {"max"}; "blank-line" (a body is separated from the subject by a blank line); ` +
	`"format" {"pattern": regex the subject matches, "example", "what"}; "conventional" {"types": allowed types, empty for any}; "mood" {"mood": "imperative"|"past"}; ` +
	`"period" {"period": "require"|"forbid"}; "case" {"case": "lower"|"upper"} (first letter of the description); ` +
	`"trailer-required" / "trailer-forbidden" {"trailers": keys, "value_pattern": regex or "ai" for AI assistants, "except_trailers"}; "trailer-form" {"trailers", "value_pattern"}; ` +
	`"ref-required" / "ref-forbidden" {"pattern": default issue numbers, "what"} (searched in the whole message); "subject-forbid" {"pattern"}; "no-merge"; "breaking" ("!" and a BREAKING CHANGE footer go together); "one-line". ` +
	`Any check also takes "applies_if" (a regex the message must match for the rule to apply), "only_files" (globs: only commits every file of which matches) and "include_merges"; a commit outside them is "inapplicable". ` +
	`Targets are the change's commits (merge commits skipped). Cases: "message" (a commit message, subject on the first line), optional "changed" (the commit's files).`

const prDoc = `Pull request title and description. params {"check": ..., and its fields}. Checks: ` +
	`"title-format" {"pattern", "example", "what"}; "title-forbid" {"pattern", "what"}; "body-require" {"pattern", "what"} ("fixes #123"); "body-forbid" {"pattern", "what", "region": "" or "release-notes"}; ` +
	`"sections" {"sections": headings the description must have, their text without the "#" marks}; "contains" {"text"}; "checkboxes" (every "- [ ]" item ticked); "max-words" {"max"}; "ai-disclosure" (the description says AI was used). ` +
	`Cases: "pr": the title on the first line, then the description.`

const untouchedDoc = `Files a change must not add, edit or delete. params {"paths": [globs], "except": [globs], "added_only": bool, "edits_only": bool, "hand_only": bool, "creates": bool, "what": text}. ` +
	`"added_only": only adding such a file breaks it ("do not commit .env"); "edits_only": only editing or deleting one that exists ("never modify migrations/"); "hand_only": editing by hand breaks it, regenerating does not (generated files); "creates" (with added_only): the agent's write that creates such a file breaks it too ("do not create new files under src/legacy/"). ` +
	`A change touching none of the paths is "satisfied". Cases: "changed" (and "files", the repository before the change, for added_only/edits_only: a changed path it does not hold is one the change adds); a case with "path" and "code" and no "changed" is the agent writing that file by hand (how a hand_only rule is violated).`

const newDependencyDoc = `A change must not add a dependency to a manifest (go.mod, package.json, Cargo.toml, pyproject.toml, requirements.txt or .in, Gemfile). params {"unless": what lets one in, for messages ("approval"), or ""}. ` +
	`Cases: "path" (the manifest) and "code" (its new text), "changed" listing the manifest, and "files" holding its text before the change.`

const headerDoc = `New source files start with a header. params {"header": [lines] or "contains": phrase, "globs": [globs], "include_generated": bool}. ` +
	`"header" lines are compared without comment markers ("//", "#", "/*", " *"), so one header serves every language; placeholders such as YYYY or <year> match any text. "contains": the leading comment block contains the phrase (a standard license named but not quoted). ` +
	`Only files the change adds are judged; generated files are skipped unless "include_generated". Cases: "path" and "code" of a new file.`
