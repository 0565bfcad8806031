package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/google/jsonschema-go/jsonschema"
)

// Client is what the rest of heed uses: a provider behind the answer cache, a bound on
// concurrent requests, validation of every answer against its schema, and accounting.
// A nil *Client means no provider is configured; its methods are safe to call and
// report that, and none of them touches the network.
type Client struct {
	p     Provider
	cfg   Config
	sem   chan struct{}
	stats stats

	mu      sync.Mutex
	schemas map[string]*jsonschema.Resolved
	// down is the first "cannot connect" error of the run: once a server refused
	// connections through every retry, later calls fail at once instead of each
	// waiting through its own backoff.
	down atomic.Pointer[error]
}

type stats struct {
	requests, cached, failed, retries atomic.Int64
	in, out                           atomic.Int64
}

// New returns a client for the configuration, or nil when no provider is configured.
func New(cfg Config) (*Client, error) {
	if !cfg.Enabled() {
		return nil, nil
	}
	var p Provider
	switch cfg.Provider {
	case ProviderOpenAI:
		p = NewOpenAI(cfg)
	case ProviderAnthropic:
		p = NewAnthropic(cfg)
	default:
		return nil, fmt.Errorf("unknown provider family %q", cfg.Provider)
	}
	return NewWith(p, cfg), nil
}

// NewWith wraps any provider (tests use scripted ones).
func NewWith(p Provider, cfg Config) *Client {
	n := cfg.Concurrency
	if n <= 0 {
		n = DefaultConcurrency
	}
	if cfg.Name == "" {
		cfg.Name = p.Name()
	}
	if cfg.Model == "" {
		cfg.Model = p.Model()
	}
	return &Client{p: p, cfg: cfg, sem: make(chan struct{}, n), schemas: map[string]*jsonschema.Resolved{}}
}

// Model is the configured model ("" for a nil client).
func (c *Client) Model() string {
	if c == nil {
		return ""
	}
	return c.cfg.Model
}

// ErrDisabled is returned by a nil client.
var ErrDisabled = fmt.Errorf("no model provider is configured (set --llm-provider, HEED_LLM_PROVIDER or provider in %s)", UserConfigHint)

// Call sends the request (or answers it from the cache), validates the answer against
// req.Schema and decodes it into out.
func (c *Client) Call(ctx context.Context, req Request, out any) error {
	if c == nil {
		return ErrDisabled
	}
	if req.SchemaName == "" || len(req.Schema) == 0 {
		return fmt.Errorf("llm: request without a schema")
	}
	schema, err := c.compileSchema(req.Schema)
	if err != nil {
		return err
	}
	key := c.key(req)
	if !c.cfg.NoCache && c.cfg.CacheDir != "" {
		if ans, ok := c.readCache(key); ok {
			if err := validate(schema, ans); err == nil {
				c.stats.cached.Add(1)
				return decode(ans, out)
			}
			// A cached answer that no longer validates (the schema's meaning changed
			// without its text changing cannot happen, but a hand-edited file can) is
			// ignored.
		}
	}
	if d := c.down.Load(); d != nil {
		c.stats.failed.Add(1)
		return fmt.Errorf("%w (not sent: the server could not be reached earlier in this run)", *d)
	}
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	resp, err := c.p.Complete(ctx, req)
	<-c.sem
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Op == "dial" {
		c.down.CompareAndSwap(nil, &err)
	}
	c.stats.requests.Add(1)
	c.stats.retries.Add(int64(resp.Retries))
	c.stats.in.Add(int64(resp.Usage.InputTokens))
	c.stats.out.Add(int64(resp.Usage.OutputTokens))
	if err != nil {
		c.stats.failed.Add(1)
		return err
	}
	if err := validate(schema, resp.JSON); err != nil {
		c.stats.failed.Add(1)
		return err
	}
	if !c.cfg.NoCache && c.cfg.CacheDir != "" {
		// The cache is an optimisation: failing to write it must not fail the call.
		_ = c.writeCache(key, resp)
	}
	return decode(resp.JSON, out)
}

func decode(ans json.RawMessage, out any) error {
	if err := json.Unmarshal(ans, out); err != nil {
		return &AnswerError{Reason: "the answer does not decode: " + err.Error(), Raw: clip(string(ans), 80)}
	}
	return nil
}

func (c *Client) compileSchema(raw json.RawMessage) (*jsonschema.Resolved, error) {
	sum := sha256.Sum256(raw)
	id := hex.EncodeToString(sum[:])
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.schemas[id]; ok {
		return s, nil
	}
	var doc jsonschema.Schema
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("llm: answer schema: %w", err)
	}
	s, err := doc.Resolve(&jsonschema.ResolveOptions{BaseURI: "heed:/schema/" + id + ".json"})
	if err != nil {
		return nil, fmt.Errorf("llm: answer schema: %w", err)
	}
	c.schemas[id] = s
	return s, nil
}

func validate(s *jsonschema.Resolved, ans json.RawMessage) error {
	var v any
	if err := json.Unmarshal(ans, &v); err != nil {
		return &AnswerError{Reason: "the answer is not JSON: " + err.Error(), Raw: clip(string(ans), 80)}
	}
	if err := s.Validate(v); err != nil {
		return &AnswerError{Reason: "the answer does not match the schema: " + oneLine(err.Error()), Raw: clip(string(ans), 80)}
	}
	return nil
}

func oneLine(s string) string { return clip(strings.Join(strings.Fields(s), " "), 400) }

// cacheVersion changes when the meaning of a cached answer changes.
const cacheVersion = 1

// key is the content address of a request: provider, model, the whole prompt and the
// schema. Temperature is always 0, and the structured-output mode is part of the key
// because it changes what the model sees.
func (c *Client) key(req Request) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode(struct {
		V          int
		Provider   string
		Model      string
		Structured string
		System     string
		Messages   []Message
		SchemaName string
		Schema     json.RawMessage
		MaxTokens  int
	}{cacheVersion, c.cfg.Name, c.cfg.Model, c.cfg.Structured, req.System, req.Messages, req.SchemaName, req.Schema, req.MaxTokens})
	return hex.EncodeToString(h.Sum(nil))
}

type cacheEntry struct {
	Provider string          `json:"provider"`
	Model    string          `json:"model"`
	Answered string          `json:"answered_by,omitempty"`
	Answer   json.RawMessage `json:"answer"`
	Usage    Usage           `json:"usage"`
}

func (c *Client) cachePath(key string) string {
	return filepath.Join(c.cfg.CacheDir, key[:2], key+".json")
}

func (c *Client) readCache(key string) (json.RawMessage, bool) {
	b, err := os.ReadFile(c.cachePath(key))
	if err != nil {
		return nil, false
	}
	var e cacheEntry
	if json.Unmarshal(b, &e) != nil || len(e.Answer) == 0 {
		return nil, false
	}
	return e.Answer, true
}

func (c *Client) writeCache(key string, resp Response) error {
	path := c.cachePath(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	// the cache ignores itself before its first entry: a write killed halfway leaves
	// a temporary file git does not show
	if ignore := filepath.Join(c.cfg.CacheDir, ".gitignore"); !fileExists(ignore) {
		_ = os.WriteFile(ignore, []byte("# heed's model answers: never commit them\n*\n"), 0o644)
	}
	b, err := json.MarshalIndent(cacheEntry{Provider: c.cfg.Name, Model: c.cfg.Model, Answered: resp.Model, Answer: resp.JSON, Usage: resp.Usage}, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Stats is the accounting of a client's calls.
type Stats struct {
	Requests, Cached, Failed, Retries int
	InputTokens, OutputTokens         int
	// Cost is in US dollars; negative when the model's price is unknown.
	Cost float64
}

// Stats returns the accounting so far.
func (c *Client) Stats() Stats {
	if c == nil {
		return Stats{}
	}
	s := Stats{
		Requests: int(c.stats.requests.Load()), Cached: int(c.stats.cached.Load()),
		Failed: int(c.stats.failed.Load()), Retries: int(c.stats.retries.Load()),
		InputTokens: int(c.stats.in.Load()), OutputTokens: int(c.stats.out.Load()), Cost: -1,
	}
	if c.cfg.InputPrice >= 0 && c.cfg.OutputPrice >= 0 {
		s.Cost = (float64(s.InputTokens)*c.cfg.InputPrice + float64(s.OutputTokens)*c.cfg.OutputPrice) / 1e6
	}
	return s
}

// Summary is the accounting line printed at the end of a command that used a model.
func (c *Client) Summary() string {
	if c == nil {
		return "model: none configured (no requests)"
	}
	s := c.Stats()
	var b strings.Builder
	fmt.Fprintf(&b, "model: %s %s: %d %s", c.cfg.Name, c.cfg.Model, s.Requests, plural(s.Requests, "request", "requests"))
	var notes []string
	if s.Cached > 0 {
		notes = append(notes, fmt.Sprintf("%d answered from cache", s.Cached))
	}
	if s.Failed > 0 {
		notes = append(notes, fmt.Sprintf("%d failed", s.Failed))
	}
	if s.Retries > 0 {
		notes = append(notes, fmt.Sprintf("%d %s", s.Retries, plural(s.Retries, "retry", "retries")))
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(notes, ", "))
	}
	fmt.Fprintf(&b, ", %s input + %s output tokens", thousands(s.InputTokens), thousands(s.OutputTokens))
	switch {
	case s.Cost < 0:
		fmt.Fprintf(&b, ", cost unknown (set input_price and output_price in %s)", UserConfigHint)
	case s.Cost == 0:
		b.WriteString(", cost $0")
	case s.Cost < 0.01:
		fmt.Fprintf(&b, ", cost $%.6f", s.Cost)
	default:
		fmt.Fprintf(&b, ", cost $%.4f", s.Cost)
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
