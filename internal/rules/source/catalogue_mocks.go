package source

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
)

// mocking is the use of a mocking library or a test runner's mocking functions, for
// sentences that ban mocking as such ("Never mock anything", "Prefer fakes over
// mocks"). The libraries are named per language; a project's own hand-written fake
// is no mock.
var mocking = &Entry{
	Name:  "mocking",
	Title: "a mocking library or a test runner's mocks",
	Names: func(s *sentence) bool {
		ban, _ := norm.MockingBan(s.c.Text)
		return ban
	},
	// an exception the sentence grants ("the only exception is the llm") cannot be
	// told apart in code, and "we do not use any" states how things stand
	Warn: func(s *sentence) bool {
		_, certain := norm.MockingBan(s.c.Text)
		return !certain
	},
	Message:    "a mock",
	Suggestion: "use a fake, a real implementation or a test container instead",
	Variants: append(jsVariants(jsLangs,
		`((call_expression function: (member_expression object: (identifier) @o property: (property_identifier) @p)) @match (#any-of? @o "vi" "jest") (#any-of? @p "mock" "doMock" "fn" "spyOn" "mocked" "createMockFromModule"))
((import_statement source: (string (string_fragment) @s)) @match (#match? @s "^(sinon|ts-mockito|jest-mock-extended|vitest-mock-extended|testdouble)(/|$)"))`, nil,
		[]string{
			"import { vi } from 'vitest'\n«vi.mock('./db')»\nconst f = «vi.fn()»\n",
			"«jest.mock('./db')»\n«import sinon from 'sinon'»\n",
		},
		[]string{"import { test } from 'vitest'\nconst mock = makeFake()\nmock.fn()\n// vi.mock('./db')\nconst s = \"jest.mock\"\n"}),
		Variant{Lang: engine.LangPython,
			Query: `((import_statement name: [(dotted_name) @m (aliased_import name: (dotted_name) @m)]) @match (#match? @m "^(unittest\\.mock|mock|pytest_mock)$"))
((import_from_statement module_name: (dotted_name) @m) @match (#match? @m "^(unittest\\.mock|mock|pytest_mock)$"))
((import_from_statement module_name: (dotted_name) @m name: (dotted_name) @n) @match (#eq? @m "unittest") (#eq? @n "mock"))`,
			Bad:  []string{"«from unittest import mock»\n«from unittest.mock import patch»\n«import mock»\n"},
			Good: []string{"import unittest\nfrom app import mocks_data\nfrom unittest import TestCase\n# from unittest import mock\n"}},
		Variant{Lang: engine.LangGo,
			Query: `((import_spec path: (interpreted_string_literal) @p) @match (#match? @p "^\"(github\\.com/golang/mock|go\\.uber\\.org/mock|github\\.com/stretchr/testify/mock|github\\.com/vektra/mockery)(/|\")"))`,
			Bad:   []string{"package main\n\nimport «\"github.com/golang/mock/gomock\"»\n"},
			Good:  []string{"package main\n\nimport \"github.com/stretchr/testify/require\"\n\n// \"github.com/golang/mock/gomock\"\n"}},
		Variant{Lang: engine.LangJava,
			Query: `((import_declaration (scoped_identifier) @m) @match (#match? @m "^org\\.(mockito|easymock|jmock)(\\.|$)"))`,
			Bad:   []string{"«import static org.mockito.Mockito.mock;»\nclass A {}\n"},
			Good:  []string{"import org.junit.jupiter.api.Test;\nimport com.acme.mockitoish.Fake;\nclass A {}\n"}},
		Variant{Lang: engine.LangKotlin,
			Query: `((import (qualified_identifier) @m) @match (#match? @m "^(io\\.mockk|org\\.mockito|com\\.nhaarman\\.mockitokotlin2)(\\.|$)"))`,
			Bad:   []string{"«import io.mockk.mockk»\nclass A\n"},
			Good:  []string{"import kotlin.test.Test\nimport io.mockkish.Fake\nclass A\n"}},
		Variant{Lang: engine.LangCSharp,
			Query: `((using_directive [(identifier) (qualified_name)] @m) @match (#match? @m "^(Moq|NSubstitute|FakeItEasy)(\\.|$)"))`,
			Bad:   []string{"«using Moq;»\nclass A {}\n"},
			Good:  []string{"using Xunit;\nusing MoqLike.Fakes;\nclass A {}\n"}},
	),
}
