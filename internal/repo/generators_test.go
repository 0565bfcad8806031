package repo

import (
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// A generator's configuration names the files it writes; those are generated even
// without a generator's comment, and nothing else is (wild round 22).
func TestGeneratorOutputs(t *testing.T) {
	snap := engine.MapSnapshot{
		"frontend/apps/console/codegen.ts": []byte("import type { CodegenConfig } from '@graphql-codegen/cli';\n\nconst config: CodegenConfig = {\n  ignoreNoDocuments: true,\n  generates: {\n    './src/gql/user-management/': {\n      schema: '../../../backend/schema.gql',\n      preset: 'client',\n    },\n  },\n};\nexport default config;\n"),
		"proto/buf.gen.yaml":               []byte("version: v2\nplugins:\n  - remote: buf.build/protocolbuffers/go\n    out: gen/go\n"),
		"db/sqlc.yaml":                     []byte("version: \"2\"\nsql:\n  - engine: postgresql\n    gen:\n      go:\n        package: db\n        out: \"internal/db\"\n"),
		"codegen.yml":                      []byte("schema: schema.graphql\ngenerates:\n  src/generated/graphql.ts:\n    plugins:\n      - typescript\n"),
	}
	g := newGeneratorOutputs(snap, slices.Values(snap.Paths()))
	for p, want := range map[string]bool{
		"frontend/apps/console/src/gql/user-management/graphql.ts": true,
		"frontend/apps/console/src/gql/user-management/index.ts":   true,
		"frontend/apps/console/src/routes/App.tsx":                 false,
		"frontend/apps/console/codegen.ts":                         false,
		"proto/gen/go/user.pb.go":                                  true,
		"proto/user.proto":                                         false,
		"db/internal/db/models.go":                                 true,
		"src/generated/graphql.ts":                                 true,
		"src/app.ts":                                               false,
	} {
		if got := g.covers(p); got != want {
			t.Errorf("covers(%s) = %v, want %v", p, got, want)
		}
	}
}

// Emscripten's JavaScript loader, even reformatted, is generated; a file of the
// project's that names a module is not.
func TestEmscriptenGlueIsGenerated(t *testing.T) {
	glue := "export const createModule = (__Module) => {\n  var Module = typeof __Module != 'undefined' ? __Module : {};\n  var moduleOverrides = Object.assign({}, Module);\n  var arguments_ = [];\n  var thisProgram = './this.program';\n};\n"
	if !Generated("src/legacy/tflite-simd.js", []byte(glue)) {
		t.Error("Emscripten glue is generated")
	}
	if Generated("src/module.js", []byte("export const Module = {};\nexport function thisProgram() {}\n")) {
		t.Error("a module of the project's is not generated")
	}
}
