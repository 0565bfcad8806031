package script

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A worker is this same executable started again with workerEnv set: the init below
// turns it into a script server before main runs, so every binary that links this
// package (heed, and each test binary) can serve its own scripts.
const (
	workerEnv   = "HEED_SCRIPT_WORKER"
	workerToken = "heed-script-worker-v1"
	memoryEnv   = "HEED_SCRIPT_MEMORY_MB"
)

func init() {
	if os.Getenv(workerEnv) == workerToken {
		os.Exit(serveWorker(os.Stdin, os.Stdout))
	}
}

// serveWorker bounds its own memory, then answers one JSON request per line until its
// input ends. Exceeding the bound kills the process ("fatal error: out of memory"),
// which the parent reports.
func serveWorker(in io.Reader, out io.Writer) int {
	mb, _ := strconv.Atoi(os.Getenv(memoryEnv))
	if mb <= 0 {
		mb = DefaultMemoryMB
	}
	budget := uint64(mb) << 20
	// The address-space limit is the hard bound. The Go runtime reserves gigabytes of
	// address space before main (Go 1.26 maps a 4 GB region at start), so the bound is
	// what is mapped now plus the budget: growth past it fails and the runtime dies. The
	// soft Go limit makes the collector work hard before that.
	if err := limitMemory(budget); err != nil {
		fmt.Fprintf(os.Stderr, "heed script worker: cannot bound memory: %v\n", err)
		return 3
	}
	debug.SetMemoryLimit(int64(budget) / 2)
	dec := json.NewDecoder(bufio.NewReaderSize(in, 64<<10))
	enc := json.NewEncoder(out)
	var ps programs
	for {
		var req Request
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return 0
			}
			fmt.Fprintf(os.Stderr, "heed script worker: bad request: %v\n", err)
			return 4
		}
		ans := ps.evaluate(&req)
		if err := enc.Encode(&ans); err != nil {
			return 5
		}
	}
}

// Runner runs scripts in worker processes, one request at a time per worker, and
// replaces a worker that died or overran. It is safe for concurrent use.
type Runner struct {
	mu      sync.Mutex
	cond    *sync.Cond
	idle    []*worker
	running int
	max     int
	// exe is the executable started as a worker (default: this one).
	exe string
	// grace is how long past a request's timeout the parent waits before it kills the
	// worker (the in-process cancel should have fired long before).
	grace time.Duration
}

// NewRunner returns a runner with up to min(NumCPU, 4) workers, started on demand.
func NewRunner() *Runner {
	r := &Runner{max: min(runtime.NumCPU(), 4), grace: 2 * time.Second}
	r.cond = sync.NewCond(&r.mu)
	return r
}

type worker struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	dec    *json.Decoder
	mem    int
	stderr *tailBuffer
	done   chan struct{} // closed when the process has been waited for
	err    error         // the wait status
}

// Call runs one request in a worker. An error means the worker was stopped (timeout,
// out of memory, crash); a script error is an Answer with Error set.
func (r *Runner) Call(req Request) (Answer, error) {
	w, err := r.acquire(req.MemoryMB)
	if err != nil {
		return Answer{}, err
	}
	type reply struct {
		ans Answer
		err error
	}
	ch := make(chan reply, 1)
	go func() {
		if err := json.NewEncoder(w.stdin).Encode(&req); err != nil {
			ch <- reply{err: err}
			return
		}
		var a Answer
		err := w.dec.Decode(&a)
		ch <- reply{ans: a, err: err}
	}()
	deadline := time.Duration(req.TimeoutMS)*time.Millisecond + r.grace
	timer := time.NewTimer(deadline)
	defer timer.Stop()
	select {
	case rep := <-ch:
		if rep.err != nil {
			return Answer{}, r.discard(w, rep.err)
		}
		r.release(w)
		return rep.ans, nil
	case <-timer.C:
		w.cmd.Process.Kill()
		r.discard(w, nil)
		return Answer{}, fmt.Errorf("timed out after %d ms (the worker was killed)", req.TimeoutMS)
	}
}

func (r *Runner) acquire(mem int) (*worker, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for {
		for i, w := range r.idle {
			if w.mem == mem {
				r.idle = append(r.idle[:i], r.idle[i+1:]...)
				return w, nil
			}
		}
		if r.running < r.max {
			break
		}
		if len(r.idle) > 0 { // an idle worker of another memory bound makes room
			w := r.idle[0]
			r.idle = r.idle[1:]
			r.running--
			w.stdin.Close()
			continue
		}
		r.cond.Wait()
	}
	w, err := r.start(mem)
	if err != nil {
		return nil, err
	}
	r.running++
	return w, nil
}

func (r *Runner) release(w *worker) {
	r.mu.Lock()
	r.idle = append(r.idle, w)
	r.mu.Unlock()
	r.cond.Signal()
}

// discard forgets a worker that failed and explains why it stopped.
func (r *Runner) discard(w *worker, ioErr error) error {
	w.stdin.Close()
	select {
	case <-w.done:
	case <-time.After(2 * time.Second):
		w.cmd.Process.Kill()
		<-w.done
	}
	r.mu.Lock()
	r.running--
	r.mu.Unlock()
	r.cond.Signal()
	tail := w.stderr.String()
	switch {
	case strings.Contains(tail, "out of memory") || strings.Contains(tail, "cannot allocate memory"):
		return fmt.Errorf("ran out of memory (limit %d MB)", w.mem)
	case ioErr == nil:
		return nil
	}
	status := "exited"
	if w.err != nil {
		status = w.err.Error()
	}
	if line := lastLine(tail); line != "" {
		return fmt.Errorf("the worker crashed (%s): %s", status, line)
	}
	return fmt.Errorf("the worker crashed (%s)", status)
}

func (r *Runner) start(mem int) (*worker, error) {
	exe := r.exe
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("start script worker: %w", err)
		}
	}
	cmd := exec.Command(exe)
	cmd.Env = append(scrubEnv(os.Environ()), workerEnv+"="+workerToken, memoryEnv+"="+strconv.Itoa(mem), "GOTRACEBACK=single")
	cmd.Dir = os.TempDir() // nothing of the repository is reachable by relative path
	cmd.SysProcAttr = workerAttr()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start script worker: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start script worker: %w", err)
	}
	w := &worker{cmd: cmd, stdin: stdin, dec: json.NewDecoder(bufio.NewReader(stdout)), mem: mem, stderr: &tailBuffer{max: 4096}, done: make(chan struct{})}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start script worker: %w", err)
	}
	go func() {
		w.err = cmd.Wait()
		close(w.done)
	}()
	return w, nil
}

// scrubEnv drops heed's own variables so a worker starts clean.
func scrubEnv(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if strings.HasPrefix(kv, workerEnv+"=") || strings.HasPrefix(kv, memoryEnv+"=") || strings.HasPrefix(kv, "GOMEMLIMIT=") {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// Close stops every idle worker (busy ones stop when their call ends).
func (r *Runner) Close() {
	r.mu.Lock()
	idle := r.idle
	r.idle = nil
	r.running -= len(idle)
	r.mu.Unlock()
	for _, w := range idle {
		w.stdin.Close()
		<-w.done
	}
}

// tailBuffer keeps the first max bytes written to it (a Go fatal error says what
// happened first, then dumps goroutines) and the last max/4.
type tailBuffer struct {
	mu   sync.Mutex
	head []byte
	tail []byte
	max  int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	written := len(p)
	if room := t.max - len(t.head); room > 0 {
		n := min(room, len(p))
		t.head = append(t.head, p[:n]...)
		p = p[n:]
	}
	t.tail = append(t.tail, p...)
	if keep := t.max / 4; len(t.tail) > keep {
		t.tail = append([]byte(nil), t.tail[len(t.tail)-keep:]...)
	}
	return written, nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.head) + string(t.tail)
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for _, l := range lines {
		// A Go fatal error's first line says what happened; the goroutine dump does not.
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "runtime:") {
			return strings.TrimSpace(l)
		}
	}
	return strings.TrimSpace(lines[len(lines)-1])
}
