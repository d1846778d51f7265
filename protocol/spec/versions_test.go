package spec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// fixtureVersions returns the published versions with the test-only V19 of
// protocol/testdata/versions after them: a renamed manifest field, a
// retired one, a new script language and a lower free stage limit.
func fixtureVersions(t *testing.T) []*Document {
	t.Helper()
	fsys := fstest.MapFS{}
	names, err := filepath.Glob(filepath.Join("..", VersionGlob))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range append(names, "../testdata/versions/pairag-task-publish-v19.json") {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		fsys[filepath.Base(name)] = &fstest.MapFile{Data: data}
	}
	docs, err := ParseVersions(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

func TestParseVersionsErrors(t *testing.T) {
	v18 := string(newest(t).Raw())
	v19, err := os.ReadFile("../testdata/versions/pairag-task-publish-v19.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"none", map[string]string{"other.json": "{}"}, "no pairag-task-publish-v*.json found"},
		{"syntax", map[string]string{"pairag-task-publish-v18.json": "{\n  \"version\": 18,\n}"}, "pairag-task-publish-v18.json:3:"},
		{"file name", map[string]string{"pairag-task-publish-v19.json": v18}, `pairag-task-publish-v19.json:3:1: version "18.0" belongs in pairag-task-publish-v18.json`},
		{"canonical url", map[string]string{"pairag-task-publish-v18.json": strings.Replace(v18, "-v18.json\"", "-v18x.json\"", 1)}, "pairag-task-publish-v18.json:4:1: canonical_url"},
		{"rename of nothing", map[string]string{
			"pairag-task-publish-v18.json": v18,
			"pairag-task-publish-v19.json": strings.Replace(string(v19), `"from": "video_conference_software_name"`, `"from": "video_software"`, 1),
		}, `pairag-task-publish-v19.json:7:1: renamed_fields: "video_software" is not a field of manifest_fields in version 18.0`},
		{"rename to nothing", map[string]string{
			"pairag-task-publish-v19.json": strings.Replace(string(v19), `"to": "meeting_software_name"`, `"to": "meeting"`, 1),
		}, `pairag-task-publish-v19.json:1:1: protocol document: renamed_fields: "meeting" is not a field of manifest_fields`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, text := range tt.files {
				fsys[name] = &fstest.MapFile{Data: []byte(text)}
			}
			_, err := ParseVersions(fsys)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseVersions() = %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestChangesFixture(t *testing.T) {
	docs := fixtureVersions(t)
	v18, v19 := docs[len(docs)-2], docs[len(docs)-1]
	want := []Change{
		{Kind: FieldRenamed, Where: "manifest_fields", Name: "meeting_software_name", Old: "video_conference_software_name", New: "meeting_software_name"},
		{Kind: FieldRemoved, Where: "manifest_fields", Name: "video_conference_connection"},
		{Kind: ValueAdded, Where: "script_language_enum", Name: "zig", ID: 18},
		{Kind: LimitChanged, Where: "free", Name: "max_stages", Old: "5", New: "4"},
		{Kind: ExampleChanged, Where: "/manifest/version", Old: `"18.0"`, New: `"19.0"`},
		{Kind: ExampleChanged, Where: "/manifest/video_conference_software_name", Old: `"Zoom"`},
		{Kind: ExampleChanged, Where: "/manifest/video_conference_connection", Old: `"https://zoom.example.com/j/123"`},
		{Kind: ExampleChanged, Where: "/manifest/meeting_software_name", New: `"Zoom"`},
	}
	if diff := cmp.Diff(want, Changes(v18, v19)); diff != "" {
		t.Errorf("Changes(18.0, 19.0) mismatch (-want +got):\n%s", diff)
	}
	// Backwards, nothing declares the rename: it reads as one field
	// retired and one added, and the added value as retired.
	back := Changes(v19, v18)
	kinds := map[ChangeKind]int{}
	for _, c := range back {
		kinds[c.Kind]++
	}
	if kinds[FieldAdded] != 2 || kinds[FieldRemoved] != 1 || kinds[ValueRemoved] != 1 || kinds[FieldRequired] != 1 || kinds[FieldOptional] != 0 {
		t.Errorf("Changes(19.0, 18.0) = %+v", back)
	}
}

func TestChangesKinds(t *testing.T) {
	base := newest(t)
	edit := func(f func(d *Document)) *Document {
		d, err := Parse(base.Raw())
		if err != nil {
			t.Fatal(err)
		}
		f(d)
		return d
	}
	tests := []struct {
		name string
		new  *Document
		want ChangeKind
	}{
		{"made optional", edit(func(d *Document) { d.RequiredManifestFields = d.RequiredManifestFields[1:] }), FieldOptional},
		{"made required", edit(func(d *Document) {
			d.RequiredManifestFields = append(d.RequiredManifestFields, d.ManifestFields[len(d.ManifestFields)-2].Name)
		}), FieldRequired},
		{"relabelled", edit(func(d *Document) {
			d.ProjectTags = append([]ProjectTag{{ID: d.ProjectTags[0].ID, Name: "Renamed"}}, d.ProjectTags[1:]...)
		}), ValueRelabelled},
		{"rule added", edit(func(d *Document) { d.TierRules = append(d.TierRules, "A new rule.") }), RuleAdded},
		{"rule retired", edit(func(d *Document) { d.ConditionalRequirements = d.ConditionalRequirements[1:] }), RuleRetired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Changes(base, tt.new)
			if len(got) != 1 || got[0].Kind != tt.want {
				t.Errorf("Changes() = %+v; want one %s", got, tt.want)
			}
		})
	}
}
