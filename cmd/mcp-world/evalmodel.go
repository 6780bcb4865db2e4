package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// modelClient talks to an OpenAI-compatible chat-completions endpoint
// (OpenAI, vLLM, Ollama, llama.cpp server, LiteLLM and other gateways).
type modelClient struct {
	base, model, key string
	temperature      *float64
	retries          int
	http             *http.Client
	backoff          time.Duration // first retry delay; doubles; 0 means 500ms
}

type tokenUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// callStats counts what one completion took beyond a single request.
type callStats struct{ rateLimited, retries int }

// errContextOverflow marks a request the model cannot take because the
// conversation no longer fits its context.
var errContextOverflow = errors.New("context overflow")

// UnmarshalJSON accepts arguments as a JSON string (OpenAI, vLLM) or as an
// object (some Ollama versions), keeping them as text either way.
func (tc *toolCall) UnmarshalJSON(b []byte) error {
	var raw struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"function"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	tc.ID, tc.Type, tc.Function.Name = raw.ID, raw.Type, raw.Function.Name
	args := bytes.TrimSpace(raw.Function.Arguments)
	if len(args) > 0 && args[0] == '"' {
		return json.Unmarshal(args, &tc.Function.Arguments)
	}
	tc.Function.Arguments = string(args)
	return nil
}

// complete asks for the next assistant message, retrying rate limits,
// server errors and network errors with exponential backoff (Retry-After
// when the server gives one).
func (m *modelClient) complete(ctx context.Context, msgs []chatMessage, tools []openAITool) (chatMessage, tokenUsage, callStats, error) {
	var st callStats
	req := map[string]any{"model": m.model, "messages": msgs, "tools": tools, "tool_choice": "auto"}
	if m.temperature != nil {
		req["temperature"] = *m.temperature
	}
	body, err := json.Marshal(req)
	if err != nil {
		return chatMessage{}, tokenUsage{}, st, err
	}
	delay := m.backoff
	if delay <= 0 {
		delay = 500 * time.Millisecond
	}
	for attempt := 0; ; attempt++ {
		msg, usage, retryAfter, err := m.post(ctx, body)
		var re *retryable
		if err == nil || !errors.As(err, &re) || attempt >= m.retries || ctx.Err() != nil {
			if re != nil {
				err = re.err
			}
			return msg, usage, st, err
		}
		if re.rateLimited {
			st.rateLimited++
		}
		st.retries++
		wait := delay << attempt
		if retryAfter >= 0 {
			wait = retryAfter
		}
		wait = min(wait, time.Minute)
		select {
		case <-ctx.Done():
			return msg, usage, st, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// retryable wraps an error worth another try.
type retryable struct {
	err         error
	rateLimited bool
}

func (r *retryable) Error() string { return r.err.Error() }

func (m *modelClient) post(ctx context.Context, body []byte) (chatMessage, tokenUsage, time.Duration, error) {
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, m.base+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return chatMessage{}, tokenUsage{}, -1, err
	}
	hr.Header.Set("Content-Type", "application/json")
	if m.key != "" {
		hr.Header.Set("Authorization", "Bearer "+m.key)
	}
	resp, err := m.http.Do(hr)
	if err != nil {
		if ctx.Err() != nil {
			return chatMessage{}, tokenUsage{}, -1, ctx.Err()
		}
		return chatMessage{}, tokenUsage{}, -1, &retryable{err: fmt.Errorf("request: %w", err)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return chatMessage{}, tokenUsage{}, -1, &retryable{err: fmt.Errorf("read response: %w", err)}
	}
	retryAfter := time.Duration(-1)
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s >= 0 {
		retryAfter = time.Duration(s) * time.Second
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return chatMessage{}, tokenUsage{}, retryAfter, &retryable{err: fmt.Errorf("rate limited (429): %s", apiMessage(data)), rateLimited: true}
	case resp.StatusCode >= 500:
		return chatMessage{}, tokenUsage{}, retryAfter, &retryable{err: fmt.Errorf("server error %d: %s", resp.StatusCode, apiMessage(data))}
	case resp.StatusCode != http.StatusOK:
		msg := apiMessage(data)
		if isContextOverflow(resp.StatusCode, data) {
			return chatMessage{}, tokenUsage{}, -1, fmt.Errorf("%w: %s", errContextOverflow, msg)
		}
		return chatMessage{}, tokenUsage{}, -1, fmt.Errorf("model API %d: %s", resp.StatusCode, msg)
	}
	var out struct {
		Choices []struct {
			Message      chatMessage `json:"message"`
			FinishReason string      `json:"finish_reason"`
		} `json:"choices"`
		Usage tokenUsage `json:"usage"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return chatMessage{}, tokenUsage{}, -1, &retryable{err: fmt.Errorf("response is not chat-completions JSON: %v", err)}
	}
	if len(out.Choices) == 0 {
		return chatMessage{}, tokenUsage{}, -1, &retryable{err: errors.New("response has no choices")}
	}
	msg := out.Choices[0].Message
	msg.Role = "assistant"
	for i := range msg.ToolCalls {
		// Some servers leave out ids; the tool answers need one.
		if msg.ToolCalls[i].ID == "" {
			msg.ToolCalls[i].ID = fmt.Sprintf("call_%d", i)
		}
		msg.ToolCalls[i].Type = "function"
	}
	return msg, out.Usage, -1, nil
}

// apiMessage pulls the error text out of an API error body.
func apiMessage(data []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(data, &e) == nil && len(e.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(e.Error, &obj) == nil && obj.Message != "" {
			return obj.Message
		}
		var s string
		if json.Unmarshal(e.Error, &s) == nil {
			return s
		}
	}
	s := strings.TrimSpace(string(data))
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// isContextOverflow recognises the ways servers say the prompt is too
// long: OpenAI's context_length_exceeded code, vLLM's and llama.cpp's
// wording, 413.
func isContextOverflow(status int, data []byte) bool {
	if status == http.StatusRequestEntityTooLarge {
		return true
	}
	s := strings.ToLower(string(data))
	for _, p := range []string{"context_length_exceeded", "maximum context length", "context length", "context window", "exceeds the available context", "too many tokens"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}
