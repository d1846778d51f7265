// Package netlifyconf reads the part of netlify.toml the site relies on:
// the build settings, the [[headers]] rules and the [[redirects]] rules.
// gen serve applies the rules; the generator's tests check them against
// what a build publishes. Matching paths against the rules is the
// reader's business.
package netlifyconf

import (
	"fmt"
	"os"

	"github.com/BurntSushi/toml"
)

// Config is the part of netlify.toml the site relies on; other keys are
// ignored.
type Config struct {
	Build     Build      `toml:"build"`
	Headers   []Header   `toml:"headers"`
	Redirects []Redirect `toml:"redirects"`
}

// Build is the [build] table: how Netlify builds the site.
type Build struct {
	Command string `toml:"command"`
	Publish string `toml:"publish"` // the directory published
}

// Header is one [[headers]] rule: Values are sent for every path For
// matches.
type Header struct {
	For    string            `toml:"for"`
	Values map[string]string `toml:"values"`
}

// Redirect is one [[redirects]] rule. Status 0 means 301; Force applies the
// rule even where a file exists.
type Redirect struct {
	From   string `toml:"from"`
	To     string `toml:"to"`
	Status int    `toml:"status"`
	Force  bool   `toml:"force"`
}

// Parse reads the text of a netlify.toml.
func Parse(data string) (*Config, error) {
	var c Config
	if _, err := toml.Decode(data, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

// ReadFile reads a netlify.toml file.
func ReadFile(name string) (*Config, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	c, err := Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}
