package llm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// transport holds what both HTTP providers share: the client, the retry policy and
// the clock (replaceable in tests so backoff does not sleep).
type transport struct {
	http *http.Client
	// Timeout bounds one attempt (connect to last byte).
	timeout time.Duration
	// maxRetries is the number of retries after the first attempt.
	maxRetries int
	// baseBackoff is the first backoff; it doubles per retry up to maxBackoff. A
	// Retry-After longer than maxWait fails the call rather than stall the run.
	baseBackoff time.Duration
	maxBackoff  time.Duration
	maxWait     time.Duration
	sleep       func(ctx context.Context, d time.Duration) error
}

func newTransport(cfg Config) *transport {
	t := &transport{
		http:        cfg.HTTPClient,
		timeout:     cfg.Timeout,
		maxRetries:  cfg.MaxRetries,
		baseBackoff: time.Second,
		maxBackoff:  30 * time.Second,
		maxWait:     2 * time.Minute,
		sleep:       sleepCtx,
	}
	if t.http == nil {
		t.http = &http.Client{}
	}
	if t.timeout <= 0 {
		t.timeout = DefaultTimeout
	}
	if t.maxRetries < 0 {
		t.maxRetries = 0
	}
	return t
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// retryable reports whether a status is transient: rate limits, overload (Anthropic's
// 529) and gateway errors. Client errors (400, 401, 404...) are the request's fault and
// are never retried.
func retryable(status int) bool {
	switch status {
	case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout, 529, http.StatusRequestTimeout:
		return true
	}
	return false
}

// retryAfter reads how long the server asked us to wait: retry-after-ms (OpenAI),
// Retry-After in seconds or as an HTTP date (RFC 9110). Zero means no advice.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}

// post sends body to url with the headers, retrying transient failures with
// exponential backoff that honours Retry-After. It returns the body of the first 2xx
// answer, or the last error; decodeErr turns an error body into an *APIError.
func (t *transport) post(ctx context.Context, provider, url string, headers map[string]string, body []byte,
	decodeErr func(status int, body []byte) *APIError) ([]byte, int, error) {
	backoff := t.baseBackoff
	var lastErr error
	for attempt := 0; ; attempt++ {
		respBody, status, hdr, err := t.once(ctx, url, headers, body)
		var wait time.Duration
		switch {
		case err == nil && status/100 == 2:
			return respBody, attempt, nil
		case err != nil:
			if ctx.Err() != nil {
				return nil, attempt, fmt.Errorf("%s: %w", provider, ctx.Err())
			}
			lastErr = fmt.Errorf("%s: %w", provider, err)
		default:
			apiErr := decodeErr(status, respBody)
			lastErr = apiErr
			if !retryable(status) {
				return nil, attempt, apiErr
			}
			wait = retryAfter(hdr, time.Now())
			if wait > t.maxWait {
				return nil, attempt, fmt.Errorf("%w (the server asked to wait %s, longer than heed waits)", apiErr, wait.Round(time.Second))
			}
		}
		if attempt >= t.maxRetries {
			if attempt > 0 {
				return nil, attempt, fmt.Errorf("%w (gave up after %d retries)", lastErr, attempt)
			}
			return nil, attempt, lastErr
		}
		if wait == 0 {
			wait = backoff
		}
		backoff *= 2
		if backoff > t.maxBackoff {
			backoff = t.maxBackoff
		}
		if err := t.sleep(ctx, wait); err != nil {
			return nil, attempt, fmt.Errorf("%s: %w (while waiting to retry: %v)", provider, err, lastErr)
		}
	}
}

// maxBody bounds what heed reads of an answer: a structured answer is small, and a
// misbehaving server must not exhaust memory.
const maxBody = 8 << 20

func (t *transport) once(ctx context.Context, url string, headers map[string]string, body []byte) ([]byte, int, http.Header, error) {
	ctx, cancel := context.WithTimeout(ctx, t.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := t.http.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, 0, nil, fmt.Errorf("no answer within %s", t.timeout)
		}
		return nil, 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, 0, nil, fmt.Errorf("answer not complete within %s", t.timeout)
		}
		return nil, 0, nil, fmt.Errorf("read answer: %w", err)
	}
	if len(b) > maxBody {
		return nil, 0, nil, fmt.Errorf("answer larger than %d bytes", maxBody)
	}
	return b, resp.StatusCode, resp.Header, nil
}
