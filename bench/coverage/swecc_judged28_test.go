package main

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// sweccJudged28 is the precision sample of the round of 2026-12-05 (branch swecc28):
// every dev policy that became executable in that round (27 of them, fewer than the
// 40 a draw would take, so all are judged and no seed is needed), each judged by hand
// with a violating example and a near miss of our own writing, as sweccJudged.
var sweccJudged28 = []sweccJudgement{
	// "use X for Y" API conventions (norm.APIConvention)
	{id: "DJANGO-C013", right: true, why: "a warning on self.assertRaises in a test; assertRaisesMessage is spared",
		violation: pyFile("tests/cache/tests.py", "class T(SimpleTestCase):\n    def test_a(self):\n        with self.assertRaises(ValueError):\n            f()\n"),
		nearMiss:  pyFile("tests/cache/tests.py", "class T(SimpleTestCase):\n    def test_a(self):\n        with self.assertRaisesMessage(ValueError, 'bad'):\n            f()\n")},
	{id: "DJANGO-C015", right: true, why: "a warning on self.assertTrue in a test; assertIs(x, True) is spared",
		violation: pyFile("tests/cache/tests.py", "class T(SimpleTestCase):\n    def test_a(self):\n        self.assertTrue(cache.has_key('a'))\n"),
		nearMiss:  pyFile("tests/cache/tests.py", "class T(SimpleTestCase):\n    def test_a(self):\n        self.assertIs(cache.has_key('a'), True)\n")},
	{id: "MATPLOTLIB-C261", right: true, why: "a warning on warnings.warn in library code; _api.warn_external is spared, and so are tests (the warnings users meet are the library's)",
		violation: pyFile("lib/matplotlib/axis.py", "import warnings\n\ndef f():\n    warnings.warn('ignored')\n"),
		nearMiss:  pyFile("lib/matplotlib/tests/test_axis.py", "import warnings\n\ndef test_a():\n    warnings.warn('ignored')\n")},
	{id: "PYDATA-C133", right: true, why: "a warning on `import dask.array` in a test; the helpers from xarray.tests are spared, and library code is not judged",
		violation: pyFile("xarray/tests/test_dask.py", "import dask.array as da\n\ndef test_a():\n    assert da.ones(3).sum() == 3\n"),
		nearMiss:  pyFile("xarray/core/parallel.py", "import dask.array as da\n\ndef f():\n    return da.ones(3)\n")},
	{id: "SYMPY-C084", right: true, why: "a warning on pytest.raises in a test; SymPy's raises is spared",
		violation: pyFile("sympy/core/tests/test_add.py", "import pytest\n\ndef test_a():\n    with pytest.raises(TypeError):\n        f()\n"),
		nearMiss:  pyFile("sympy/core/tests/test_add.py", "from sympy.testing.pytest import raises\n\ndef test_a():\n    raises(TypeError, lambda: f())\n")},
	{id: "SYMPY-C152", right: true, why: "a warning on `import pytest` in a test; an import from sympy.testing.pytest is spared (SymPy's conftest.py, which imports pytest, would be warned: test infrastructure, a borderline case)",
		violation: pyFile("sympy/core/tests/test_add.py", "import pytest\n\ndef test_a():\n    pytest.skip('slow')\n"),
		nearMiss:  pyFile("sympy/core/tests/test_add.py", "from sympy.testing.pytest import skip\n\ndef test_a():\n    skip('slow')\n")},
	{id: "SYMPY-C258", right: true, why: "a warning on SymPyDeprecationWarning(...) called; passing the class to warns() is spared (the function that implements sympy_deprecation_warning would be warned: a warning)",
		violation: pyFile("sympy/core/expr.py", "def f():\n    raise SymPyDeprecationWarning('old')\n"),
		nearMiss:  pyFile("sympy/core/tests/test_expr.py", "def test_a():\n    with warns(SymPyDeprecationWarning):\n        f()\n")},
	// release notes (norm.ReleaseNoteBans)
	{id: "SYMPY-C060", right: true, why: "the capital-letter half: an entry that starts small is warned; the submodule header above it is not (the sentence and period halves are not checked)",
		violation: pr(notes("fixed a crash in solve.")), nearMiss: pr(notes("Fixed a crash in solve."))},
	{id: "SYMPY-C061", right: true, why: "the number half: an entry with #123 is warned; the same number in the description outside the block is not (author names are not checked)",
		violation: pr(notes("Fixed a crash in solve (#123).")), nearMiss: pr("Fix solve\n\nFixes #123\n\n" + notesBlock("Fixed a crash in solve."))},
	{id: "SYMPY-C063", right: true, why: "an issue number in an entry is warned; in the description it is not",
		violation: pr(notes("Fixed issue #99 in solve.")), nearMiss: pr("Fix solve\n\nSee #99.\n\n" + notesBlock("Fixed a crash in solve."))},
	{id: "SYMPY-C065", right: true, why: "the self-contained half: 'this pull request' in an entry is warned; in the description it is not (the tense is not checked)",
		violation: pr(notes("This pull request fixes solve.")), nearMiss: pr("Fix solve\n\nThis pull request fixes solve.\n\n" + notesBlock("Fixed a crash in solve."))},
	{id: "SYMPY-C066", right: true, why: "'I have fixed' in an entry is warned; first person in the description is not",
		violation: pr(notes("I have fixed a crash in solve.")), nearMiss: pr("Fix solve\n\nI have fixed a crash.\n\n" + notesBlock("Fixed a crash in solve."))},
	// documentation markup, doctests, naming, asserts
	{id: "MATPLOTLIB-C029", right: true, why: "``'auto'`` in a docstring is warned; 'auto' in plain quotes and a literal name are not",
		violation: pyFile("lib/matplotlib/axes/_base.py", "def f(mode):\n    \"\"\"\n    Set the mode.\n\n    mode : {``'auto'``, ``'equal'``}\n    \"\"\"\n"),
		nearMiss:  pyFile("lib/matplotlib/axes/_base.py", "def f(mode):\n    \"\"\"\n    Set the mode; see ``set_aspect``.\n\n    mode : {'auto', 'equal'}\n    \"\"\"\n")},
	{id: "PYDATA-C058", right: true, why: "a unittest-style self.assertEqual in a test is flagged; a bare assert and xarray's assert_identical are not",
		violation: pyFile("xarray/tests/test_a.py", "class TestA(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(len(ds), 2)\n"),
		nearMiss:  pyFile("xarray/tests/test_a.py", "def test_a():\n    assert len(ds) == 2\n    assert_identical(ds, expected)\n")},
	{id: "PYTEST-DEV-C016", right: true, why: "a warning on a camelCase function; snake_case functions and CapWords classes are spared",
		violation: pyFile("src/_pytest/nodes.py", "def getFixtureNames(node):\n    return node.names\n"),
		nearMiss:  pyFile("src/_pytest/nodes.py", "class FixtureLookup:\n    def get_fixture_names(self, node):\n        return node.names\n")},
	{id: "SYMPY-C018", right: true, why: "`from sympy import *` on a doctest line is flagged; the explicit import is not",
		violation: pyFile("sympy/core/add.py", "def f():\n    \"\"\"\n    >>> from sympy import *\n    >>> f()\n    1\n    \"\"\"\n"),
		nearMiss:  pyFile("sympy/core/add.py", "def f():\n    \"\"\"\n    >>> from sympy import symbols\n    >>> f()\n    1\n    \"\"\"\n")},
	{id: "SYMPY-C210", right: true, why: "a tilde in a custom-text link's target is warned; the target without it, and ~ in a plain link, are not",
		violation: pyFile("sympy/core/add.py", "def f():\n    \"\"\"Return the :obj:`sum <~sympy.core.add.Add>`.\"\"\"\n"),
		nearMiss:  pyFile("sympy/core/add.py", "def f():\n    \"\"\"Return the :obj:`sum <sympy.core.add.Add>`, see :obj:`~.Add`.\"\"\"\n")},
	{id: "SYMPY-C221", dropped: true, why: "wrong: single backticks in .rst were warned as code, but SymPy's default role is math (doc/src/conf.py), so `x` there is right; the reading is gone (a span in the default role is no sign of code)"},
	// call forms (norm.ReadCallForm)
	{id: "ASTROPY-C111", right: true, why: "a warning on Base.__init__(self, ...); super().__init__ and a class method called on cls are spared",
		violation: pyFile("astropy/units/core.py", "class Unit(UnitBase):\n    def __init__(self, s):\n        UnitBase.__init__(self, s)\n"),
		nearMiss:  pyFile("astropy/units/core.py", "class Unit(UnitBase):\n    def __init__(self, s):\n        super().__init__(s)\n        UnitBase.from_string(s)\n")},
	{id: "SYMPY-C085", right: true, why: "raises(E, f(x)) is flagged (the call runs before raises); the lambda form and the context manager are not",
		violation: pyFile("sympy/core/tests/test_add.py", "def test_a():\n    raises(TypeError, Add(x, 'a'))\n"),
		nearMiss:  pyFile("sympy/core/tests/test_add.py", "def test_a():\n    raises(TypeError, lambda: Add(x, 'a'))\n    with raises(TypeError):\n        Add(x, 'a')\n")},
	{id: "SYMPY-C089", right: true, why: "a warning on warnings.warn without stacklevel; with it, it is spared",
		violation: pyFile("sympy/core/expr.py", "import warnings\n\ndef f():\n    warnings.warn('slow path')\n"),
		nearMiss:  pyFile("sympy/core/expr.py", "import warnings\n\ndef f():\n    warnings.warn('slow path', stacklevel=2)\n")},
	{id: "SYMPY-C126", right: true, why: "a doctest expecting None from a bare expression is warned; print(...) is spared",
		violation: pyFile("sympy/core/expr.py", "def f():\n    \"\"\"\n    >>> f()\n    None\n    \"\"\"\n"),
		nearMiss:  pyFile("sympy/core/expr.py", "def f():\n    \"\"\"\n    >>> print(f())\n    None\n    \"\"\"\n")},
	{id: "SYMPY-C250", right: true, why: "a warning (the function's default may already point right) on sympy_deprecation_warning without stacklevel; with it, spared",
		violation: pyFile("sympy/core/expr.py", "def f():\n    sympy_deprecation_warning('f is old', deprecated_since_version='1.13', active_deprecations_target='f-old')\n"),
		nearMiss:  pyFile("sympy/core/expr.py", "def f():\n    sympy_deprecation_warning('f is old', deprecated_since_version='1.13', active_deprecations_target='f-old', stacklevel=4)\n")},
	// template tags (norm.TemplateTagForm)
	{id: "DJANGO-C028", right: true, why: "{{user}} is warned; {{ user }} and a filter with an argument are spared",
		violation: tmpl("<p>{{user.name}}</p>\n"), nearMiss: tmpl("<p>{{ user.name }} {{ value|date:\"D d M Y\" }}</p>\n")},
	{id: "DJANGO-C030", right: true, why: "{%if x %} is warned; {% if x %} and {% url 'admin:index' %} are spared",
		violation: tmpl("{%if user %}<p>hi</p>{% endif %}\n"), nearMiss: tmpl("{% if user %}<a href=\"{% url 'admin:index' %}\">hi</a>{% endif %}\n")},
	{id: "DJANGO-C031", right: true, why: "an unnamed {% endblock %} on its own line is warned; a named one, and one on its block's line, are spared",
		violation: tmpl("{% block content %}\n<p>hi</p>\n{% endblock %}\n"),
		nearMiss:  tmpl("{% block content %}\n<p>hi</p>\n{% endblock content %}\n{% block title %}Home{% endblock %}\n")},
	{id: "DJANGO-C032", right: true, why: "a spaced filter bar is warned; {{ a|upper }}, {% if user.is_staff and perms.x %} and {% trans \"Log in\" %} are spared",
		violation: tmpl("<p>{{ user.name | upper }}</p>\n"),
		nearMiss:  tmpl("<p>{{ user.name|upper }}</p>{% if user.is_staff and perms.x %}{% trans \"Log in\" %}{% endif %}\n")},
}

func tmpl(code string) policy.Case {
	return policy.Case{Path: "django/contrib/admin/templates/admin/page.html", Code: code}
}

// notesBlock is a SymPy release-notes block with one entry under `core`.
func notesBlock(entry string) string {
	return "<!-- BEGIN RELEASE NOTES -->\n* core\n  * " + entry + "\n<!-- END RELEASE NOTES -->"
}

func notes(entry string) string { return "Fix solve\n\n" + notesBlock(entry) }

func TestSWECCJudgedSample28(t *testing.T) {
	t.Logf("right %d of %d judged", checkJudged(t, sweccJudged28), len(sweccJudged28))
}
