package drift

import (
	"strings"
	"testing"

	"pairag.com/portal/generator/glossary"
)

func TestTermFindings(t *testing.T) {
	g := glossary.Glossary{{EN: "fiat", ZH: "法币", Avoid: "真金"}, {EN: "stage type", ZH: "阶段类型"}}
	orig := "---\ntitle: x\n---\n\n## Pay\n\nStages pay in fiat. Set `fiat_enabled`.\n\n## Types\n\nEvery stage type has an id; see [types](/docs/stage-types/).\n\n## Code\n\n```json\n{\"fiat\": 1}\n```\n"
	tr := "---\ntitle: x\n---\n\n## 支付\n\n阶段用真金支付。\n\n## 类型\n\n每种类型都有编号。\n\n## 代码\n\n```json\n{\"fiat\": 1}\n```\n"
	c := Compare(NewTextFile("en.md", []byte(orig), 17), NewTextFile("zh.md", []byte(tr), 17), nil)
	var got []string
	for _, f := range TermFindings(c, g) {
		got = append(got, string(f.Severity)+" "+f.Msg)
	}
	want := []string{
		`warning section "## 支付": "真金" is to be avoided; the glossary's term for "fiat" is "法币"`,
		`info section "## 支付": the original uses "fiat"; the glossary's Chinese term "法币" is missing (content/glossary.yaml)`,
		`info section "## 类型": the original uses "stage type"; the glossary's Chinese term "阶段类型" is missing (content/glossary.yaml)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("termFindings =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
