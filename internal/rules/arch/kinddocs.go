package arch

// The params docs of the architecture kinds (engine.Kind.Doc), for a model that
// writes rules. Every kind judges the import graph heed builds from the sources
// (Go, Python, JavaScript/TypeScript, Rust, Java and the other languages it parses),
// with relative imports resolved.

const importsDoc = `Import boundaries between parts of the repository. params {"mode": "forbid"|"only"|"isolate", "from": [globs], "from_except": [globs], "from_packages": [names], "to": [globs], "to_packages": [names], "to_except": [globs], "groups": glob, "allow_type_only": bool}. ` +
	`"forbid": an import from a file matching "from" of a target matching "to" (files and package folders: "src/infra/**") or "to_packages" (package names by prefix, workspace or third-party: "lodash" covers "lodash/fp") is a violation. ` +
	`"only": files of "from" may import only "from" itself and "to" (to empty: nothing else of the repository); third-party imports are not judged. ` +
	`"isolate": "groups" is a glob ending in "/*" ("src/features/*"): a file in one such folder may not import another. "allow_type_only" exempts imports erased at run time (TS import type, Python TYPE_CHECKING). ` +
	`Cases: "path" and "code" of the importing file, with "files" holding the imported files so the import resolves.`

const layersDoc = `Ordered layers. params {"layers": [{"name", "paths": [globs]}], lowest first, "allow": [{"from": [globs], "to": [globs]}], "allow_type_only": bool}. ` +
	`A file of a layer may import its own and lower layers, never a higher one, except the edges "allow" lists. Cases as for imports.`

const cyclesDoc = `No import cycles. params {"granularity": "file"|"package"|"workspace", "within": [globs], "include_type_only": bool, "include_lazy": bool}. ` +
	`Imports that do not run at import time (type-only, inside functions, dynamic) close no cycle unless the flags say so. Cases: "path", "code" and "files" forming (or not) a cycle.`

const placementDoc = `Where files live. params, one of: {"dir": folder, "allowed": [child folder names], "no_files": bool} (the only child folders dir may have; "." is the repository root, "*" in allowed any folder); ` +
	`{"files": [globs of a kind of file], "under": [globs]} (files of the kind must live under one of these); {"files", "not_under": [globs]}; {"files", "named": [base-name globs]} (files of the kind must be named so). ` +
	`"containing": regex, with files: only files whose content matches are of the kind; "except": files of the kind that may live anywhere; "new_only": judge only files the change adds (instructions about files to be made). Cases: "path" (and "code") of the file.`

const externalDoc = `Third-party packages a repository must not import. params {"banned": [package names or subpaths], "instead": package, "langs": [languages], "allow_type_only": bool}. ` +
	`An import of a banned package (or a subpath of it) is a violation. It judges imports only, never calls or methods: use a source rule for an API. Cases: "path" and "code".`
