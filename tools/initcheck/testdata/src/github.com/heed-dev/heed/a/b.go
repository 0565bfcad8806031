package a

var listed = map[string]int{"in the baseline": 1} // want `a map literal`
