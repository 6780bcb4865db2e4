package world

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sync"
	"time"
)

// ErrTooManyEpisodes is returned when the registry is full.
var ErrTooManyEpisodes = errors.New("too many live episodes")

// ErrNoEpisode is returned for an episode id the registry does not hold.
var ErrNoEpisode = errors.New("no such episode")

var episodeID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`) })

// ValidEpisodeID reports whether id may name an episode in a URL.
func ValidEpisodeID(id string) bool { return episodeID().MatchString(id) }

// Episodes is a registry of live episodes addressed by id, for servers that
// run many at once. Episodes idle for longer than the idle timeout are
// closed by [Episodes.Reap] (run it with [Episodes.Run]); the registry never
// holds more than its limit. Safe for concurrent use.
type Episodes struct {
	world *World
	task  *Task
	idle  time.Duration
	limit int
	now   func() time.Time

	mu   sync.Mutex
	live map[string]*slot
}

type slot struct {
	ep   *Episode
	last time.Time
	once sync.Once
	err  error
}

// RegistryOptions configures an [Episodes] registry.
type RegistryOptions struct {
	Task  *Task            // the task new episodes start at; nil for s0
	Idle  time.Duration    // reap after this long unused; 0 means never
	Limit int              // most live episodes; 0 means 1000
	Now   func() time.Time // wall clock, for tests; nil means time.Now
}

// NewEpisodes makes an empty registry for episodes of w.
func NewEpisodes(w *World, opts RegistryOptions) *Episodes {
	if opts.Limit <= 0 {
		opts.Limit = 1000
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Episodes{world: w, task: opts.Task, idle: opts.Idle, limit: opts.Limit, now: opts.Now, live: map[string]*slot{}}
}

// Open returns the episode with this id, creating it on first use. The id
// is the caller's: a harness picks it, a session uses its session id.
func (r *Episodes) Open(ctx context.Context, id string) (*Episode, error) {
	r.mu.Lock()
	s := r.live[id]
	if s == nil {
		if len(r.live) >= r.limit {
			r.mu.Unlock()
			return nil, fmt.Errorf("%w (%d): delete finished episodes or raise the limit", ErrTooManyEpisodes, r.limit)
		}
		s = &slot{}
		r.live[id] = s
	}
	s.last = r.now()
	r.mu.Unlock()
	// Create outside the registry lock: a new episode costs a deserialize,
	// and other episodes should not wait for it.
	s.once.Do(func() { s.ep, s.err = r.world.NewEpisode(context.WithoutCancel(ctx), r.task) })
	if s.err != nil {
		r.mu.Lock()
		if r.live[id] == s {
			delete(r.live, id)
		}
		r.mu.Unlock()
		return nil, s.err
	}
	return s.ep, nil
}

// Lookup returns a live episode without creating one.
func (r *Episodes) Lookup(id string) (*Episode, error) {
	r.mu.Lock()
	s := r.live[id]
	if s != nil {
		s.last = r.now()
	}
	r.mu.Unlock()
	if s == nil {
		return nil, fmt.Errorf("%w %q", ErrNoEpisode, id)
	}
	s.once.Do(func() { s.err = ErrNoEpisode })
	if s.err != nil {
		return nil, s.err
	}
	return s.ep, nil
}

// Put adds an existing episode (a fork, one made for another task) under id.
func (r *Episodes) Put(id string, ep *Episode) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.live[id]; ok {
		return fmt.Errorf("episode %q already exists", id)
	}
	if len(r.live) >= r.limit {
		return fmt.Errorf("%w (%d): delete finished episodes or raise the limit", ErrTooManyEpisodes, r.limit)
	}
	s := &slot{ep: ep, last: r.now()}
	s.once.Do(func() {})
	r.live[id] = s
	return nil
}

// Delete closes and forgets an episode. It reports whether it existed.
func (r *Episodes) Delete(id string) bool {
	r.mu.Lock()
	s := r.live[id]
	delete(r.live, id)
	r.mu.Unlock()
	if s == nil {
		return false
	}
	s.once.Do(func() {})
	if s.ep != nil {
		s.ep.Close()
	}
	return true
}

// Len returns the number of live episodes.
func (r *Episodes) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.live)
}

// Reap closes the episodes idle for longer than the idle timeout and
// returns their ids.
func (r *Episodes) Reap() []string {
	if r.idle <= 0 {
		return nil
	}
	cutoff := r.now().Add(-r.idle)
	var ids []string
	r.mu.Lock()
	for id, s := range r.live {
		if s.last.Before(cutoff) {
			ids = append(ids, id)
		}
	}
	r.mu.Unlock()
	for _, id := range ids {
		r.Delete(id)
	}
	return ids
}

// Run reaps idle episodes every interval until ctx ends, then closes them
// all.
func (r *Episodes) Run(ctx context.Context, interval time.Duration, onReap func(ids []string)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			r.CloseAll()
			return
		case <-t.C:
			if ids := r.Reap(); len(ids) > 0 && onReap != nil {
				onReap(ids)
			}
		}
	}
}

// CloseAll closes every live episode.
func (r *Episodes) CloseAll() {
	r.mu.Lock()
	ids := make([]string, 0, len(r.live))
	for id := range r.live {
		ids = append(ids, id)
	}
	r.mu.Unlock()
	for _, id := range ids {
		r.Delete(id)
	}
}

// IDs lists the live episode ids, sorted.
func (r *Episodes) IDs() []string {
	r.mu.Lock()
	ids := make([]string, 0, len(r.live))
	for id := range r.live {
		ids = append(ids, id)
	}
	r.mu.Unlock()
	slices.Sort(ids)
	return ids
}
