package site

import (
	"testing"

	"pairag.com/portal/protocol"
)

func TestKindOf(t *testing.T) {
	for _, tt := range []struct {
		rel  string
		want Kind
	}{
		{"_index.md", KindHome},
		{"404.md", KindNotFound},
		{"validator.md", KindValidator},
		{"docs/task-publish-v18.md", KindReference},
		{"docs/task-publish-v7.md", KindReference},
		{"docs/changes-v18.md", KindChangelog},
		{"docs/create-task.md", KindDoc},
		{"docs/_index.md", KindDoc},
		{"docs/404.md", KindDoc},
		{"docs/validator.md", KindDoc},
		{"docs/task-publish-v.md", KindDoc},
		{"docs/task-publish-v18x.md", KindDoc},
		{"docs/changes-v18.txt", KindDoc},
	} {
		if got := KindOf(tt.rel); got != tt.want {
			t.Errorf("KindOf(%q) = %v; want %v", tt.rel, got, tt.want)
		}
	}
	// The reference and changelog of each version are of their kinds.
	for _, d := range protocol.Versions() {
		if k := KindOf(ReferenceSource(d)); k != KindReference {
			t.Errorf("KindOf(ReferenceSource(%s)) = %v", d.Version, k)
		}
		if k := KindOf(ChangelogSource(d)); k != KindChangelog {
			t.Errorf("KindOf(ChangelogSource(%s)) = %v", d.Version, k)
		}
	}
	if !KindDoc.Listed() || KindNotFound.Listed() || KindSkill.Indexed() || KindNotFound.Indexed() || !KindReference.Indexed() {
		t.Error("Listed/Indexed disagree with the package doc")
	}
}

func TestURL(t *testing.T) {
	for _, tt := range []struct{ lang, rel, want string }{
		{"en", "_index.md", "/"},
		{"zh-CN", "_index.md", "/zh-CN/"},
		{"en", "404.md", "/404.html"},
		{"zh-CN", "404.md", "/zh-CN/404.html"},
		{"en", "docs/create-task.md", "/docs/create-task/"},
		{"zh-CN", "docs/_index.md", "/zh-CN/docs/"},
	} {
		if got := URL(tt.lang, tt.rel); got != tt.want {
			t.Errorf("URL(%q, %q) = %q; want %q", tt.lang, tt.rel, got, tt.want)
		}
	}
}
