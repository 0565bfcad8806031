// Package llm is heed's optional model path: a small provider interface, two
// net/http clients (OpenAI-compatible chat completions and the Anthropic Messages
// API), a content-addressed answer cache, bounded retries and concurrency, and token
// and cost accounting. Nothing here runs unless a provider is configured explicitly:
// with no provider, Resolve returns a disabled configuration and New returns a nil
// client, so no code path can reach the network.
package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// Role of a message in a conversation.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// Message is one turn of the conversation after the system prompt.
type Message struct {
	Role    string
	Content string
}

// Request is one structured-output call. System carries the instructions (the only
// instruction channel); Messages carry the task and any data, and earlier answers when
// a rejected answer is retried.
type Request struct {
	System   string
	Messages []Message
	// SchemaName names the answer format (a-z, 0-9, _ and -, at most 64 characters,
	// as OpenAI requires); Schema is the JSON Schema every answer must satisfy.
	SchemaName string
	Schema     json.RawMessage
	// MaxTokens bounds the answer; zero means the client's default.
	MaxTokens int
}

// Usage counts the tokens of one call as the provider reported them.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// Response is a provider's answer: the JSON the model produced (not yet validated
// against the schema) and what it cost.
type Response struct {
	JSON  json.RawMessage
	Usage Usage
	// Model is the model the provider says answered (it may differ from the one asked
	// for, e.g. a dated snapshot).
	Model string
	// Retries is how many times the call was retried before it succeeded.
	Retries int
}

// Provider is one model API. Implementations send exactly one logical request (with
// their own bounded retries) and return the model's JSON answer.
type Provider interface {
	// Name is the provider family: "openai" (any OpenAI-compatible server) or
	// "anthropic".
	Name() string
	// Model is the model requests are sent to.
	Model() string
	Complete(ctx context.Context, req Request) (Response, error)
}

// APIError is an error answer from a provider, after retries were exhausted or for a
// status that is not worth retrying.
type APIError struct {
	Provider string
	Status   int
	// Type and Message come from the provider's error body when it had one.
	Type    string
	Message string
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = "no error message"
	}
	if e.Type != "" {
		return fmt.Sprintf("%s: HTTP %d %s: %s", e.Provider, e.Status, e.Type, msg)
	}
	return fmt.Sprintf("%s: HTTP %d: %s", e.Provider, e.Status, msg)
}

// ErrNoAnswer is returned when the provider answered but gave no usable JSON (a
// refusal, an empty choice list, a truncated answer, text that is not JSON).
var ErrNoAnswer = errors.New("the model gave no usable answer")

// AnswerError wraps ErrNoAnswer with what was wrong.
type AnswerError struct {
	Reason string
	// Raw is the start of what the model said, for the error message.
	Raw string
}

func (e *AnswerError) Error() string {
	if e.Raw != "" {
		return fmt.Sprintf("%v: %s (answer began %q)", ErrNoAnswer, e.Reason, e.Raw)
	}
	return fmt.Sprintf("%v: %s", ErrNoAnswer, e.Reason)
}

func (e *AnswerError) Unwrap() error { return ErrNoAnswer }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
