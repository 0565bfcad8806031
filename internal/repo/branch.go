package repo

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/gitdir"
)

// HeadBranch is the branch the work tree has checked out ("main" for
// refs/heads/main), read from its HEAD without running git; "" when HEAD is
// detached, the repository is not git's, or HEAD cannot be read.
func (r *Repo) HeadBranch() string {
	if !r.Git || r.gitDir == "" {
		return ""
	}
	return gitdir.BranchOfHead(r.gitDir)
}

// madeOn sets Commit.MadeOn for the commits a local branch's reflog records being
// made on it (a commit, an amend, a cherry-pick or a revert while the branch was
// checked out; not a merge, a fast-forward, a pull or a rebase, which bring in
// commits made elsewhere) and which that branch still holds: a commit made on `main`
// and then moved to a branch of its own, `main` reset, was not left on `main`.
// Without reflogs (a fresh clone, core.logAllRefUpdates off, the reftable format)
// nothing is known and nothing is set.
func (r *Repo) madeOn(commits []engine.Commit) {
	if len(commits) == 0 || r.commonDir == "" {
		return
	}
	idx := make(map[string]int, len(commits))
	for i, c := range commits {
		idx[c.Hash] = i
	}
	root := filepath.Join(r.commonDir, "logs", "refs", "heads")
	found := map[int]string{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		branch := filepath.ToSlash(rel)
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			if h, ok := madeByReflogLine(sc.Bytes()); ok {
				if i, in := idx[h]; in {
					found[i] = branch
				}
			}
		}
		return nil
	})
	for i, branch := range found {
		// The branch must still hold the commit: it does when it points at it (read
		// from its ref file, without running git), else git says.
		if r.looseRef("refs/heads/"+branch) == commits[i].Hash {
			commits[i].MadeOn = branch
			continue
		}
		if _, err := r.run(nil, "merge-base", "--is-ancestor", commits[i].Hash, "refs/heads/"+branch); err == nil {
			commits[i].MadeOn = branch
		}
	}
}

// looseRef is the commit id the ref file of name holds in the common git
// directory ("" when the ref is packed, symbolic or unreadable).
func (r *Repo) looseRef(name string) string {
	if r.commonDir == "" || !ValidRel(name) {
		return ""
	}
	b, err := os.ReadFile(filepath.Join(r.commonDir, filepath.FromSlash(name)))
	if err != nil {
		return ""
	}
	h := strings.TrimSpace(string(b))
	if len(h) != 40 && len(h) != 64 {
		return ""
	}
	for _, c := range h {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return ""
		}
	}
	return h
}

// madeByReflogLine reads one reflog line ("OLD NEW IDENT TIME TZ\tMESSAGE") and
// returns NEW when the message says the commit was made there.
func madeByReflogLine(line []byte) (string, bool) {
	tab := bytes.IndexByte(line, '\t')
	if tab < 0 {
		return "", false
	}
	head, msg := line[:tab], string(line[tab+1:])
	f := bytes.Fields(head)
	if len(f) < 2 {
		return "", false
	}
	verb, _, ok := strings.Cut(msg, ": ")
	if !ok {
		return "", false
	}
	switch verb {
	case "commit", "commit (amend)", "cherry-pick", "revert":
		// not "commit (initial)": a repository's first commit has no other branch to go on
		return string(f[1]), true
	}
	return "", false
}
