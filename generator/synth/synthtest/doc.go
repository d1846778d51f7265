// Package synthtest holds the generated inputs that only tests and
// benchmarks use: random Markdown bodies for the tests that hold a fast
// way of reading Markdown to the slow one (RandomMarkdown), and one page
// grown k times for the benchmarks that look for superlinear cost
// (BigPage, made of synth's long pages). cmd/synthsite writes whole sites
// with package synth; nothing in gen imports this package.
package synthtest
