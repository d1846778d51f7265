package generator

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"pairag.com/portal/protocol"
)

// documentedCodes reads the finding codes listed in protocol/doc.go.
func documentedCodes(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("../protocol/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^//\t([a-z0-9-]+)\s+(error|warning|info)$`)
	var codes []string
	for _, m := range re.FindAllStringSubmatch(string(data), -1) {
		codes = append(codes, m[1])
	}
	if len(codes) < 50 {
		t.Fatalf("found %d codes in protocol/doc.go; the list format changed?", len(codes))
	}
	return codes
}

// TestFindingAnchors checks that every documented finding code maps to one
// anchor that exists on the built field reference in both languages, and
// that no code is mapped without being documented.
func TestFindingAnchors(t *testing.T) {
	codes := documentedCodes(t)
	for _, c := range codes {
		if _, ok := findingAnchors[c]; !ok {
			t.Errorf("finding code %s (protocol/doc.go) has no anchor in findingAnchors", c)
		}
	}
	for c := range findingAnchors {
		if !slices.Contains(codes, c) {
			t.Errorf("findingAnchors maps %s, which protocol/doc.go does not document", c)
		}
	}
	dir := realSite(t)
	for _, lang := range languages {
		u := pageURL(lang, referenceRel(protocol.Default()))
		doc, err := html.Parse(strings.NewReader(readFile(t, dir, outputPath(u))))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range codes {
			if a := findingAnchors[c]; a != "" && !hasID(doc, a) {
				t.Errorf("%s: anchor %q of finding code %s is not on the page", u, a, c)
			}
		}
	}
}

func TestFindingURL(t *testing.T) {
	doc, err := protocol.Parse(protocol.Raw())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ lang, code, pointer, want string }{
		{"en", "language-alias", "/manifest/language", "/docs/task-publish-v18/#aliases"},
		{"zh-CN", "language-alias", "/manifest/language", "/zh-CN/docs/task-publish-v18/#aliases"},
		{"en", "invalid-enum", "/stages/2/stage_type", "/docs/task-publish-v18/#stage.stage_type"},
		{"en", "wrong-type", "/manifest/global_config/message_bus", "/docs/task-publish-v18/#global_config.message_bus"},
		{"en", "below-minimum", "/stages/0/agent_skills/1/context_constraints/input_limit/max_tokens", "/docs/task-publish-v18/#input_limit.max_tokens"},
		{"en", "wrong-type", "/nonsense", "/docs/task-publish-v18/#manifest-fields"},
		{"en", "fiat-not-available", "/stages/0/fiat_enabled", "/docs/task-publish-v18/#tier_limits.fiat"},
		{"en", "no-such-code", "", ""},
	} {
		if got := FindingURL(doc, tt.lang, tt.code, tt.pointer); got != tt.want {
			t.Errorf("FindingURL(%s, %s, %s) = %q; want %q", tt.lang, tt.code, tt.pointer, got, tt.want)
		}
	}
}
