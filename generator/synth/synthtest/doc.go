// Package synthtest holds the generated inputs that the tests of several
// packages share: random Markdown bodies for the tests that hold a fast
// way of reading Markdown to the slow one (RandomMarkdown, in the tests of
// markdown, nav and drift). cmd/synthsite writes whole sites with package
// synth; nothing in gen imports this package. (The one page grown k times
// for the benchmarks that look for superlinear cost lives in the one test
// file that uses it, generator/pipeline/slope_bench_test.go.)
package synthtest
