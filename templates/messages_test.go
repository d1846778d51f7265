package templates

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"
)

// TestMessagesComplete checks that every string field of both languages is
// set: the two-argument t(en, zh) makes a missing translation a compile
// error, and this catches a field left out of messages altogether.
func TestMessagesComplete(t *testing.T) {
	for _, m := range []Messages{English, Chinese} {
		v := reflect.ValueOf(m)
		for i := range v.NumField() {
			name := v.Type().Field(i).Name
			if v.Field(i).String() == "" && (name != "Space" || m.Lang == "en") { // Chinese needs no space between sentences
				t.Errorf("%s: Messages.%s is empty", m.Lang, name)
			}
		}
	}
	if For("zh-CN").Lang != "zh-CN" || For("fr").Lang != "en" {
		t.Error("For picks the wrong language")
	}
}

// TestLayoutHasNoInlineCode checks the CSP promise of the layout: assets
// by URL only, no inline script or style.
func TestLayoutHasNoInlineCode(t *testing.T) {
	p := Page{Msg: English, Title: "T", CSS: "/assets/site.0123456789.css", JS: "/assets/site.0123456789.js", Body: TrustedHTML("<p>body</p>"),
		Switch: Alternate{HrefLang: "zh-CN", Href: "/zh-CN/", Name: Chinese.LanguageName}}
	var b bytes.Buffer
	if err := Layout(p).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"<style", "style=", "<script>", "onclick"} {
		if strings.Contains(out, bad) {
			t.Errorf("layout contains %q", bad)
		}
	}
	if !strings.Contains(out, `<script src="/assets/site.0123456789.js" defer></script>`) || !strings.Contains(out, "<p>body</p>") {
		t.Errorf("layout lacks the script or the body:\n%s", out)
	}
}
