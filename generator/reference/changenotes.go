package reference

import (
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/generator/yamlpos"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol/spec"
)

// Hand-written notes on the generated changelogs.
//
// content/changes.yaml holds, per version, an optional note on the whole
// change and notes attached to single generated entries, each in both
// languages:
//
//	"19":
//	  intro:
//	    en: Meetings are not only video calls; ...
//	    zh-CN: 会议不只是视频通话……
//	  changes:
//	    field-renamed manifest_fields.meeting_software_name:
//	      en: ...
//	      zh-CN: ...
//
// A change's key is its kind and where it happened (changeKey), as the
// error for an unknown key lists them. Notes add prose and nothing else:
// the generated list is always complete and always first, a note is shown
// under its entry as a quotation marked as a note, a note on a change the
// documents do not record fails the build, and a note may not hold
// headings, list items, tables or code fences that would read as entries
// of the list.

// ChangeNotesFile is where the notes live.
const ChangeNotesFile = "content/changes.yaml"

// VersionNotes are the notes on one version's changelog.
type VersionNotes struct {
	Intro   map[string]string            `yaml:"intro"`
	Changes map[string]map[string]string `yaml:"changes"`
}

// changeKey names a change for its note: kind, then where, then the name.
func changeKey(c spec.Change) string {
	key := string(c.Kind) + " " + c.Where
	if c.Name != "" {
		key += "." + c.Name
	}
	return key
}

// structureInNote matches a line that would add structure to the list: a
// heading, a list item, a table row, a code fence or a thematic break.
var structureInNote = regexp.MustCompile("(?m)^\\s*(#|[-*+] |\\d+[.)] |\\||```|~~~|---)")

// LoadChangeNotes reads content/changes.yaml and checks it against the
// versions: every version key names a version with a changelog, every
// change key a change of that version, every note is in both languages
// and is prose. A missing file means no notes.
func LoadChangeNotes(fsys fs.FS, versions []*spec.Document, rep diag.Reporter) map[string]VersionNotes {
	data, err := fs.ReadFile(fsys, ChangeNotesFile)
	if err != nil {
		return nil
	}
	var notes map[string]VersionNotes
	if err := yaml.UnmarshalWithOptions(data, &notes, yaml.Strict()); err != nil {
		line, msg := yamlpos.ErrorPos(err)
		errorf(rep, ChangeNotesFile, line, "%s", msg)
		return nil
	}
	changes := map[string][]spec.Change{}
	var majors []string
	for i := 1; i < len(versions); i++ {
		changes[versions[i].Major()] = spec.Changes(versions[i-1], versions[i])
		majors = append(majors, versions[i].Major())
	}
	ok := map[string]VersionNotes{}
	for _, major := range slices.Sorted(maps.Keys(notes)) {
		vn := notes[major]
		list, known := changes[major]
		if !known {
			errorf(rep, ChangeNotesFile, keyLine(data, major, 0), "%q is not a version with a changelog; versions with one: %s", major, orNothing(majors))
			continue
		}
		good := true
		check := func(what string, text map[string]string, at int) {
			for _, lang := range Languages {
				t := strings.TrimSpace(text[lang])
				switch {
				case t == "":
					errorf(rep, ChangeNotesFile, at, "%s has no %s text; a note is in both languages", what, lang)
					good = false
				case structureInNote.MatchString(t):
					errorf(rep, ChangeNotesFile, at, "%s (%s) holds a heading, list item, table or code block; a note is prose under the generated entry, which it cannot add to or replace", what, lang)
					good = false
				}
			}
			for lang := range text {
				if !slices.Contains(Languages, lang) {
					errorf(rep, ChangeNotesFile, at, "%s: unknown language %q; write %s", what, lang, strings.Join(Languages, " and "))
					good = false
				}
			}
		}
		start := keyLine(data, major, 0)
		if vn.Intro != nil {
			check("the note on version "+major, vn.Intro, keyLine(data, "intro", start))
		}
		keys := map[string]bool{}
		for _, c := range list {
			keys[changeKey(c)] = true
		}
		for _, key := range slices.Sorted(maps.Keys(vn.Changes)) {
			at := keyLine(data, key, start)
			if !keys[key] {
				errorf(rep, ChangeNotesFile, at, "no change %q between versions %s and its predecessor; the changes are: %s", key, major, orNothing(slices.Sorted(maps.Keys(keys))))
				good = false
				continue
			}
			check("the note on "+key, vn.Changes[key], at)
		}
		if good {
			ok[major] = vn
		}
	}
	return ok
}

// keyLine is the 1-based line of the first "key:" (quoted or not) at or
// after line from, for messages; 0 when it is not found.
func keyLine(data []byte, key string, from int) int {
	for i, line := range strings.Split(string(data), "\n") {
		if i+1 < from {
			continue
		}
		t := strings.TrimSpace(line)
		for _, k := range []string{key, `"` + key + `"`, "'" + key + "'"} {
			if strings.HasPrefix(t, k+":") {
				return i + 1
			}
		}
	}
	return 0
}

// quoteNote writes a note as a Markdown quotation under a list entry (at
// indent) or on its own, introduced by the language's label.
func quoteNote(label, text, indent string) string {
	var sb strings.Builder
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		sb.WriteString(indent + ">")
		if i == 0 {
			sep := " "
			if strings.HasSuffix(label, "：") {
				sep = "" // a full-width colon carries its own space
			}
			line = "**" + label + "**" + sep + line
		}
		if line = strings.TrimRight(line, " \t"); line != "" {
			sb.WriteString(" " + line)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func orNothing(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

// noteLabel introduces a hand-written note in each language.
var noteLabel = map[string]string{EN: "Note:", ZH: "说明："}
