package protocol

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Options says how to validate a payload. The zero value validates against
// the embedded V18 document for a free creator, with English messages.
type Options struct {
	Tier     string    // free, pro or ultra; anything else is treated as free
	Lang     string    // en or zh-CN: the language of Finding.Message
	Document *Document // nil means Default()
	// TierLabels names each tier in messages, keyed by tier key; the CLI
	// and the page take them from content/labels.yaml. Missing labels fall
	// back to the tier key with a capital letter in both languages.
	TierLabels map[string]Label
}

// Label is a name in both languages of the portal.
type Label struct {
	EN string `json:"en"`
	ZH string `json:"zh-CN"`
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
	d := opts.Document
	if d == nil {
		d = Default()
	}
	v := &validation{doc: d, text: text, labels: opts.TierLabels}
	v.tier = v.resolveTier(opts.Tier)
	v.run()
	return v.result(opts.Lang)
}

// validation carries the state of one Validate call.
type validation struct {
	doc      *Document
	text     []byte
	tier     string
	labels   map[string]Label
	root     *node
	findings []Finding
}

func (v *validation) resolveTier(tier string) string {
	t := strings.ToLower(strings.TrimSpace(tier))
	if t == "" {
		return v.doc.DefaultTier
	}
	if _, ok := v.doc.TierLimits[t]; !ok {
		v.addAt(newFinding("unknown-tier", "", tier), 0, 0)
		return v.doc.DefaultTier
	}
	return t
}

// addAt records a finding located at a byte span of the text.
func (v *validation) addAt(f Finding, start, end int) {
	f.start, f.end = start, end
	v.findings = append(v.findings, f)
}

// run performs the checks in order; a check that leaves nothing to check
// further stops the run.
func (v *validation) run() {
	start, end, ok := v.checkInput()
	if !ok {
		return
	}
	root, issues := parseJSON(v.text[:end], start, v.doc.Limits.MaxDepth)
	fatal := false
	for _, is := range issues {
		f := newFinding(is.code, "", is.args...)
		f.Fix = is.fix
		v.addAt(f, is.start, is.end)
		if is.code != "json-comment" && is.code != "json-trailing-comma" && is.code != "json-duplicate-key" && is.code != "json-trailing-text" {
			fatal = true
		}
	}
	if fatal || root == nil {
		return
	}
	v.root = root
	if root.kind != '{' {
		v.addAt(newFinding("top-level-not-object", "", kindName(root.kind, "en")), root.start, root.start+1)
		return
	}
	ruleFindings := v.checkRules()
	schemaFindings := v.checkSchema()
	v.findings = append(v.findings, ruleFindings...)
	v.findings = append(v.findings, suppressCovered(schemaFindings, ruleFindings)...)
}

// checkInput handles what comes before JSON parsing: size, encoding, a byte
// order mark, a Markdown fence or prose around the object. It returns the
// span to parse.
func (v *validation) checkInput() (start, end int, ok bool) {
	text := v.text
	if max := v.doc.Limits.MaxBytes; len(text) > max {
		v.addAt(newFinding("input-too-large", "", max, len(text)), 0, 0)
		return 0, 0, false
	}
	if len(bytes.TrimSpace(text)) == 0 {
		v.addAt(newFinding("input-empty", ""), 0, 0)
		return 0, 0, false
	}
	if bytes.HasPrefix(text, []byte("\xEF\xBB\xBF")) {
		f := newFinding("input-bom", "")
		f.Fix = &Fix{Start: 0, End: 3}
		v.addAt(f, 0, 3)
		start = 3
	}
	if !utf8.Valid(text) {
		bad := firstInvalidUTF8(text)
		v.addAt(newFinding("input-invalid-utf8", "", text[bad]), bad, bad+1)
		return 0, 0, false
	}
	end = len(text)
	if s, e, found := fencedJSON(text, start); found {
		f := newFinding("input-markdown-fence", "")
		f.Fix = &Fix{Start: 0, End: len(text), Replacement: string(text[s:e])}
		v.addAt(f, start, start+3)
		return s, e, true
	}
	if lead := leadingProse(text, start); lead > start {
		f := newFinding("json-leading-text", "")
		f.Fix = &Fix{Start: start, End: lead}
		v.addAt(f, start, lead)
		start = lead
	}
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

// fencedJSON finds a ```-fenced block and returns the span between the fence
// lines.
func fencedJSON(text []byte, from int) (start, end int, ok bool) {
	open := bytes.Index(text[from:], []byte("```"))
	if open < 0 {
		return 0, 0, false
	}
	open += from
	if brace := bytes.IndexAny(text[from:], "{["); brace >= 0 && brace+from < open {
		return 0, 0, false // the fence is inside or after the JSON
	}
	nl := bytes.IndexByte(text[open:], '\n')
	if nl < 0 {
		return 0, 0, false
	}
	start = open + nl + 1
	closeAt := bytes.LastIndex(text[start:], []byte("```"))
	if closeAt < 0 {
		return start, len(text), true
	}
	return start, start + closeAt, true
}

// leadingProse returns the offset of the first { when it follows prose such
// as "Here is the JSON:", or from when the text starts like JSON.
func leadingProse(text []byte, from int) int {
	trimmed := bytes.TrimLeft(text[from:], " \t\r\n")
	if len(trimmed) == 0 || strings.ContainsRune("{[\"-0123456789tfn/'", rune(trimmed[0])) {
		return from
	}
	brace := bytes.IndexByte(text[from:], '{')
	if brace < 0 {
		return from
	}
	return from + brace
}

func kindName(kind byte, lang string) string {
	names := map[byte][2]string{
		'{': {"an object", "对象"}, '[': {"an array", "数组"}, '"': {"a string", "字符串"},
		'0': {"a number", "数字"}, 't': {"a boolean", "布尔值"}, 'f': {"a boolean", "布尔值"}, 'n': {"null", "null"},
	}
	if lang == "zh-CN" {
		return names[kind][1]
	}
	return names[kind][0]
}

// suppressCovered drops schema findings at pointers where a rule already
// reported something more specific.
func suppressCovered(schema, rules []Finding) []Finding {
	covered := map[string]bool{}
	for _, f := range rules {
		covered[f.Pointer] = true
	}
	out := schema[:0]
	for _, f := range schema {
		if !covered[f.Pointer] {
			out = append(out, f)
		}
	}
	return out
}

// result fills positions and messages, sorts, and decides validity.
func (v *validation) result(lang string) Result {
	seen := map[string]bool{}
	out := make([]Finding, 0, len(v.findings))
	for _, f := range v.findings {
		key := fmt.Sprintf("%s\x00%s\x00%d\x00%s", f.Code, f.Pointer, f.start, f.MessageEN)
		if seen[key] {
			continue
		}
		seen[key] = true
		f.Message = f.MessageEN
		if lang == "zh-CN" {
			f.Message = f.MessageZH
		}
		out = append(out, f)
	}
	offsets := make([]int, len(out))
	for i, f := range out {
		offsets[i] = f.start
	}
	for i, p := range Positions(v.text, offsets) {
		out[i].Line, out[i].Column = p.Line, p.Column
	}
	sortFindings(out)
	r := Result{Valid: true, Tier: v.tier, Findings: out}
	for _, f := range out {
		if f.Severity == SeverityError {
			r.Valid = false
		}
	}
	return r
}
