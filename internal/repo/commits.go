package repo

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// Commits lists the commits of base..head, oldest first, with their messages, parent
// counts, authors and the Root-relative files each touched. An empty base lists every
// commit reachable from head.
func (r *Repo) Commits(base, head string) ([]engine.Commit, error) {
	cs, _, err := r.CommitsAndParents(base, head)
	return cs, err
}

// CommitsAndParents is Commits (with the branch each was made on, where the
// reflogs tell: Commit.MadeOn), and the hashes of the parents the listed commits
// name: base's commit is among them exactly when it is an ancestor of head other than
// head itself, and then it is their merge base (no `git merge-base` needed).
func (r *Repo) CommitsAndParents(base, head string) ([]engine.Commit, map[string]bool, error) {
	if !r.Git {
		return nil, nil, ErrNotGit
	}
	if head == "" {
		head = "HEAD"
	}
	rng := head
	if base != "" {
		rng = base + ".." + head
	}
	// Records start with RS; fields end with US; the file names follow, NUL-separated.
	out, err := r.run(nil, "-c", "log.showSignature=false", "log", "--reverse", "-z", "--no-color",
		"--name-only", "--no-renames", "--relative", "--format=%x1e%H%x1f%P%x1f%an <%ae>%x1f%B%x1f", rng, "--")
	if err != nil {
		return nil, nil, err
	}
	cs, parents := parseLog(out)
	markMerged(cs, out)
	r.madeOn(cs)
	return cs, parents, nil
}

func parseLog(out []byte) ([]engine.Commit, map[string]bool) {
	var commits []engine.Commit
	parents := map[string]bool{}
	for _, rec := range bytes.Split(out, []byte{0x1e}) {
		if len(bytes.TrimSpace(rec)) == 0 {
			continue
		}
		f := bytes.SplitN(rec, []byte{0x1f}, 5)
		if len(f) < 4 {
			continue
		}
		c := engine.Commit{
			Hash:    string(f[0]),
			Author:  string(f[2]),
			Message: strings.TrimRight(string(f[3]), "\n"),
		}
		for _, p := range strings.Fields(string(f[1])) {
			c.Parents++
			parents[p] = true
		}
		if len(f) == 5 {
			for _, name := range splitNUL(f[4]) {
				if name = strings.TrimLeft(name, "\n"); name != "" {
					c.Files = append(c.Files, name)
				}
			}
		}
		commits = append(commits, c)
	}
	return commits, parents
}

// markMerged sets Commit.Merged on the commits of a log (oldest first, as
// CommitsAndParents lists them) that are off the line of first parents from its
// head, the last commit listed.
func markMerged(cs []engine.Commit, out []byte) {
	if len(cs) == 0 {
		return
	}
	first := map[string]string{}
	for _, rec := range bytes.Split(out, []byte{0x1e}) {
		f := bytes.SplitN(rec, []byte{0x1f}, 3)
		if len(f) < 3 {
			continue
		}
		if ps := strings.Fields(string(f[1])); len(ps) > 0 {
			first[string(f[0])] = ps[0]
		}
	}
	line := map[string]bool{}
	for h := cs[len(cs)-1].Hash; h != "" && !line[h]; h = first[h] {
		line[h] = true
	}
	for i := range cs {
		cs[i].Merged = !line[cs[i].Hash]
	}
}

// RecentCommits lists the last n commits reachable from head (default HEAD), merges
// left out, oldest first, as Commits does.
func (r *Repo) RecentCommits(head string, n int) ([]engine.Commit, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	if head == "" {
		head = "HEAD"
	}
	out, err := r.run(nil, "-c", "log.showSignature=false", "log", "--no-merges", "-n", strconv.Itoa(n), "--reverse", "-z", "--no-color",
		"--name-only", "--no-renames", "--relative", "--format=%x1e%H%x1f%P%x1f%an <%ae>%x1f%B%x1f", head, "--")
	if err != nil {
		return nil, err
	}
	cs, _ := parseLog(out)
	return cs, nil
}
