// Package protocol holds the pairag_task_publish V18 protocol document and
// the one validator that the CLI, the WebAssembly page and the tests share.
//
// The document (pairag-task-publish-v18.json, embedded and published byte
// for byte) is the source of every enum, codebook, required list, tier limit
// and the example payload. [Document.Schema] derives a JSON Schema (draft
// 2020-12) from it; [Validate] compiles that schema with
// santhosh-tekuri/jsonschema v6 and adds the rules a schema cannot state.
// The package reads no files and opens no connections, so it builds for
// js/wasm unchanged.
//
// # Validation
//
// Validate reads the text with its own JSON reader, which keeps the byte span
// of every value (for line and column), reports duplicate keys, and keeps
// going past comments and trailing commas so it can report them with a fix.
// Input larger than validation_limits.max_bytes (8 MiB) or nested deeper than
// validation_limits.max_depth (64) is refused with one finding. Then come the
// schema checks and the protocol rules; where a rule and the schema report
// the same value, the rule's more specific finding wins.
//
// A [Finding] has a stable code, a severity, the RFC 6901 pointer of the
// value (the parent object for a missing key), a 1-based line and column
// (columns count characters), a message in English and in Chinese, and a
// [Fix] when the repair is mechanical. [ApplyFixes] applies fixes and leaves
// every other byte as written.
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
//	findings-truncated             info
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
