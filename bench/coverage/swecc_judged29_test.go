package main

import "testing"

// sweccJudged29 is the precision sample of the round of 2026-12-05 (branch swecc29):
// every dev policy that became executable in that round (4 of them, fewer than the 40
// a draw would take, so all are judged and no seed is needed), each judged by hand with
// a violating example and a near miss of our own writing, as sweccJudged.
var sweccJudged29 = []sweccJudgement{
	{id: "ASTROPY-C103", right: true, why: "a warning on print() in library code; log.info is spared, and so is a print in the __main__ block",
		violation: pyFile("astropy/units/core.py", "def convert(x):\n    print('converting', x)\n    return x\n"),
		nearMiss:  pyFile("astropy/units/core.py", "def convert(x):\n    log.info('converting %s', x)\n    return x\n\n\nif __name__ == '__main__':\n    print(convert(1))\n")},
	{id: "MATPLOTLIB-C238", right: true, why: "`import numpy` and `import matplotlib.pyplot as pyplot` are flagged; np, mpl and plt are spared, and so is numpy.typing as npt",
		violation: pyFile("lib/matplotlib/axis.py", "import numpy\nimport matplotlib.pyplot as pyplot\n"),
		nearMiss:  pyFile("lib/matplotlib/axis.py", "import numpy as np\nimport numpy.typing as npt\nimport matplotlib as mpl\nimport matplotlib.pyplot as plt\n")},
	{id: "MATPLOTLIB-C255", right: true, why: "a warning on a debug print in library code; _log.debug is spared, and so are a verbose flag's prints and a print_* function",
		violation: pyFile("lib/matplotlib/axis.py", "def set_ticks(ticks):\n    print('ticks', ticks)\n"),
		nearMiss:  pyFile("lib/matplotlib/axis.py", "def set_ticks(ticks, verbose=False):\n    _log.debug('ticks %s', ticks)\n    if verbose:\n        print(ticks)\n\n\ndef print_ticks(ticks):\n    print(ticks)\n")},
	{id: "PYTEST-DEV-C004", right: true, why: "a warning on a docstring with Google-style Args:/Returns: sections; Sphinx :param: fields are spared",
		violation: pyFile("src/_pytest/nodes.py", "def get_node(name):\n    \"\"\"Return the node.\n\n    Args:\n        name: The node's name.\n    \"\"\"\n"),
		nearMiss:  pyFile("src/_pytest/nodes.py", "def get_node(name):\n    \"\"\"Return the node.\n\n    :param name: The node's name.\n    :returns: The node.\n    \"\"\"\n")},
}

func TestSWECCJudgedSample29(t *testing.T) {
	t.Logf("right %d of %d judged", checkJudged(t, sweccJudged29), len(sweccJudged29))
}
