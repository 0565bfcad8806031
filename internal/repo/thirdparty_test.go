package repo

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestMinifiedBundlesAreGenerated(t *testing.T) {
	line := strings.Repeat("var a=function(b){return b*2};", 120) // 3,600 characters, one line
	hand := strings.Repeat("function double(b) {\n  return b * 2;\n}\n", 100)
	for _, tc := range []struct {
		path, content string
		want          bool
	}{
		{"web/libs/widget.js", line, true},
		{"web/css/theme.css", strings.Repeat(".a{color:red}", 300), true},
		{"web/app.js", hand, false},
		{"web/app.js", hand + line + "\n", false}, // one long data line among hand-written ones
		{"web/tiny.js", "var a=1;", false},
		{"tools/table.py", line, false}, // only JavaScript and CSS are shipped minified
	} {
		if got := Generated(tc.path, []byte(tc.content)); got != tc.want {
			t.Errorf("%s (%d bytes): generated %v, want %v", tc.path, len(tc.content), got, tc.want)
		}
	}
}

// A bundled library in a folder named like the project's own (Content/libs, as in
// jackett's src/Jackett.Common/Content/libs) is told from the project's files by its
// header: another licence than the project's, naming where it comes from. The
// project's own files stay judged: no header, the project's licence, a header
// naming the project, code adapted from elsewhere, and a header the project puts on
// files elsewhere too.
func TestLicenceHeadersOfAnotherProjectAreVendored(t *testing.T) {
	g := newGitRepo(t)
	mitHeader := "/*\n * Widget Picker (https://example.org/widget-picker/)\n * Copyright (c) 2019 Jane Roe\n * MIT License\n */\n"
	g.write(map[string]string{
		"LICENSE": "                    GNU GENERAL PUBLIC LICENSE\n                       Version 2, June 1991\n",
		// the bundled library
		"Content/libs/widget-picker.js": mitHeader + "(function(){ return 1; })();\n",
		// a driver kept for reference, under a BSD header that never says "license"
		"docs/ref/driver.c": "/*\n * Copyright (c) 2020 Falcon Flight Team. All rights reserved.\n *\n * Redistribution and use in source and binary forms, with or without\n * modification, are permitted provided that the following conditions are met.\n */\nint x;\n",
		// the project's own code beside it
		"Content/libs/api.js":    "var api = { root: '/api' };\n",
		"Content/libs/helper.js": "/* Copyright (c) 2021 Sam Poe\n * This program is free software; you can redistribute it under the terms of the GNU General Public License.\n */\nvar h = 1;\n",
		"Content/libs/names.js":  "/* Copyright (c) 2020 Acme Media\n * MIT License\n * Part of the Trackbox web interface.\n */\nvar n = 1;\n",
		"Content/libs/slug.js":   "/* slugify adapted from https://example.org/slugs\n * Copyright (c) 2018 Kim Doe\n * MIT License\n */\nvar s = 1;\n",
		// the same header on files elsewhere: the project's own header
		"src/one.js":      "/* Copyright (c) 2022 Northwind Labs\n * MIT License\n */\nvar one = 1;\n",
		"lib/two/two.js":  "/* Copyright (c) 2022 Northwind Labs\n * MIT License\n */\nvar two = 2;\n",
		"package.json":    `{"name": "trackbox", "license": "GPL-2.0-only"}`,
		"Content/app.css": "body { margin: 0; }\n",
	})
	g.commit("base")
	r := g.open()
	paths, err := r.ListFiles()
	if err != nil {
		t.Fatal(err)
	}
	l := r.LoadFiles(r.Worktree(), paths)
	var judged []string
	for _, f := range l.Files {
		judged = append(judged, f.Path)
	}
	sort.Strings(judged)
	want := []string{"Content/app.css", "Content/libs/api.js", "Content/libs/helper.js", "Content/libs/names.js", "Content/libs/slug.js", "LICENSE", "lib/two/two.js", "package.json", "src/one.js"}
	if !reflect.DeepEqual(judged, want) {
		t.Errorf("judged %v\nwant   %v", judged, want)
	}
	if got := l.Skipped[SkipVendored]; !reflect.DeepEqual(got, []string{"Content/libs/widget-picker.js", "docs/ref/driver.c"}) {
		t.Errorf("vendored %v, want the bundled library and the BSD driver", got)
	}

	// .gitattributes has the last word
	g.write(map[string]string{".gitattributes": "Content/libs/** -linguist-vendored\n"})
	l = r.LoadFiles(r.Worktree(), []string{"Content/libs/widget-picker.js"})
	if len(l.Files) != 1 {
		t.Errorf("marked not vendored in .gitattributes, the library was skipped: %v", l.Skipped)
	}
}

// Without a licence heed can read at the root, a header's licence says nothing about
// whose code it is: nothing is skipped for it.
func TestNoProjectLicenceNoForeignHeader(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{
		"web/widget.js": "/*\n * Widget (https://example.org/widget/)\n * Copyright (c) 2019 Jane Roe\n * MIT License\n */\nvar w = 1;\n",
	})
	g.commit("base")
	r := g.open()
	l := r.LoadFiles(r.Worktree(), []string{"web/widget.js"})
	if len(l.Files) != 1 {
		t.Errorf("skipped without a project licence to compare with: %v", l.Skipped)
	}
}

func TestManifestLicences(t *testing.T) {
	for expr, want := range map[string][]string{
		"MIT":                        {"mit"},
		"MIT OR Apache-2.0":          {"apache", "mit"},
		"(LGPL-2.1 OR BSD-3-Clause)": {"bsd", "lgpl"},
		"GPL-3.0-or-later":           {"gpl"},
	} {
		var got []string
		for k := range spdxKinds(expr) {
			got = append(got, k)
		}
		sort.Strings(got)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", expr, got, want)
		}
	}
}

// A header that says which project its file is part of names the file's origin
// outright. Imported files that say they are part of another project are vendored
// even when several came along (in different folders) and the project's licence
// text mentions theirs (radare2 keeps GNU opcodes sources beside its own plugins,
// fresh-eval-6 findings.tsv); the project's own files keep being judged, including
// those whose header names the project by a name heed does not know, when that
// header is on a good part of the project's files.
func TestHeadersSayingPartOfAnotherProjectAreVendored(t *testing.T) {
	g := newGitRepo(t)
	gnu := "/* dis.c -- disassembler.\n   Copyright (C) 2012 Free Software Foundation, Inc.\n   This file is part of the GNU opcodes library.\n\n   This library is free software; you can redistribute it under the terms of the GNU General Public License.  */\n\n#include <stdio.h>\nint x;\n"
	own := "/* Copyright (c) 2020 Mira Team\n * This file is part of Orbit, licensed under the LGPL.\n */\nint y;\n"
	files := map[string]string{
		"COPYING":                 "Most of this project is under the LGPLv3; some plugins are under the GNU General Public License.\n",
		"lib/arch/one/one-dis.c":  gnu,
		"lib/arch/two/two-dis.c":  gnu,
		"lib/core/plain.c":        "int z;\n",
		"lib/core/orbit-main.c":   own,
		"lib/util/orbit-str.c":    own,
		"lib/util/orbit-list.c":   own,
		"lib/io/orbit-io.c":       own,
		"lib/io/orbit-buf.c":      own,
		"lib/anal/orbit-anal.c":   own,
		"lib/anal/orbit-block.c":  own,
		"lib/cons/orbit-cons.c":   own,
		"lib/cons/orbit-pager.c":  own,
		"lib/cons/orbit-canvas.c": own,
	}
	g.write(files)
	g.commit("base")
	r := g.open()
	paths, err := r.ListFiles()
	if err != nil {
		t.Fatal(err)
	}
	l := r.LoadFiles(r.Worktree(), paths)
	if got := l.Skipped[SkipVendored]; !reflect.DeepEqual(got, []string{"lib/arch/one/one-dis.c", "lib/arch/two/two-dis.c"}) {
		t.Errorf("vendored %v, want the two GNU opcodes files", got)
	}
	if len(l.Files) != len(files)-2 {
		t.Errorf("judged %d files, want %d (every file of the project's own)", len(l.Files), len(files)-2)
	}
}

// The stubs an IDE helper writes for a PHP framework are generated, whatever their
// header says; a PHP file of the project's own with a similar name is not.
func TestIDEStubsAreGenerated(t *testing.T) {
	for p, want := range map[string]bool{
		"_ide_helper.php":            true,
		"_ide_helper_models.php":     true,
		".phpstorm.meta.php":         true,
		"app/Helpers/ide_helper.php": false,
		"app/Models/User.php":        false,
	} {
		if got := Generated(p, []byte("<?php\nnamespace App;\n")); got != want {
			t.Errorf("Generated(%q) = %v, want %v", p, got, want)
		}
	}
}

// A generator's comment after a license header is in the file's leading comment
// block, where Go's convention allows it (wild round 16: informer-gen's output); the
// same words below the code are not a header.
func TestGeneratorCommentAfterALicenseHeader(t *testing.T) {
	license := strings.Repeat("// Licensed under the Apache License, Version 2.0.\n//\n", 7)
	for _, tc := range []struct {
		content string
		want    bool
	}{
		{license + "\n// Code generated by informer-gen. DO NOT EDIT.\n\npackage x\n", true},
		{license + "\npackage x\n\n// Code generated by informer-gen. DO NOT EDIT.\n", false},
		{"package x\n" + strings.Repeat("\n", 12) + "// Code generated by stringer. DO NOT EDIT.\n", false},
	} {
		if got := Generated("pkg/x/x.go", []byte(tc.content)); got != tc.want {
			t.Errorf("Generated(%q) = %v, want %v", tc.content, got, tc.want)
		}
	}
}
