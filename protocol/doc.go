// Package protocol holds every version of the pairag_task_publish protocol
// document (V18 is current) and
// the one validation engine that the CLI, the WebAssembly page and the tests
// share.
//
// The document (pairag-task-publish-v18.json, embedded and published byte
// for byte) is the source of every enum, codebook, required list, tier limit,
// validation bound and the example payload. [Document.Schema] derives a JSON
// Schema (draft 2020-12) from it for editors and other tools. The package
// reads no files, opens no connections and carries no generic JSON Schema
// validator, so it builds for js/wasm unchanged and small.
//
// # Validation
//
// [Validate] reads the text with its own JSON reader (package
// [pairag.com/portal/protocol/jsonpos]), which keeps the byte
// span of every value (for line and column), reports duplicate keys at the
// key's pointer and judges the last value (as JSON.parse, encoding/json and
// Python do), and keeps going past comments and trailing commas so it can
// report them with a fix. Then one walk over the parsed payload, driven by
// the document's field lists, checks required keys, JSON types, enums and
// codebooks, constants, lengths, patterns, ranges and item counts, and at
// the objects that carry them the tier limits and the cross-field rules.
// Every failed check reports its own finding: none hides another, and a
// finding's severity comes from the catalogue alone. Numbers are judged by
// value, never by spelling: 100, 100.0 and 1e2 are one integer; 0, 0.0 and
// -0 are zero.
//
// Bounds, from the document's validation_limits, keep every input linear:
// more than max_bytes, nesting deeper than max_depth, and number literals
// longer than max_number_length get one finding each; after max_findings
// findings the rest are only counted, in one findings-truncated summary
// (Valid still counts every error). The check that manifest.detail names
// every stage looks at the first stages up to the largest tier's max_stages.
//
// # The judges
//
// Generic JSON Schema validators judge the engine from outside: package
// judge (santhosh-tekuri/jsonschema v6, exact numbers) and Ajv 8 under node
// in the tests, and gen build compiles the published schema and validates
// the example with it. Whatever the published schema rejects, the engine
// rejects at the same pointer; every engine error of [ClassShape] is one the
// schema reports too. Tier limits ([ClassTier]), rules a schema cannot state
// ([ClassRule]: unique stage names, ISIC divisions) and input problems
// ([ClassInput]) are the engine's alone.
//
// A [Finding] has a stable code, a severity, the RFC 6901 pointer of the
// value (the parent object for a missing key), a 1-based line and column
// (columns count characters), a message in English and in Chinese, a
// [Fix] when the repair is mechanical, and [Suggestion]s when it is not.
//
// # Fixes only mend
//
// A fix changes only the bytes its finding names: it replaces one value
// by the one the rule allows (the current version, the preferred language
// tag, a capital section letter, the key a field was renamed to, Anywhere
// where only Anywhere is allowed, the tier's longest duration, 0 points on
// a fiat stage where the tier has fiat), or deletes what carries nothing of
// the payload (a comment, a trailing comma, a byte order mark, the lines of
// one Markdown fence). A repair that would remove text the creator wrote
// (a key with its value, such as $schema or a retired field; prose before
// or after the object; text after an object closed too early) or choose
// between readings (two fenced payloads, two objects one after the other:
// the first is judged) is a suggestion with a preview, never applied by
// [ApplyFixes] or [FixAll]. Every set of fixes is checked before it is
// applied: every string, number, literal and bracket outside the values
// the fixes replace must come through in order, or the fixes are refused
// with a [FixRefusal] and the text is left as it was. [FixAll] applies every
// fix, also those of findings past max_findings, and counts those left when
// its rounds run out.
//
// # Finding codes
//
// Input that is not one JSON object:
//
//	input-empty                    error
//	input-too-large                error
//	number-too-long                error
//	input-bom                      warning
//	input-utf16                    error
//	input-invalid-utf8             error
//	input-markdown-fence           error
//	json-leading-text              error
//	json-trailing-text             error
//	json-closed-early              error
//	json-several-values            error
//	input-several-fences           error
//	json-comment                   error
//	json-comment-unclosed          error
//	json-trailing-comma            error
//	json-duplicate-key             error
//	json-too-deep                  error
//	json-truncated                 error
//	json-single-quote              error
//	json-unexpected                error
//	json-unexpected-word           error
//	json-expected-comma            error
//	json-expected-key              error
//	json-expected-colon            error
//	json-bad-number                error
//	json-unterminated-string       error
//	json-control-char              error
//	json-bad-escape                error
//	top-level-not-object           error
//
// Shape, from the derived schema:
//
//	missing-field                  error
//	wrong-type                     error
//	invalid-enum                   error
//	invalid-value                  error
//	below-minimum                  error
//	above-maximum                  error
//	integer-too-large              error
//	empty-string                   error
//	too-few-items                  error
//	too-many-items                 error
//	project-tags-count             error
//	invalid-format                 error
//
// The protocol's own rules:
//
//	unknown-top-level-field        error
//	deprecated-agents              error
//	schema-key                     error
//	unknown-field                  warning
//	unknown-field-typo             warning
//	industry-code-shape            error
//	industry-code-section          error
//	industry-code-division         error
//	industry-code-case             error
//	industry-code-no-section       error
//	language-alias                 warning
//	language-case                  error
//	language-unknown               error
//	message-bus-mismatch           warning
//	duplicate-stage-name           error
//	data-format-other-no-schema    warning
//	fiat-amount-missing            error
//	fiat-points-not-zero           error
//	fiat-not-available             error
//	fiat-amount-without-fiat       warning
//	fiat-stripe-reminder           info
//	too-many-stages                error
//	location-required              error
//	location-anywhere-only         error
//	location-country-only          error
//	location-platform-id           error
//	location-unclassified          warning
//	task-duration-too-long         error
//	criteria-other-type            warning
//	criteria-unknown-key           warning
//	criteria-none-defined          warning
//	all-stages-orchestrator        warning
//	detail-missing-stage           warning
//	language-script-mismatch       warning
//	unknown-tier                   info
//
// Versions (see below):
//
//	version-retired                error
//	field-renamed                  warning
//	field-retired                  warning
//	value-retired                  warning
//	field-now-required             warning
//	findings-truncated             info
//
// # Versions
//
// Every published version is embedded (pairag-task-publish-v*.json); the
// newest is current, and [Versions], [ByVersion] and [Lookup] find them. A
// newer document declares the fields it renamed in renamed_fields; a field
// missing from its list and not renamed is retired. [Changes] computes the
// changelog between two documents from the documents alone.
//
// [Validate] judges a payload against the version its manifest.version
// names ([Options].Document or [Options].Version force one). When that
// version is retired, version-retired names it (the fix sets the current
// version), and each recorded change the payload is touched by gets a
// finding: field-renamed (fix: the new key), field-retired (no
// replacement; fix: remove it), value-retired and field-now-required (no
// mechanical fix). The findings follow each consecutive pair of versions
// from the payload's to the current one; a field renamed twice is reported
// one rename at a time. Reading limits (size, depth) are the current
// version's, since the version is known only after reading.
//
// # Decisions where the reference is open
//
// location: a tier's granularity is the most precise value it allows
// (anywhere < country < city); an Anywhere value is fine for every tier, and
// only free creators may omit the field. One place name is a country, two
// names joined by a separator (· , ， / |) are a city, a hyphenated platform
// id with three or more segments (Asia-East-HongKong) counts as a city, and
// anything else is unclassified: a warning, never an error.
// task_duration_days is an optional manifest field. Language script checks
// only compare scripts, so languages sharing a script are never flagged.
package protocol
