// Package protocol embeds every version of the pairag_task_publish protocol
// document (V18 is current) and is the one validation engine that the CLI,
// the WebAssembly page and the tests share.
//
// The document (pairag-task-publish-v18.json, embedded and published byte
// for byte) is the source of every enum, codebook, required list, tier limit,
// validation bound and the example payload. The packages below this one
// own one thing each, and every import points down:
//
//   - spec: the parsed document ([spec.Document]), its strict decoding, the
//     JSON Schema derived from it, the set of versions and the changes
//     between two of them;
//   - catalog: the table of finding codes and the docs index built from it;
//   - location: what a manifest.location string names;
//   - jsonpos: the position-keeping JSON reader, knowing nothing of the
//     protocol;
//   - recovery: where the one JSON object lies in text that is not exactly
//     one (Markdown fences, prose around it, several values, a stray
//     brace), said as findings with their fixes and suggestions, which
//     this package reports;
//   - internal/pattern and internal/format: the document's patterns and
//     the messages' formatting, without regexp and fmt.
//
// This package embeds the versions ([Default], [Versions]) and judges
// payloads ([Validate], [FixAll]). It reads no files, opens no connections
// and carries no generic JSON Schema validator, so it builds for js/wasm
// unchanged and small.
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
// rejects at the same pointer; every engine error of [catalog.ClassShape] is
// one the schema reports too. Tier limits ([catalog.ClassTier]), rules a
// schema cannot state ([catalog.ClassRule]: unique stage names, ISIC Rev.4
// membership, snake_case keys) and input problems ([catalog.ClassInput])
// are the engine's alone.
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
// [FixAll]. Every set of fixes is checked before it is
// applied: every string, number, literal and bracket outside the values
// the fixes replace must come through in order, or the fixes are refused
// with a [FixRefusal] and the text is left as it was. [FixAll] applies every
// fix, also those of findings past max_findings, and counts those left when
// its rounds run out.
//
// # Finding codes
//
// Every finding code is one row of the table in catalog/codes.go (package
// [pairag.com/portal/protocol/catalog]): its severity, class, docs anchor
// and English and Chinese messages. Adding a code is adding its row; this
// package formats every finding from it.
//
// # Versions
//
// Every published version is embedded (pairag-task-publish-v*.json); the
// newest is current, and [Versions] and [spec.Lookup] find them. A
// newer document declares the fields it renamed in renamed_fields; a field
// missing from its list and not renamed is retired. [spec.Changes] computes the
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
// names joined by a separator are a city, a hyphenated platform id with
// three or more segments (Asia-East-HongKong) counts as a city, and
// anything else (three names or more, digits, brackets) is unclassified: a
// warning where cities are allowed, an error where they are not. The
// separators are the document's (· , ， / |) and every other punctuation
// mark or symbol people type between two names: the middle dots and
// bullets of every script (・ • ‧ ∙), the ideographic comma (、), semicolons,
// colons, backslashes, dashes and arrows, in full-width forms too; a space
// between two Chinese, Japanese or Korean names separates as well, since
// such names hold no spaces. Apostrophes, periods, & and a hyphen between
// letters stay inside a name (Côte d'Ivoire, St. Lucia, Trinidad & Tobago,
// Guinea-Bissau). Full-width letters count as their ASCII forms
// (Ａｎｙｗｈｅｒｅ is Anywhere).
// industry_code: ISIC Rev.4 membership is checked at every level against
// isic-rev4.tsv (21 sections, 88 divisions, 238 groups, 419 classes, from
// UNSD's structure file), embedded beside the document rather than in it,
// so the published document and the bundle stay as they are.
// task_duration_days is an optional manifest field. Language script checks
// only compare scripts, so languages sharing a script are never flagged.
//
// Rules of the reference that are not errors (TestReferenceRules holds
// every sentence of its rule lists to a code or to one of these):
//   - Unknown language tags are errors, although the reference lets a
//     runtime fall back to en: the fallback silently changes the task's
//     language. An alias is a warning with a fix to its tag: the app
//     accepts it, and the reference only prefers the normalized form.
//   - detail-missing-stage is a warning: whether the detail explains how
//     the stages connect is prose; the engine checks only that it names
//     every stage.
//   - message-bus-mismatch is a warning: the reference says the two are
//     usually the same, not that they must be.
//   - type_criteria keys of another stage type, or of none, are warnings:
//     the reference says which keys apply, and the app ignores the others.
//   - all-stages-orchestrator is a warning: choosing a stage type from the
//     work is a judgement, but a pipeline of orchestrators is a sign that
//     none was made.
//   - fiat-stripe-reminder is a note: fiat belongs only after an explicit
//     request for real money, and publishing fails without the creator's
//     Stripe setup; a payload shows neither, so the engine reminds.
//   - unknown-tier is a note: the payload is judged as free, as the
//     reference requires, and the errors of free say what fails.
//   - Not checked, since no payload shows them: how participant_energy is
//     described to users (a holding requirement, never an entry fee), what
//     a generator asks the user, and whether the user asked for fiat.
package protocol
