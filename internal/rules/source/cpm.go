package source

import (
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// cpmRecognizer lowers norm.KeepsPackageVersionsCentral: with .NET central package
// management the versions live in Directory.Packages.props, so a `<PackageReference>`
// of a project file that gives a `Version` attribute is the violation
// (`VersionOverride` is the sanctioned exception, and not matched).
type cpmRecognizer struct{}

func (cpmRecognizer) Name() string { return "source.cpm" }

func (cpmRecognizer) Recognize(c *policy.Constraint, _ *recognize.RepoContext) recognize.Result {
	if !norm.KeepsPackageVersionsCentral(c.Text) {
		return recognize.Result{}
	}
	sc := c.Scope
	sc.Globs = []string{"**/*.csproj", "**/*.fsproj", "**/*.vbproj"}
	path := "src/App/App.csproj"
	if sc.Dir != "" {
		path = sc.Dir + "/" + path
	}
	proj := func(ref string) string {
		return "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <ItemGroup>\n    " + ref + "\n  </ItemGroup>\n</Project>\n"
	}
	r := policy.Rule{Domain: policy.DomainSource, Kind: KindPattern, Severity: recognize.Severity(c.Level), Exact: true, Scope: sc,
		Params:     marshal(PatternParams{Regex: `(?i)<PackageReference\b[^>]*\sVersion\s*=`, Where: "any"}),
		Message:    "a `<PackageReference>` with a `Version`: package versions belong in Directory.Packages.props",
		Suggestion: "drop the `Version` attribute and set the version in Directory.Packages.props",
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: path, Code: proj(`<PackageReference Include="Serilog" Version="4.0.0" />`), Note: "a version in the project file"},
			{Expect: policy.ExpectSatisfied, Path: path, Code: proj(`<PackageReference Include="Serilog" />`), Note: "a version-less reference"},
			{Expect: policy.ExpectSatisfied, Path: path, Code: proj(`<PackageReference Include="Serilog" VersionOverride="3.1.1" />`), Note: "the sanctioned override"},
		}}
	return recognize.Result{Rules: []policy.Rule{r}}
}
