package protocol

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"

	"pairag.com/portal/protocol/catalog"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/recovery"
	"pairag.com/portal/protocol/spec"
)

// Options says how to validate a payload. The zero value validates against
// the version the payload names in manifest.version (the current embedded
// document when it names none we know) for a free creator, with English
// messages.
type Options struct {
	Tier     string         // free, pro or ultra; anything else is treated as free
	Lang     string         // en or zh-CN: the language of Finding.Message
	Document *spec.Document // forces this document; nil means the payload's version
	// Version forces the version with this name among Versions (18, 18.0
	// or v18) when Document is nil; a name that matches none is ignored
	// (callers check it with spec.Lookup first).
	Version string
	// Versions are the versions a payload may name, oldest first, the last
	// current; nil means the embedded ones (Versions()).
	Versions []*spec.Document
	// TierLabels names each tier in messages, keyed by tier key; the CLI
	// and the page take them from content/labels.yaml. Missing labels fall
	// back to the tier key with a capital letter in both languages.
	TierLabels map[string]Label
	// Docs, when set, gives every finding the URL of the reference section
	// that explains it (Finding.Docs), in the language of Lang.
	Docs *catalog.DocsIndex
	// InputSize is the size of the whole input when the caller read only
	// part of it (a file larger than the limit), for the message that
	// refuses it. Zero means len(text).
	InputSize int64
}

// Label is a name in both languages of the portal.
type Label struct {
	EN string `json:"en" yaml:"en"`
	ZH string `json:"zh-CN" yaml:"zh-CN"`
}

// Result is the outcome of Validate. Valid is true when no finding is an error.
type Result struct {
	Valid    bool      `json:"valid"`
	Tier     string    `json:"tier"`
	Findings []Finding `json:"findings"`
}

// Counts returns the number of findings per severity.
func (r Result) Counts() (errors, warnings, infos int) {
	for _, f := range r.Findings {
		switch f.Severity {
		case SeverityError:
			errors++
		case SeverityWarning:
			warnings++
		default:
			infos++
		}
	}
	return
}

// Validate checks a task-publish payload the way the Pairag app does, and
// reports everything it would reject (errors) or question (warnings), with
// positions in text. It never panics and runs in time linear in the input.
func Validate(text []byte, opts Options) Result {
	res, _ := validate(text, opts)
	return res
}

// validate is Validate that also returns every fix, those of the findings
// past max_findings (counted, not shown) included.
func validate(text []byte, opts Options) (Result, []Fix) {
	versions := opts.Versions
	if len(versions) == 0 {
		versions = Versions()
	}
	d, forced := opts.Document, opts.Document != nil
	if !forced && opts.Version != "" {
		d, forced = spec.Lookup(versions, opts.Version)
	}
	if d == nil {
		d = versions[len(versions)-1]
	}
	v := &validation{doc: d, idx: indexOf(d), versions: versions, forced: forced, text: text, labels: opts.TierLabels, size: max(opts.InputSize, int64(len(text)))}
	v.tier = v.resolveTier(opts.Tier)
	k := takeKept()
	v.arena, v.steps, v.stageSteps = k.arena, k.steps[:0], k.stageSteps[:0]
	v.run()
	res := v.result(opts.Lang)
	v.root, v.manifest = nil, nil // nothing of the tree is used past here
	k.steps, k.stageSteps = v.steps, v.stageSteps
	giveKept(k)
	if opts.Docs != nil {
		lang := opts.Lang
		if lang != "zh-CN" {
			lang = "en"
		}
		for i, f := range res.Findings {
			res.Findings[i].Docs = opts.Docs.URL(lang, f.Code, f.field)
		}
	}
	fixes := v.moreFixes
	for _, f := range res.Findings {
		if f.Fix != nil {
			fixes = append(fixes, *f.Fix)
		}
	}
	return res, fixes
}

// spare is the memory of the last validation, for the next one: nothing a
// validation returns points into its tree (messages, pointers and fixes
// are strings of their own or of the text), so the tree's memory is free
// once the result is formatted. Concurrent validations each take their
// own; an arena past maxSpare is dropped, so a very large input does not
// keep its tree's memory, and so are the paths of more than
// maxSpareStages stages.
var spare struct {
	sync.Mutex
	k *kept
}

// kept is what a validation leaves the next: the arena of the tree, the
// walk's path stack and the stages' paths. The two were a third of what a
// 20-stage validation allocated besides the tree, and allocating is what
// makes the collector run. Like the arena, they hold views of the last
// text until they are used again. (The map of stage names is not kept:
// clearing a map brings 4.8 KB of the runtime into the module.)
type kept struct {
	arena      *jsonpos.Arena
	steps      []jsonpos.Step
	stageSteps []jsonpos.Step
}

const (
	maxSpare       = 8 << 20
	maxSpareStages = 1024
)

func takeKept() *kept {
	spare.Lock()
	k := spare.k
	spare.k = nil
	spare.Unlock()
	if k == nil {
		k = &kept{arena: new(jsonpos.Arena)}
	}
	return k
}

func giveKept(k *kept) {
	if k.arena.Size() > maxSpare {
		return
	}
	if cap(k.stageSteps) > 2*maxSpareStages {
		k.stageSteps = nil
	}
	spare.Lock()
	spare.k = k
	spare.Unlock()
}

// validation carries the state of one Validate call.
type validation struct {
	doc      *spec.Document
	idx      *index
	versions []*spec.Document // oldest first, the last current
	forced   bool             // doc was chosen by the caller, not by manifest.version
	text     []byte
	tier     string
	labels   map[string]Label
	root     *jsonpos.Node
	arena    *jsonpos.Arena // the memory of root's tree
	size     int64          // of the whole input

	found                  []pending // findings up to the document's max_findings
	errors                 int       // errors found, reported or not
	dropped, droppedErrors int       // findings past max_findings
	moreFixes              []Fix     // the fixes of the findings past max_findings

	steps               []jsonpos.Step  // the walk's path stack (see path)
	manifest            *jsonpos.Node   // the manifest object, once walked
	stageNames          map[string]span // stage_name → path of its first stage, in stageSteps
	stageSteps          []jsonpos.Step
	snakeForms          map[*jsonpos.Node]map[string]int // object → snake_case form → its keys written so
	notAllOrchestrators bool
	stripeReminded      bool
}

func (v *validation) resolveTier(tier string) string {
	t := strings.ToLower(strings.TrimSpace(tier))
	if t == "" {
		return v.doc.DefaultTier
	}
	if _, ok := v.doc.TierLimits[t]; !ok {
		v.tier = v.doc.DefaultTier
		v.report("unknown-tier", "", 0, 0, nil, clip(tier), v.tierName())
		return v.doc.DefaultTier
	}
	return t
}

// span is a byte range [start, end) of the text.
type span struct{ start, end int }

// run performs the checks in order; a check that leaves nothing to check
// further stops the run.
func (v *validation) run() {
	start, end, ok := v.checkInput()
	if !ok {
		return
	}
	// Past max_findings a duplicate key is only counted, so the reader
	// need not keep more than that many.
	root, issues, omitted := jsonpos.ParseIn(v.arena, v.text[:end], start, v.doc.Limits.MaxDepth, v.doc.Limits.MaxFindings)
	fatal, trailing := false, -1
	for _, is := range issues {
		if is.Code == "json-trailing-text" {
			trailing = is.Start // reported below, once the top-level value is known
			continue
		}
		var fix *Fix
		if is.Removable {
			fix = &Fix{Start: is.Start, End: is.End, Replacement: is.Repair}
		}
		v.report(is.Code, is.Pointer, is.Start, is.End, fix, is.Args...)
		switch is.Code {
		case "json-comment", "json-trailing-comma", "json-duplicate-key", "json-trailing-text":
		default:
			fatal = true
		}
	}
	// The duplicates the reader met past its bound: max_findings were
	// reported before them, so they are past it too.
	v.countN("json-duplicate-key", omitted)
	if fatal || root == nil {
		return
	}
	v.root = root
	if root.Kind != '{' {
		v.report("top-level-not-object", "", root.Start, root.Start+1, nil, kindWord(root.Kind))
		return
	}
	if trailing >= 0 {
		recovery.Trailing(v.text, root, start, trailing, end, v.doc.Limits.MaxDepth, v.recovered)
	}
	v.pickDocument()
	v.walkPayload()
}

// checkInput handles what comes before JSON parsing: size, encoding, a byte
// order mark, a Markdown fence or prose around the object. It returns the
// span to parse.
func (v *validation) checkInput() (start, end int, ok bool) {
	text := v.text
	if max := v.doc.Limits.MaxBytes; len(text) > max {
		v.report("input-too-large", "", 0, 0, nil, max, v.size)
		return 0, 0, false
	}
	if len(bytes.TrimSpace(text)) == 0 {
		v.report("input-empty", "", 0, 0, nil)
		return 0, 0, false
	}
	if bytes.HasPrefix(text, []byte("\xEF\xBB\xBF")) {
		v.report("input-bom", "", 0, 3, &Fix{Start: 0, End: 3})
		start = 3
	}
	if enc := utf16Encoding(text[start:]); enc != "" {
		v.report("input-utf16", "", 0, 0, nil, enc)
		return 0, 0, false
	}
	if !utf8.Valid(text) {
		bad := firstInvalidUTF8(text)
		v.report("input-invalid-utf8", "", bad, bad+1, nil, text[bad])
		return 0, 0, false
	}
	start, end = recovery.Input(text, start, v.recovered)
	return start, end, true
}

func firstInvalidUTF8(text []byte) int {
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return 0
}

// result formats the reported findings, adds the summary of those past
// the limit, fills positions, sorts, and decides validity from every error
// found, reported or not.
func (v *validation) result(lang string) Result {
	out := make([]Finding, 0, len(v.found)+1)
	for _, p := range v.found {
		out = append(out, p.format())
	}
	if v.dropped > 0 {
		end := len(v.text)
		out = append(out, pending{code: "findings-truncated", start: end, end: end, args: []any{v.dropped, v.droppedErrors}}.format())
	}
	offsets := make([]int, len(out))
	for i, f := range out {
		offsets[i] = f.start
	}
	for i, p := range jsonpos.Positions(v.text, offsets) {
		out[i].Line, out[i].Column = p.Line, p.Column
		out[i].Message = out[i].MessageEN
		if lang == "zh-CN" {
			out[i].Message = out[i].MessageZH
		}
		for j, s := range out[i].Suggestions {
			out[i].Suggestions[j].Message = s.MessageEN
			if lang == "zh-CN" {
				out[i].Suggestions[j].Message = s.MessageZH
			}
		}
	}
	sortFindings(out)
	return Result{Valid: v.errors == 0, Tier: v.tier, Findings: out}
}

// utf16Encoding names the UTF-16 form text is in ("UTF-16LE", "UTF-16BE"),
// by its byte order mark or by the zero bytes that ASCII characters leave
// in it; "" when it is not UTF-16.
func utf16Encoding(text []byte) string {
	switch {
	case bytes.HasPrefix(text, []byte{0xFF, 0xFE}):
		return "UTF-16LE"
	case bytes.HasPrefix(text, []byte{0xFE, 0xFF}):
		return "UTF-16BE"
	case len(text) >= 4 && text[0] != 0 && text[1] == 0 && text[2] != 0 && text[3] == 0:
		return "UTF-16LE"
	case len(text) >= 4 && text[0] == 0 && text[1] != 0 && text[2] == 0 && text[3] != 0:
		return "UTF-16BE"
	}
	return ""
}
