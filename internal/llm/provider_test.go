package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var verdictSchema = json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"},"why":{"type":"string"}},"required":["ok","why"],"additionalProperties":false}`)

func testRequest() Request {
	return Request{
		System:     "You judge things.",
		Messages:   []Message{{Role: RoleUser, Content: "Is 2 even?"}},
		SchemaName: "verdict",
		Schema:     verdictSchema,
	}
}

// A chat completion as OpenAI documents it (API reference, "The chat completion
// object"), with the structured answer as the message content.
const openAICompletion = `{
  "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
  "object": "chat.completion",
  "created": 1741569952,
  "model": "gpt-4o-mini-2024-07-18",
  "choices": [
    {
      "index": 0,
      "message": {"role": "assistant", "content": "{\"ok\":true,\"why\":\"2 is divisible by 2\"}", "refusal": null, "annotations": []},
      "logprobs": null,
      "finish_reason": "stop"
    }
  ],
  "usage": {"prompt_tokens": 19, "completion_tokens": 10, "total_tokens": 29,
    "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
    "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}},
  "service_tier": "default"
}`

// A message as Anthropic documents it for a forced tool call (Messages API, tool use).
const anthropicToolUse = `{
  "id": "msg_01Aq9w938a90dw8q",
  "type": "message",
  "role": "assistant",
  "model": "claude-3-5-haiku-20241022",
  "content": [
    {"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "verdict", "input": {"ok": true, "why": "2 is divisible by 2"}}
  ],
  "stop_reason": "tool_use",
  "stop_sequence": null,
  "usage": {"input_tokens": 412, "output_tokens": 57, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
}`

func openAIFor(url string) *OpenAI {
	o := NewOpenAI(Config{Model: "gpt-4o-mini", BaseURL: url + "/v1", APIKey: "sk-test", MaxRetries: 2, Timeout: 5 * time.Second})
	o.t.sleep = func(context.Context, time.Duration) error { return nil }
	return o
}

func TestOpenAIRequestAndResponseShape(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			t.Errorf("request %s %s, want POST /v1/chat/completions", r.Method, r.URL.Path)
		}
		if a := r.Header.Get("Authorization"); a != "Bearer sk-test" {
			t.Errorf("Authorization = %q", a)
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type = %q", ct)
		}
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &got); err != nil {
			t.Errorf("request body is not JSON: %v", err)
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, openAICompletion)
	}))
	defer srv.Close()
	resp, err := openAIFor(srv.URL).Complete(context.Background(), testRequest())
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.JSON) != `{"ok":true,"why":"2 is divisible by 2"}` {
		t.Errorf("answer %s", resp.JSON)
	}
	if resp.Usage != (Usage{InputTokens: 19, OutputTokens: 10}) || resp.Model != "gpt-4o-mini-2024-07-18" {
		t.Errorf("usage %+v model %q", resp.Usage, resp.Model)
	}
	if got["model"] != "gpt-4o-mini" || got["temperature"] != 0.0 || got["stream"] != false {
		t.Errorf("model/temperature/stream wrong: %v", got)
	}
	msgs := got["messages"].([]any)
	if len(msgs) != 2 || msgs[0].(map[string]any)["role"] != "system" || msgs[1].(map[string]any)["role"] != "user" {
		t.Errorf("messages %v", msgs)
	}
	rf := got["response_format"].(map[string]any)
	js := rf["json_schema"].(map[string]any)
	if rf["type"] != "json_schema" || js["name"] != "verdict" || js["strict"] != true || js["schema"] == nil {
		t.Errorf("response_format %v", rf)
	}
}

func TestOpenAIMaxTokensFieldDependsOnServer(t *testing.T) {
	req := testRequest()
	req.MaxTokens = 500
	for base, field := range map[string]string{"https://api.openai.com/v1": "max_completion_tokens", "http://localhost:11434/v1": "max_tokens"} {
		b, _ := NewOpenAI(Config{BaseURL: base, Model: "m"}).body(req)
		var m map[string]any
		json.Unmarshal(b, &m)
		if m[field] != 500.0 || len(m) == 0 {
			t.Errorf("%s: want %s=500 in %s", base, field, b)
		}
	}
}

func TestOpenAIJSONModePutsSchemaInPrompt(t *testing.T) {
	b, _ := NewOpenAI(Config{BaseURL: "http://x/v1", Model: "m", Structured: StructuredJSON}).body(testRequest())
	var m struct {
		Messages       []oaMessage       `json:"messages"`
		ResponseFormat *oaResponseFormat `json:"response_format"`
	}
	json.Unmarshal(b, &m)
	if m.ResponseFormat.Type != "json_object" || !strings.Contains(m.Messages[0].Content, `"required":["ok","why"]`) {
		t.Errorf("json_object mode must carry the schema in the system prompt: %s", b)
	}
}

func TestAnthropicRequestAndResponseShape(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/messages" {
			t.Errorf("path %s, want /v1/messages", r.URL.Path)
		}
		if k := r.Header.Get("x-api-key"); k != "sk-ant-test" {
			t.Errorf("x-api-key = %q", k)
		}
		if v := r.Header.Get("anthropic-version"); v != "2023-06-01" {
			t.Errorf("anthropic-version = %q", v)
		}
		if r.Header.Get("Authorization") != "" {
			t.Errorf("the Messages API authenticates with x-api-key, not Authorization")
		}
		b, _ := io.ReadAll(r.Body)
		json.Unmarshal(b, &got)
		io.WriteString(w, anthropicToolUse)
	}))
	defer srv.Close()
	a := NewAnthropic(Config{Model: "claude-3-5-haiku-latest", BaseURL: srv.URL, APIKey: "sk-ant-test"})
	resp, err := a.Complete(context.Background(), testRequest())
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		OK  bool
		Why string
	}
	json.Unmarshal(resp.JSON, &v)
	if !v.OK || v.Why == "" || resp.Usage != (Usage{412, 57}) {
		t.Errorf("answer %s usage %+v", resp.JSON, resp.Usage)
	}
	if got["system"] != "You judge things." || got["max_tokens"] != float64(DefaultMaxTokens) || got["temperature"] != 0.0 || got["stream"] != false {
		t.Errorf("system/max_tokens/temperature/stream: %v", got)
	}
	tools := got["tools"].([]any)
	tool := tools[0].(map[string]any)
	tc := got["tool_choice"].(map[string]any)
	if tool["name"] != "verdict" || tool["input_schema"] == nil || tc["type"] != "tool" || tc["name"] != "verdict" {
		t.Errorf("tools %v tool_choice %v", tools, tc)
	}
	if msgs := got["messages"].([]any); len(msgs) != 1 || msgs[0].(map[string]any)["role"] != "user" {
		t.Errorf("the system prompt must not be a message: %v", msgs)
	}
}

func TestAnthropicWithoutToolCallIsNoAnswer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"id":"msg_1","type":"message","role":"assistant","model":"claude","content":[{"type":"text","text":"Sure! It is even."}],"stop_reason":"end_turn","usage":{"input_tokens":5,"output_tokens":5}}`)
	}))
	defer srv.Close()
	_, err := NewAnthropic(Config{Model: "claude", BaseURL: srv.URL}).Complete(context.Background(), testRequest())
	if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "did not call the verdict tool") {
		t.Fatalf("err = %v", err)
	}
}

func TestRateLimitHonoursRetryAfter(t *testing.T) {
	for _, c := range []struct {
		name   string
		header string
		value  string
		want   time.Duration
	}{
		{"seconds", "Retry-After", "7", 7 * time.Second},
		{"milliseconds", "retry-after-ms", "250", 250 * time.Millisecond},
		{"none: exponential backoff", "", "", time.Second},
	} {
		t.Run(c.name, func(t *testing.T) {
			var n atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if n.Add(1) == 1 {
					if c.header != "" {
						w.Header().Set(c.header, c.value)
					}
					w.WriteHeader(http.StatusTooManyRequests)
					io.WriteString(w, `{"error":{"message":"Rate limit reached for gpt-4o-mini","type":"requests","param":null,"code":"rate_limit_exceeded"}}`)
					return
				}
				io.WriteString(w, openAICompletion)
			}))
			defer srv.Close()
			o := openAIFor(srv.URL)
			var slept []time.Duration
			o.t.sleep = func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }
			resp, err := o.Complete(context.Background(), testRequest())
			if err != nil {
				t.Fatal(err)
			}
			if resp.Retries != 1 || len(slept) != 1 || slept[0] != c.want {
				t.Fatalf("retries %d, slept %v, want one wait of %s", resp.Retries, slept, c.want)
			}
		})
	}
}

func TestAnthropicOverloadedIsRetriedThenGivesUp(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.WriteHeader(529)
		io.WriteString(w, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)
	}))
	defer srv.Close()
	a := NewAnthropic(Config{Model: "claude", BaseURL: srv.URL, MaxRetries: 2})
	var slept []time.Duration
	a.t.sleep = func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }
	_, err := a.Complete(context.Background(), testRequest())
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 529 || apiErr.Type != "overloaded_error" {
		t.Fatalf("err = %v", err)
	}
	if n.Load() != 3 || len(slept) != 2 || slept[0] != time.Second || slept[1] != 2*time.Second {
		t.Fatalf("%d attempts, waits %v: want 3 attempts with backoff 1s, 2s", n.Load(), slept)
	}
	if !strings.Contains(err.Error(), "gave up after 2 retries") {
		t.Errorf("error %q should say it gave up", err)
	}
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"error":{"message":"Incorrect API key provided: sk-test.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`)
	}))
	defer srv.Close()
	_, err := openAIFor(srv.URL).Complete(context.Background(), testRequest())
	if n.Load() != 1 || err == nil || !strings.Contains(err.Error(), "HTTP 401 invalid_request_error: Incorrect API key") {
		t.Fatalf("%d attempts, err %v", n.Load(), err)
	}
}

func TestRetryAfterBeyondTheBoundFailsFast(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer srv.Close()
	_, err := openAIFor(srv.URL).Complete(context.Background(), testRequest())
	if err == nil || !strings.Contains(err.Error(), "asked to wait 1h0m0s") {
		t.Fatalf("err = %v", err)
	}
}

func TestMalformedAnswersAreErrors(t *testing.T) {
	for name, body := range map[string]string{
		"body not JSON":      `<html>502 Bad Gateway</html>`,
		"content not JSON":   `{"choices":[{"index":0,"message":{"role":"assistant","content":"The answer is yes."},"finish_reason":"stop"}]}`,
		"truncated":          `{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"ok\":tr"},"finish_reason":"length"}]}`,
		"prose after JSON":   `{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"ok\":true,\"why\":\"x\"} I hope this helps"},"finish_reason":"stop"}]}`,
		"refusal":            `{"choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}]}`,
		"no choices":         `{"choices":[]}`,
		"JSON is not object": `{"choices":[{"index":0,"message":{"role":"assistant","content":"[1,2]"},"finish_reason":"stop"}]}`,
		"unterminated fence": "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"```json\\n{\\\"ok\\\":true}\"},\"finish_reason\":\"stop\"}]}",
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) }))
			defer srv.Close()
			_, err := openAIFor(srv.URL).Complete(context.Background(), testRequest())
			if !errors.Is(err, ErrNoAnswer) {
				t.Fatalf("err = %v, want ErrNoAnswer", err)
			}
		})
	}
}

func TestExtractJSONAcceptsOneFencedValue(t *testing.T) {
	js, err := ExtractJSON("```json\n{\"ok\": true}\n```")
	if err != nil || string(js) != `{"ok": true}` {
		t.Fatalf("%s %v", js, err)
	}
}

func TestTimeoutIsAnErrorAfterRetries(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	o := NewOpenAI(Config{Model: "m", BaseURL: srv.URL, Timeout: 80 * time.Millisecond, MaxRetries: 1})
	o.t.sleep = func(context.Context, time.Duration) error { return nil }
	start := time.Now()
	_, err := o.Complete(context.Background(), testRequest())
	if err == nil || !strings.Contains(err.Error(), "no answer within 80ms") || !strings.Contains(err.Error(), "gave up after 1 retries") {
		t.Fatalf("err = %v", err)
	}
	if time.Since(start) > 3*time.Second {
		t.Fatalf("the timeout did not bound the call")
	}
}

func TestConcurrencyIsBounded(t *testing.T) {
	var inflight, peak atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inflight.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(30 * time.Millisecond)
		inflight.Add(-1)
		io.WriteString(w, openAICompletion)
	}))
	defer srv.Close()
	c := NewWith(openAIFor(srv.URL), Config{Name: "openai", Model: "gpt-4o-mini", Concurrency: 2, NoCache: true, InputPrice: -1, OutputPrice: -1})
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var v map[string]any
			if err := c.Call(context.Background(), testRequest(), &v); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if peak.Load() > 2 {
		t.Fatalf("%d requests in flight at once, want at most 2", peak.Load())
	}
	if s := c.Stats(); s.Requests != 8 || s.InputTokens != 8*19 || s.Cost >= 0 {
		t.Fatalf("stats %+v", s)
	}
}

func TestAnthropicRateLimitAndTextExtraction(t *testing.T) {
	var n atomic.Int32
	var bodies []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var m map[string]any
		json.Unmarshal(b, &m)
		bodies = append(bodies, m)
		if n.Add(1) == 1 {
			w.Header().Set("retry-after", "3")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`)
			return
		}
		io.WriteString(w, `{"id":"msg_2","type":"message","role":"assistant","model":"claude-3-5-haiku-20241022","content":[{"type":"text","text":"{\"ok\": false, \"why\": \"3 is odd\"}"}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":30,"output_tokens":12}}`)
	}))
	defer srv.Close()
	a := NewAnthropic(Config{Model: "claude-3-5-haiku-latest", BaseURL: srv.URL, Structured: StructuredNone, MaxRetries: 2})
	var slept []time.Duration
	a.t.sleep = func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }
	resp, err := a.Complete(context.Background(), testRequest())
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.JSON) != `{"ok": false, "why": "3 is odd"}` || len(slept) != 1 || slept[0] != 3*time.Second {
		t.Fatalf("answer %s waits %v", resp.JSON, slept)
	}
	if bodies[1]["tools"] != nil || !strings.Contains(bodies[1]["system"].(string), "JSON Schema") {
		t.Errorf("structured none must put the schema in the system prompt and send no tools: %v", bodies[1])
	}
}

func TestAnthropicTruncatedAnswer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"id":"msg_3","type":"message","role":"assistant","model":"claude","content":[{"type":"tool_use","id":"toolu_1","name":"verdict","input":{}}],"stop_reason":"max_tokens","usage":{"input_tokens":30,"output_tokens":4096}}`)
	}))
	defer srv.Close()
	resp, err := NewAnthropic(Config{Model: "claude", BaseURL: srv.URL}).Complete(context.Background(), testRequest())
	if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "cut off") || resp.Usage.OutputTokens != 4096 {
		t.Fatalf("err %v usage %+v: a truncated answer is no answer, but its tokens still count", err, resp.Usage)
	}
}

func TestRetryAfterHTTPDate(t *testing.T) {
	now := time.Date(2026, 12, 2, 18, 0, 0, 0, time.UTC)
	h := http.Header{}
	h.Set("Retry-After", now.Add(90*time.Second).Format(http.TimeFormat))
	if d := retryAfter(h, now); d != 90*time.Second {
		t.Fatalf("retryAfter = %s", d)
	}
	h.Set("Retry-After", "soon")
	if d := retryAfter(h, now); d != 0 {
		t.Fatalf("garbage Retry-After = %s, want no advice", d)
	}
}

func TestModelThatRejectsTemperatureZeroIsAskedWithout(t *testing.T) {
	var temps []any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		json.NewDecoder(r.Body).Decode(&m)
		t, has := m["temperature"]
		if !has {
			t = "absent"
		}
		temps = append(temps, t)
		if has {
			w.WriteHeader(400)
			io.WriteString(w, `{"error":{"message":"Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.","type":"invalid_request_error","param":"temperature","code":"unsupported_value"}}`)
			return
		}
		io.WriteString(w, openAICompletion)
	}))
	defer srv.Close()
	o := openAIFor(srv.URL)
	for i := 0; i < 2; i++ {
		if _, err := o.Complete(context.Background(), testRequest()); err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(temps) != "[0 absent absent]" {
		t.Fatalf("temperatures sent %v: once 0, then left out for the rest of the run", temps)
	}
}
