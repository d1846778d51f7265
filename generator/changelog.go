package generator

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing/fstest"
	"time"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/protocol"
)

// What changed, generated.
//
// For each pair of consecutive versions in protocol/, the build adds a
// page in both languages, content/<lang>/docs/changes-v<N>.md (so
// /docs/changes-v19/ and /zh-CN/docs/changes-v19/), listing
// protocol.Changes of the two documents: fields, required lists, enum and
// codebook values, tier limits, rules and the example. The pages are
// Markdown like any other, rendered, linked and checked by the same
// pipeline; they are not in the navigation, so adding a version changes no
// other page. With one version there is no such page.

// changelogRel is the content path, under content/<lang>/, of the page
// for the changes that led to version d.
func changelogRel(d *protocol.Document) string { return "docs/changes-v" + d.Major() + ".md" }

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
	en: {
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
	zh: {
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

// changelogMarkdown writes the page for the changes from old to new.
// Hand-written notes (reference/changenotes.go) follow the intro and the entries
// they are attached to.
func changelogMarkdown(lang string, old, new *protocol.Document, notes reference.VersionNotes) []byte {
	s := changelogText[lang]
	names := []any{old.Version, new.Version, old.FileName(), new.FileName()}
	var b bytes.Buffer
	fmt.Fprintf(&b, "---\ntitle: %q\ndescription: %q\nnav: false\n---\n\n", fmt.Sprintf(s.Title, names...), fmt.Sprintf(s.Description, names...))
	fmt.Fprintf(&b, s.Intro+"\n", names...)
	if t := notes.Intro[lang]; t != "" {
		b.WriteString("\n" + reference.QuoteNote(reference.NoteLabel[lang], t, ""))
	}
	sections := []struct {
		id, heading string
		kinds       []protocol.ChangeKind
	}{
		{"fields", s.Fields, []protocol.ChangeKind{protocol.FieldAdded, protocol.FieldRemoved, protocol.FieldRenamed, protocol.FieldRequired, protocol.FieldOptional}},
		{"values", s.Values, []protocol.ChangeKind{protocol.ValueAdded, protocol.ValueRemoved, protocol.ValueRelabelled}},
		{"limits", s.Limits, []protocol.ChangeKind{protocol.LimitChanged}},
		{"rules", s.Rules, []protocol.ChangeKind{protocol.RuleAdded, protocol.RuleRetired}},
		{"example", s.Example, []protocol.ChangeKind{protocol.ExampleChanged}},
	}
	changes := protocol.Changes(old, new)
	for _, sec := range sections {
		var lines []string
		for _, c := range changes {
			if slices.Contains(sec.kinds, c.Kind) {
				line := "- " + codeSpan(c.Where) + s.Colon + changeText(s, c)
				if t := notes.Changes[reference.ChangeKey(c)][lang]; t != "" {
					line += "\n\n" + strings.TrimRight(reference.QuoteNote(reference.NoteLabel[lang], t, "  "), "\n")
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
func changeText(s changelogStrings, c protocol.Change) string {
	switch c.Kind {
	case protocol.FieldAdded:
		return fmt.Sprintf(s.FieldAdded, c.Name)
	case protocol.FieldRemoved:
		return fmt.Sprintf(s.FieldRemoved, c.Name)
	case protocol.FieldRenamed:
		return fmt.Sprintf(s.FieldRenamed, c.Old, c.New)
	case protocol.FieldRequired:
		return fmt.Sprintf(s.FieldRequired, c.Name)
	case protocol.FieldOptional:
		return fmt.Sprintf(s.FieldOptional, c.Name)
	case protocol.ValueAdded:
		return fmt.Sprintf(s.ValueAdded, c.Name, c.ID)
	case protocol.ValueRemoved:
		return fmt.Sprintf(s.ValueRemoved, c.Name, c.ID)
	case protocol.ValueRelabelled:
		return fmt.Sprintf(s.ValueRelabelled, c.Old, c.New, c.ID)
	case protocol.LimitChanged:
		return fmt.Sprintf(s.LimitChanged, c.Name, codeSpan(orNone(c.Old)), codeSpan(orNone(c.New)))
	case protocol.RuleAdded:
		return fmt.Sprintf(s.RuleAdded, c.New)
	case protocol.RuleRetired:
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

func orNone(s string) string {
	if s == "" {
		return "null"
	}
	return s
}

// codeSpan writes text as a Markdown code span, with a longer fence when the
// text holds backticks.
func codeSpan(text string) string {
	fence := reference.CodeFence(text, 1)
	if len(fence) > 1 || strings.HasPrefix(text, "`") || strings.HasSuffix(text, "`") {
		return fence + " " + text + " " + fence
	}
	return fence + text + fence
}

// withChangelogs returns fsys with the generated pages of every pair of
// consecutive versions added, the Chinese page stamped with the digests of
// the English one (it is written from the same list, so it is never out of
// date). Without a pair it returns fsys itself.
func (b *builder) withChangelogs(fsys fs.FS) fs.FS {
	extra := fstest.MapFS{}
	notes := reference.LoadChangeNotes(fsys, b.versions, b.rep) // reference/changenotes.go
	for i := 1; i < len(b.versions); i++ {
		old, new := b.versions[i-1], b.versions[i]
		for _, lang := range languages {
			extra["content/"+lang+"/"+changelogRel(new)] = &fstest.MapFile{Data: changelogMarkdown(lang, old, new, notes[new.Major()]), ModTime: time.Unix(0, 0)}
		}
	}
	if len(extra) == 0 {
		return fsys
	}
	o := overlayFS{fsys, extra}
	for i := 1; i < len(b.versions); i++ {
		rel := changelogRel(b.versions[i])
		c, err := compareDocsFiles(o, "content/"+en+"/"+rel, "content/"+zh+"/"+rel)
		if err != nil {
			b.rep.errorf("content/"+zh+"/"+rel, 0, "stamp the generated page: %v", err)
			continue
		}
		data := drift.Stamped(c, false).Out
		extra["content/"+zh+"/"+rel].Data = data
	}
	return o
}

// overlayFS is a file system with generated files added; a directory lists
// its own entries and the generated ones.
type overlayFS struct {
	fs.FS
	extra fstest.MapFS
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if _, ok := o.extra[name]; ok {
		return o.extra.Open(name)
	}
	return o.FS.Open(name)
}

func (o overlayFS) ReadFile(name string) ([]byte, error) {
	if f, ok := o.extra[name]; ok {
		return bytes.Clone(f.Data), nil
	}
	return fs.ReadFile(o.FS, name)
}

func (o overlayFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(o.FS, name)
	added := false
	for file := range o.extra {
		if path.Dir(file) == name {
			info, _ := fs.Stat(o.extra, file)
			entries = append(entries, fs.FileInfoToDirEntry(info))
			added = true
		}
	}
	if added {
		err = nil
		slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	}
	return entries, err
}

func (o overlayFS) Stat(name string) (fs.FileInfo, error) {
	if _, ok := o.extra[name]; ok {
		return fs.Stat(o.extra, name)
	}
	return fs.Stat(o.FS, name)
}
