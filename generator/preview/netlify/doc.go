// Package netlify serves a built site the way Netlify serves it in
// production, for gen serve and for the tests and tools that serve a
// built site: the [[headers]] and [[redirects]] of netlify.toml (Parse,
// Rules.Apply, Rules.Redirect, Headers) with Netlify's path patterns, read
// by generator/netlifyconf, and the compression Netlify applies (Gzip).
package netlify
