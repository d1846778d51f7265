package reference

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol/spec"
)

// What changed, generated.
//
// For each pair of consecutive versions in protocol/, the build adds a
// page in both languages, content/<lang>/docs/changes-v<N>.md (so
// /docs/changes-v19/ and /zh-CN/docs/changes-v19/), listing
// spec.Changes of the two documents: fields, required lists, enum and
// codebook values, tier limits, rules and the example. The pages are
// Markdown like any other, rendered, linked and checked by the same
// pipeline; they are not in the navigation, so adding a version changes no
// other page. With one version there is no such page.

// ChangelogRel is the content path, under content/<lang>/, of the page
// for the changes that led to version d: the builder adds the page there.
func ChangelogRel(d *spec.Document) string { return site.ChangelogSource(d) }

// changelogStrings are the words of the generated page in one language.
// Formats take the names the documents use, in code spans.
type changelogStrings struct {
	Title, Description, Intro                    string
	Fields, Values, Limits, Rules, Example       string // section headings
	FieldAdded, FieldRemoved, FieldRenamed       string
	FieldRequired, FieldOptional                 string
	ValueAdded, ValueRemoved, ValueRelabelled    string
	LimitChanged, RuleAdded, RuleRetired         string
	ExampleChanged, ExampleAdded, ExampleRemoved string
	Colon                                        string
}

var changelogText = map[string]changelogStrings{
	EN: {
		Title:       "What changed in version %[2]s",
		Description: "Every difference between versions %[1]s and %[2]s of the task-publish protocol, computed from the two protocol files.",
		Intro: "This list is computed from [%[3]s](/protocol/%[3]s) and [%[4]s](/protocol/%[4]s); none of it is typed by hand. " +
			"A payload whose `manifest.version` is still `%[1]s` gets an error from the validator, and a finding for each change below that touches it, with a fix where the change is mechanical.",
		Fields: "Fields", Values: "Enum and codebook values", Limits: "Tier limits", Rules: "Rules", Example: "The example payload",
		FieldAdded:      "`%s` added.",
		FieldRemoved:    "`%s` retired, with no replacement.",
		FieldRenamed:    "`%s` renamed to `%s`.",
		FieldRequired:   "`%s` is now required.",
		FieldOptional:   "`%s` is now optional.",
		ValueAdded:      "`%s` (%d) added.",
		ValueRemoved:    "`%s` (%d) removed.",
		ValueRelabelled: "%[3]d renamed from `%[1]s` to `%[2]s`.",
		LimitChanged:    "`%s` changed from %s to %s.",
		RuleAdded:       "added: %s",
		RuleRetired:     "retired: %s",
		ExampleChanged:  "%s became %s.",
		ExampleAdded:    "added, %s.",
		ExampleRemoved:  "removed (it was %s).",
		Colon:           ": ",
	},
	ZH: {
		Title:       "%[2]s 版有哪些变化",
		Description: "任务发布协议 %[1]s 版与 %[2]s 版之间的全部差异，由两个版本的协议文件直接比对得出。",
		Intro: "本页由 [%[3]s](/protocol/%[3]s) 与 [%[4]s](/protocol/%[4]s) 自动比对生成，没有一处是手工录入的。" +
			"`manifest.version` 仍为 `%[1]s` 的载荷，校验器会报错，并针对下列每一项涉及它的变化单独给出提示；能机械完成的修改，提示里直接附上修复。",
		Fields: "字段", Values: "枚举与码表取值", Limits: "会员等级限制", Rules: "规则", Example: "示例载荷",
		FieldAdded:      "新增 `%s`。",
		FieldRemoved:    "停用 `%s`，没有替代字段。",
		FieldRenamed:    "`%s` 更名为 `%s`。",
		FieldRequired:   "`%s` 改为必填。",
		FieldOptional:   "`%s` 改为选填。",
		ValueAdded:      "新增 `%s`（%d）。",
		ValueRemoved:    "移除 `%s`（%d）。",
		ValueRelabelled: "%[3]d 的键由 `%[1]s` 改为 `%[2]s`。",
		LimitChanged:    "`%s` 由 %s 改为 %s。",
		RuleAdded:       "新增：%s",
		RuleRetired:     "停用：%s",
		ExampleChanged:  "由 %s 改为 %s。",
		ExampleAdded:    "新增，值为 %s。",
		ExampleRemoved:  "删除（原值为 %s）。",
		Colon:           "：",
	},
}

// ChangelogMarkdown writes the page, front matter included, for the
// changes from old to new in lang. Hand-written notes (changenotes.go)
// follow the intro and the entries they are attached to.
func ChangelogMarkdown(lang string, old, new *spec.Document, notes VersionNotes) []byte {
	s := changelogText[lang]
	names := []any{old.Version, new.Version, old.FileName(), new.FileName()}
	var b bytes.Buffer
	fmt.Fprintf(&b, "---\ntitle: %q\ndescription: %q\nnav: false\n---\n\n", fmt.Sprintf(s.Title, names...), fmt.Sprintf(s.Description, names...))
	fmt.Fprintf(&b, s.Intro+"\n", names...)
	if t := notes.Intro[lang]; t != "" {
		b.WriteString("\n" + quoteNote(noteLabel[lang], t, ""))
	}
	sections := []struct {
		id, heading string
		kinds       []spec.ChangeKind
	}{
		{"fields", s.Fields, []spec.ChangeKind{spec.FieldAdded, spec.FieldRemoved, spec.FieldRenamed, spec.FieldRequired, spec.FieldOptional}},
		{"values", s.Values, []spec.ChangeKind{spec.ValueAdded, spec.ValueRemoved, spec.ValueRelabelled}},
		{"limits", s.Limits, []spec.ChangeKind{spec.LimitChanged}},
		{"rules", s.Rules, []spec.ChangeKind{spec.RuleAdded, spec.RuleRetired}},
		{"example", s.Example, []spec.ChangeKind{spec.ExampleChanged}},
	}
	changes := spec.Changes(old, new)
	for _, sec := range sections {
		var lines []string
		for _, c := range changes {
			if slices.Contains(sec.kinds, c.Kind) {
				line := "- " + codeSpan(c.Where) + s.Colon + changeText(s, c)
				if t := notes.Changes[changeKey(c)][lang]; t != "" {
					line += "\n\n" + strings.TrimRight(quoteNote(noteLabel[lang], t, "  "), "\n")
				}
				lines = append(lines, line)
			}
		}
		if len(lines) > 0 {
			fmt.Fprintf(&b, "\n## %s {#%s}\n\n%s\n", sec.heading, sec.id, strings.Join(lines, "\n"))
		}
	}
	return b.Bytes()
}

// changeText says one change in one language.
func changeText(s changelogStrings, c spec.Change) string {
	switch c.Kind {
	case spec.FieldAdded:
		return fmt.Sprintf(s.FieldAdded, c.Name)
	case spec.FieldRemoved:
		return fmt.Sprintf(s.FieldRemoved, c.Name)
	case spec.FieldRenamed:
		return fmt.Sprintf(s.FieldRenamed, c.Old, c.New)
	case spec.FieldRequired:
		return fmt.Sprintf(s.FieldRequired, c.Name)
	case spec.FieldOptional:
		return fmt.Sprintf(s.FieldOptional, c.Name)
	case spec.ValueAdded:
		return fmt.Sprintf(s.ValueAdded, c.Name, c.ID)
	case spec.ValueRemoved:
		return fmt.Sprintf(s.ValueRemoved, c.Name, c.ID)
	case spec.ValueRelabelled:
		return fmt.Sprintf(s.ValueRelabelled, c.Old, c.New, c.ID)
	case spec.LimitChanged:
		return fmt.Sprintf(s.LimitChanged, c.Name, codeSpan(orNone(c.Old)), codeSpan(orNone(c.New)))
	case spec.RuleAdded:
		return fmt.Sprintf(s.RuleAdded, c.New)
	case spec.RuleRetired:
		return fmt.Sprintf(s.RuleRetired, c.Old)
	}
	switch {
	case c.Old == "":
		return fmt.Sprintf(s.ExampleAdded, codeSpan(c.New))
	case c.New == "":
		return fmt.Sprintf(s.ExampleRemoved, codeSpan(c.Old))
	}
	return fmt.Sprintf(s.ExampleChanged, codeSpan(c.Old), codeSpan(c.New))
}

// orNone shows a missing limit as JSON's null.
func orNone(s string) string {
	if s == "" {
		return "null"
	}
	return s
}

// codeSpan writes text as a Markdown code span, with a longer fence when the
// text holds backticks.
func codeSpan(text string) string {
	fence := block.CodeFence(text, 1)
	if len(fence) > 1 || strings.HasPrefix(text, "`") || strings.HasSuffix(text, "`") {
		return fence + " " + text + " " + fence
	}
	return fence + text + fence
}
