package compile

import (
	"os"
	"path/filepath"
	"testing"
)

// writeFiles writes each file at its path below root and returns the paths.
func writeFiles(t *testing.T, root string, files map[string]string) []string {
	t.Helper()
	var paths []string
	for p, text := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// TestManifestPackages: the packages a repository's manifests declare, as heed
// compile sees them in a checkout; vendored manifests are not the repository's.
func TestManifestPackages(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"package.json":                `{"dependencies": {"react": "^18"}, "devDependencies": {"vitest": "^1"}}`,
		"web/package.json":            `{"dependencies": {"@tanstack/react-query": "^5"}}`,
		"node_modules/x/package.json": `{"dependencies": {"left-pad": "1"}}`,
		"pyproject.toml":              "[project]\nname = \"a\"\ndependencies = [\"httpx>=0.27\", \"PyYAML\"]\n[project.optional-dependencies]\ndev = [\"pytest\"]\n[tool.poetry.dependencies]\npython = \"^3.11\"\nrich = \"*\"\n",
		"requirements-dev.txt":        "# tools\nruff==0.4\n-r requirements.txt\n",
		"go.mod":                      "module example.com/a\n\ngo 1.22\n\nrequire github.com/rs/zerolog v1.33.0\n\nrequire (\n\tgithub.com/sirupsen/logrus v1.9.3 // indirect\n)\n",
		"Cargo.toml":                  "[package]\nname = \"a\"\n\n[dependencies]\nanyhow = \"1\"\nserde = { version = \"1\", features = [\"derive\"] }\n\n[dev-dependencies]\ninsta = \"1\"\n",
		"Gemfile":                     "source \"https://rubygems.org\"\ngem \"rails\", \"~> 7.2\"\ngroup :test do\n  gem 'factory_bot_rails'\nend\n",
		"app/build.gradle.kts":        "dependencies {\n  testImplementation(\"org.mockito:mockito-core:5.11.0\")\n  implementation(libs.ktor)\n}\n",
		"gradle/libs.versions.toml":   "[libraries]\nktor = { module = \"io.ktor:ktor-client-core\", version.ref = \"ktor\" }\n",
		"src/App/App.csproj":          `<Project><ItemGroup><PackageReference Include="Newtonsoft.Json" Version="13.0.3" /></ItemGroup></Project>`,
		"broken/package.json":         `{"dependencies": `,
	}
	paths := writeFiles(t, root, files)
	got := map[string]string{}
	for _, p := range manifestPackages(newManifestFiles(root), paths) {
		got[p.Ecosystem+" "+p.Name] = p.Manifest
		if p.Indirect != (p.Name == "github.com/sirupsen/logrus") {
			t.Errorf("%s: indirect %v", p.Name, p.Indirect)
		}
	}
	want := map[string]string{
		"npm react": "package.json", "npm vitest": "package.json", "npm @tanstack/react-query": "web/package.json",
		"pypi httpx": "pyproject.toml", "pypi PyYAML": "pyproject.toml", "pypi pytest": "pyproject.toml", "pypi rich": "pyproject.toml",
		"pypi ruff":                "requirements-dev.txt",
		"go github.com/rs/zerolog": "go.mod", "go github.com/sirupsen/logrus": "go.mod",
		"cargo anyhow": "Cargo.toml", "cargo serde": "Cargo.toml", "cargo insta": "Cargo.toml",
		"gem rails": "Gemfile", "gem factory_bot_rails": "Gemfile",
		"maven org.mockito:mockito-core": "app/build.gradle.kts", "maven io.ktor:ktor-client-core": "gradle/libs.versions.toml",
		"nuget Newtonsoft.Json": "src/App/App.csproj",
	}
	for k, m := range want {
		if got[k] != m {
			t.Errorf("%s: declared in %q, want %q", k, got[k], m)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected package %s (from %s)", k, got[k])
		}
	}
	if n := len(RepoContextFor(root, paths).Packages); n != len(want) {
		t.Errorf("RepoContextFor records %d packages, want %d", n, len(want))
	}
	if len(RepoContextFor("", paths).Packages) != 0 {
		t.Error("without a root there is nothing to read")
	}
}
