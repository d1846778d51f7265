package highlight

import (
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
)

// highlightCacheFormat names what a stored cache is valid for: this file
// format and the chroma release whose lexers produced the HTML.
var highlightCacheFormat = func() string {
	v := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/alecthomas/chroma/v2" {
				v = d.Version
			}
		}
	}
	return "pairag highlight cache 2; chroma " + v
}()

// storedHighlights is the file Load and Save read and write.
type storedHighlights struct {
	Format  string
	Entries map[[32]byte]string
}

// Load fills the cache from a file kept by an earlier build. A missing,
// stale or unreadable file only means highlighting runs.
func (h *Cache) Load(path string) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	var s storedHighlights
	if gob.NewDecoder(f).Decode(&s) != nil || s.Format != highlightCacheFormat {
		return
	}
	for k, v := range s.Entries {
		if _, ok := h.cache.Load(k); !ok {
			h.cache.Store(k, v)
			h.size.Add(int64(len(v)))
		}
	}
	h.stored.Store(h.added.Load())
}

// Save writes the cache for the next build when this one added to it,
// atomically so a concurrent build never reads half a file.
func (h *Cache) Save(path string) error {
	if h.added.Load() == h.stored.Load() {
		return nil
	}
	s := storedHighlights{Format: highlightCacheFormat, Entries: map[[32]byte]string{}}
	h.cache.Range(func(k, v any) bool {
		s.Entries[k.([32]byte)] = v.(string)
		return true
	})
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".highlight-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := gob.NewEncoder(tmp).Encode(&s); err != nil {
		tmp.Close()
		return fmt.Errorf("encode: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	h.stored.Store(h.added.Load())
	return os.Rename(tmp.Name(), path)
}
