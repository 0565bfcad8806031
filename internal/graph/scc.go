package graph

// SCC returns the strongly connected components of a directed graph with vertices
// 0..n-1 and the adjacency lists adj, by Tarjan's algorithm run iteratively (an
// import chain thousands of files deep must not overflow the stack). Components come
// in reverse topological order; each lists its vertices in discovery order.
func SCC(n int, adj [][]int) [][]int {
	const unvisited = -1
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = unvisited
	}
	var stack []int
	var comps [][]int
	type frame struct{ v, next int }
	var call []frame
	counter := 0
	for s := 0; s < n; s++ {
		if index[s] != unvisited {
			continue
		}
		call = append(call, frame{v: s})
		index[s], low[s] = counter, counter
		counter++
		stack = append(stack, s)
		onStack[s] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			v := f.v
			if f.next < len(adj[v]) {
				w := adj[v][f.next]
				f.next++
				if index[w] == unvisited {
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{v: w})
				} else if onStack[w] && index[w] < low[v] {
					low[v] = index[w]
				}
				continue
			}
			// v is finished: pop it, fold its low link into its caller.
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				if low[v] < low[u] {
					low[u] = low[v]
				}
			}
			if low[v] == index[v] {
				var comp []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				// Discovery order reads naturally: reverse the pop order.
				for i, j := 0, len(comp)-1; i < j; i, j = i+1, j-1 {
					comp[i], comp[j] = comp[j], comp[i]
				}
				comps = append(comps, comp)
			}
		}
	}
	return comps
}

// ShortestCycle returns the shortest path from to back to from (breadth first), so
// that from -> to -> ... -> from is a cycle; nil when there is none. allowed limits
// the walk to vertices of one component.
func ShortestCycle(adj [][]int, from, to int, allowed func(int) bool) []int {
	if from == to {
		return []int{from}
	}
	prev := map[int]int{to: -1}
	queue := []int{to}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range adj[v] {
			if _, seen := prev[w]; seen || !allowed(w) {
				continue
			}
			prev[w] = v
			if w == from {
				var path []int
				for x := from; x != -1; x = prev[x] {
					path = append(path, x)
				}
				// path is from, ..., to reversed: from <- ... <- to. Build to ... from.
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				return path
			}
			queue = append(queue, w)
		}
	}
	return nil
}
