package main

import (
	"fmt"
	"strconv"
	"strings"
)

// shard is one of k slices of a job list, for building a corpus on many
// machines (a Kubernetes Indexed Job: see deploy/synth-job.yaml).
type shard struct{ i, k int }

// parseShard reads "I/K" with 0 <= I < K; "" is the whole list.
func parseShard(s string) (shard, error) {
	if s == "" {
		return shard{0, 1}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || k < 1 || i < 0 || i >= k {
		return shard{}, &exitError{2, fmt.Errorf("--shard %q: want I/K with 0 <= I < K, e.g. 0/4 … 3/4", s)}
	}
	return shard{i, k}, nil
}

// of keeps every k-th job from the i-th. Jobs are planned in full before
// sharding, so a world's scenario and seed do not depend on the shard.
func (s shard) of(jobs []synthJob) []synthJob {
	if s.k == 1 {
		return jobs
	}
	var out []synthJob
	for n := s.i; n < len(jobs); n += s.k {
		out = append(out, jobs[n])
	}
	return out
}
