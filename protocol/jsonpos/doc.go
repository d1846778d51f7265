// Package jsonpos reads JSON text (RFC 8259) keeping where every value is:
// the byte span of each value and key, so a caller can name a line, a
// column or a UTF-16 offset ([Positions]); duplicate keys, kept in order
// with all but the last marked shadowed; and number literals as written,
// compared exactly by value ([Decimal]). It also builds and splits RFC 6901
// pointers.
//
// The reader is tolerant where a person pasting JSON makes mistakes: it
// reads past comments, trailing commas, duplicate keys and text after the
// value, reporting each as an [Issue] and going on, so the rest of the text
// can still be checked; any other error stops it. Issues carry stable codes
// (input-empty, json-comment, json-comment-unclosed, json-trailing-comma,
// json-trailing-text, json-duplicate-key, json-too-deep, json-truncated,
// json-single-quote, json-unexpected, json-unexpected-word,
// json-expected-comma, json-expected-key, json-expected-colon,
// json-bad-number, json-unterminated-string, json-control-char,
// json-bad-escape) that the caller turns into messages.
//
// The package knows nothing of what the JSON means; package protocol
// validates payloads with it. It uses no reflection and only the standard
// library, so it builds for js/wasm small.
package jsonpos
