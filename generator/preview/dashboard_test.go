package preview

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTranslationsDashboard: /__gen/translations lists every original with
// the state of its translation, and follows a save: a page added in English
// only is "missing", and once its translation is saved, with a section
// changed in the original afterwards, its row says which section is
// outdated.
func TestTranslationsDashboard(t *testing.T) {
	dir := copyRepo(t)
	p := startPreview(t, dir, Config{})
	code, h, body := p.get("/__gen/translations")
	if code != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /__gen/translations = %d %s", code, h.Get("Content-Type"))
	}
	for _, want := range []string{"content/en/docs/create-task.md", "content/skills/pairag-task-publish/SKILL.md", `src="/__gen/reload.js"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the dashboard lacks %q", want)
		}
	}
	page := "---\ntitle: Payouts\ndescription: How payouts work.\n---\n\nIntro.\n\n## Timing\n\nPaid weekly.\n"
	writeFile(t, filepath.Join(dir, "content/en/docs/payouts.md"), page)
	row := func() string {
		_, _, body := p.get("/__gen/translations")
		i := strings.Index(body, ">content/en/docs/payouts.md<")
		if i < 0 {
			return ""
		}
		end := strings.Index(body[i:], "</tr>")
		return body[i : i+end]
	}
	p.until("the new page listed as missing", 60*time.Second, func() bool { return strings.Contains(row(), "<td>missing") })
	writeFile(t, filepath.Join(dir, "content/zh-CN/docs/payouts.md"), "---\ntitle: 发放\ndescription: 发放说明。\n---\n\n<!-- source: 00000000 -->\n介绍。\n\n## 时间\n<!-- source: 00000000 -->\n\n每周发放。\n")
	p.until("the translated page listed as outdated, with its sections", 60*time.Second, func() bool {
		r := row()
		return strings.Contains(r, "<td>outdated") && strings.Contains(r, "<li>## 时间 (line 9): its original, ## Timing at content/en/docs/payouts.md:8, changed")
	})
}
