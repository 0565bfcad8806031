package graph

import (
	"path"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// ---- Swift ----

// swiftTargetRE finds a SwiftPM target's declaration in Package.swift.
var swiftTargetRE = lazyre.New(`\.(target|executableTarget|testTarget|macro|plugin|systemLibrary)\s*\(\s*name\s*:\s*"([^"]+)"`)

// swiftPathRE finds a target's path argument.
var swiftPathRE = lazyre.New(`^\s*path\s*:\s*"([^"]*)"`)

// readSwiftPackages maps the module of every target the Package.swift files declare
// to its folder: the target's `path:`, else SwiftPM's default (Sources/NAME,
// Tests/NAME for a test target, Plugins/NAME for a plugin, or Source/, src/, srcs/
// when the package uses one).
// A target's module is its name with the characters an identifier cannot hold as _.
func readSwiftPackages(r *Resolver, paths []string, read func(string) []byte) map[string]string {
	out := map[string]string{}
	for _, p := range paths {
		src := string(read(p))
		base := Dir(p)
		for _, m := range swiftTargetRE.FindAllStringSubmatchIndex(src, -1) {
			kind, name := src[m[2]:m[3]], src[m[4]:m[5]]
			dir := ""
			if arg, ok := swiftArg(src[m[1]:], "path"); ok {
				dir = path.Join(base, arg)
			} else {
				roots := []string{"Sources", "Source", "src", "srcs"}
				switch kind {
				case "testTarget":
					roots = []string{"Tests", "Sources", "Source", "src", "srcs"}
				case "plugin":
					roots = []string{"Plugins"}
				}
				dir = path.Join(base, roots[0], name)
				for _, root := range roots {
					if d := path.Join(base, root, name); r.dirs[d] {
						dir = d
						break
					}
				}
			}
			if d, ok := cleanRel(dir); ok {
				if _, seen := out[swiftModuleName(name)]; !seen {
					out[swiftModuleName(name)] = d
				}
			}
		}
	}
	return out
}

// swiftArg finds a labelled argument of the call whose arguments rest holds (after
// the name), at the call's own level.
func swiftArg(rest, label string) (string, bool) {
	depth := 0
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; c {
		case '(', '[':
			depth++
		case ')', ']':
			if depth == 0 {
				return "", false
			}
			depth--
		case '"':
			for i++; i < len(rest) && rest[i] != '"'; i++ {
				if rest[i] == '\\' {
					i++
				}
			}
		case ',':
			if depth == 0 && label == "path" {
				if m := swiftPathRE.FindStringSubmatch(rest[i+1:]); m != nil {
					return m[1], true
				}
			}
		}
	}
	return "", false
}

func swiftModuleName(target string) string {
	b := []byte(target)
	for i, c := range b {
		if !isIdentPart(c) || c == '$' {
			b[i] = '_'
		}
	}
	return string(b)
}

// resolveSwift: an import names a module, its first segment; a module a
// Package.swift target declares is that target's folder; without one, a folder
// named like the module that holds Swift code (an Xcode target's folder, Sources/X),
// the one nearest the importing file; anything else is from outside (the SDK's
// Foundation and UIKit, a dependency).
func (r *Resolver) resolveSwift(from string, imp Import) Edge {
	module, _, _ := strings.Cut(imp.Spec, ".")
	if d, ok := r.swiftModules[module]; ok {
		if r.swiftDirs[d] {
			return edgeTo(imp, d, NodeDir, module)
		}
		return edgeTo(imp, d, NodeMissing, module)
	}
	if len(r.swiftModules) == 0 {
		var cands []string
		for d := range r.swiftDirs {
			if path.Base(d) == module && d != "" {
				cands = append(cands, d)
			}
		}
		sort.Strings(cands)
		if d, ok := closest(from, cands, func(string) bool { return true }); ok {
			return edgeTo(imp, d, NodeDir, module)
		}
	}
	return edgeTo(imp, imp.Spec, NodeExternal, module)
}
