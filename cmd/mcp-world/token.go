package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Environment variables that carry bearer tokens, for harnesses that would
// rather not write a file.
const (
	agentTokenEnv   = "MCP_WORLD_TOKEN"
	controlTokenEnv = "MCP_WORLD_CONTROL_TOKEN"
)

// minTokenLen keeps guessable tokens out: 16 bytes, 128 bits of hex.
const minTokenLen = 16

// httpSecurity is what serve --http was told about tokens, origins and
// hosts.
type httpSecurity struct {
	tokenFile        string
	controlTokenFile string
	origins          []string
	hosts            []string
}

// agentToken is the agent port's token: from --token-file, else the
// environment, else "" (no auth).
func (s httpSecurity) agentToken() (string, error) {
	if s.tokenFile != "" {
		tok, err := readToken(s.tokenFile)
		if err != nil {
			return "", fmt.Errorf("--token-file: %w", err)
		}
		return tok, nil
	}
	tok := strings.TrimSpace(os.Getenv(agentTokenEnv))
	if tok != "" && len(tok) < minTokenLen {
		return "", fmt.Errorf("%s: the token is %d bytes; use at least %d (e.g. openssl rand -hex 32)", agentTokenEnv, len(tok), minTokenLen)
	}
	return tok, nil
}

// controlCredential is the control port's token and the file a harness
// reads it from.
type controlCredential struct {
	token   string
	file    string
	cleanup func()
	// readable is set when others than the owner may read the file.
	readable bool
}

// controlToken is the control port's token, which always exists: read from
// --control-token-file, or made and written there if the file is missing;
// else from the environment; else made and written to a temporary file,
// removed on exit. It may not equal the agent's token: an agent holding it
// could grade itself.
func (s httpSecurity) controlToken(agentToken string) (controlCredential, error) {
	c := controlCredential{cleanup: func() {}}
	var err error
	switch {
	case s.controlTokenFile != "":
		c.file = s.controlTokenFile
		c.token, err = readToken(c.file)
		if errors.Is(err, fs.ErrNotExist) {
			c.token, err = writeNewToken(c.file)
		}
		if err != nil {
			return c, fmt.Errorf("--control-token-file: %w", err)
		}
		if st, err := os.Stat(c.file); err == nil && st.Mode().Perm()&0o077 != 0 {
			c.readable = true
		}
	case os.Getenv(controlTokenEnv) != "":
		c.token = strings.TrimSpace(os.Getenv(controlTokenEnv))
		c.file = "$" + controlTokenEnv
		if len(c.token) < minTokenLen {
			return c, fmt.Errorf("%s: the token is %d bytes; use at least %d (e.g. openssl rand -hex 32)", controlTokenEnv, len(c.token), minTokenLen)
		}
	default:
		dir, err := os.MkdirTemp("", "mcp-world-control-")
		if err != nil {
			return c, fmt.Errorf("control token: %w", err)
		}
		c.file = filepath.Join(dir, "token")
		if c.token, err = writeNewToken(c.file); err != nil {
			os.RemoveAll(dir)
			return c, fmt.Errorf("control token: %w", err)
		}
		c.cleanup = func() { os.RemoveAll(dir) }
	}
	if c.token == agentToken {
		c.cleanup()
		return c, errors.New("the control token equals the agent token: use a different one, or an agent could reach grading")
	}
	return c, nil
}

// readToken reads a token file: the first line, trimmed.
func readToken(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	tok, _, _ := strings.Cut(string(b), "\n")
	tok = strings.TrimSpace(tok)
	if len(tok) < minTokenLen {
		return "", fmt.Errorf("%s: the token is %d bytes; use at least %d (e.g. openssl rand -hex 32 > %s)", path, len(tok), minTokenLen, path)
	}
	return tok, nil
}

// writeNewToken makes a 256-bit random token and writes it to a new file
// only its owner can read.
func writeNewToken(path string) (string, error) {
	tok := randomHex(32)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	if _, err := f.WriteString(tok + "\n"); err != nil {
		f.Close()
		return "", err
	}
	return tok, f.Close()
}

// randomHex is n random bytes from crypto/rand, in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand, Go 1.24+)
	return hex.EncodeToString(b)
}
