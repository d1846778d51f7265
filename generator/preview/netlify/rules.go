package netlify

import (
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"

	"pairag.com/portal/generator/netlifyconf"
)

// Rules are the [[headers]] and [[redirects]] of a netlify.toml, read
// for serving: the zero value has none.
type Rules struct {
	headers   []headerRule
	redirects []redirectRule
}

type headerRule struct {
	re     *regexp.Regexp
	values [][2]string // canonical name and value, sorted by name
}

type redirectRule struct {
	re     *regexp.Regexp
	names  []string // of the placeholders, in the order of re's groups; "splat" for *
	to     string
	status int
	force  bool
}

// Parse reads the headers and redirects of a netlify.toml; its errors are
// netlifyconf.Errors, each at its line.
func Parse(data string) (*Rules, error) {
	f, err := netlifyconf.Parse(data)
	if err != nil {
		return nil, err
	}
	r := &Rules{}
	for _, h := range f.Headers {
		re, _ := compilePattern(h.For, false)
		hr := headerRule{re: re}
		for k, v := range h.Values {
			hr.values = append(hr.values, [2]string{http.CanonicalHeaderKey(k), headerValue(v)})
		}
		sort.Slice(hr.values, func(i, j int) bool { return hr.values[i][0] < hr.values[j][0] })
		r.headers = append(r.headers, hr)
	}
	for _, rd := range f.Redirects {
		re, names := compilePattern(rd.From, true)
		status := rd.Status
		if status == 0 {
			status = http.StatusMovedPermanently
		}
		r.redirects = append(r.redirects, redirectRule{re: re, names: names, to: rd.To, status: status, force: rd.Force})
	}
	return r, nil
}

// Headers reads the [[headers]] rules of a netlify.toml and returns a
// function that sets on h the headers Netlify would send for path, with
// the preview's own matching. Tests and tools that serve a built site use
// it so they behave like production.
func Headers(data string) (func(h http.Header, path string), error) {
	r, err := Parse(data)
	if err != nil {
		return nil, err
	}
	return r.Apply, nil
}

// headerValue folds a multi-line value into one, as Netlify does.
func headerValue(v string) string {
	var parts []string
	for line := range strings.Lines(v) {
		if line = strings.TrimSpace(line); line != "" {
			parts = append(parts, line)
		}
	}
	return strings.Join(parts, ", ")
}

// compilePattern is netlifyconf's reading of a path pattern.
func compilePattern(pat string, redirect bool) (*regexp.Regexp, []string) {
	return netlifyconf.Pattern(pat, redirect)
}

// Apply sets the headers of every rule matching path; a header set by
// several rules gets their values joined with ", ".
func (r *Rules) Apply(h http.Header, path string) {
	set := map[string][]string{}
	var order []string
	for _, hr := range r.headers {
		if !hr.re.MatchString(path) {
			continue
		}
		for _, kv := range hr.values {
			if _, ok := set[kv[0]]; !ok {
				order = append(order, kv[0])
			}
			set[kv[0]] = append(set[kv[0]], kv[1])
		}
	}
	for _, k := range order {
		h.Set(k, strings.Join(set[k], ", "))
	}
}

// Redirect finds the first redirect rule matching path with the given
// force setting and returns its target, placeholders filled in, and status.
func (r *Rules) Redirect(path string, force bool) (to string, status int, ok bool) {
	for _, rd := range r.redirects {
		if rd.force != force {
			continue
		}
		m := rd.re.FindStringSubmatch(path)
		if m == nil {
			continue
		}
		return fill(rd.to, rd.names, m[1:]), rd.status, true
	}
	return "", 0, false
}

// fill replaces :name in to by its captured value, longest names first so
// :id does not eat the start of :identifier.
func fill(to string, names, values []string) string {
	idx := make([]int, len(names))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return len(names[b]) - len(names[a]) })
	for _, i := range idx {
		to = strings.ReplaceAll(to, ":"+names[i], values[i])
	}
	return to
}
