# Everyday recipes. Everything here is plain Go; `just` is a convenience.

default:
    @just --list

# Serve the default world over stdio (add args: just serve --task ID)
serve *ARGS:
    go run ./cmd/mcp-world serve {{ARGS}}

# Serve over HTTP with the control API
serve-http:
    go run ./cmd/mcp-world serve --http :8080 --control :8081

# Run the tests (interop tests need: just interop-deps)
test:
    go test ./...

# Install the pinned TypeScript SDK and MCP Inspector for the interop tests
interop-deps:
    npm ci --prefix interop

# What CI runs
ci:
    bash .ci/run

# Benchmarks of BENCHMARKS.md
bench:
    go test ./cmd/mcp-world ./verifier -run '^$' -bench . -benchtime 2s

# Side by side with the TypeScript reference server: just bench-anchor /path/to/anchors (see bench/anchor.sh)
bench-anchor ANCHORS:
    bash bench/anchor.sh {{ANCHORS}}

# Validate every embedded world and run the oracle and noop policies on every task
check-worlds:
    go run ./cmd/mcp-world validate
    for w in $(go run ./cmd/mcp-world worlds --json | sed -n 's/.*"name": "\(.*\)".*/\1/p'); do go run ./cmd/mcp-world rollout --world $w --task all --policy oracle --expect success >/dev/null && go run ./cmd/mcp-world rollout --world $w --task all --policy noop --expect failure >/dev/null; done

# Synthesize and validate a small corpus, then print its stats
corpus N="50":
    go run ./cmd/mcp-world synth --count {{N}} --seed 1 --out /tmp/mercury-corpus
    go run ./cmd/mcp-world stats /tmp/mercury-corpus

# Rebuild the prebuilt images of the embedded worlds after editing a bundle
images:
    go test ./bundles -run TestImages -update

# Rewrite golden files after an intended change (review the diff!)
golden:
    go test ./world ./toolgen ./verifier ./cmd/... -update
