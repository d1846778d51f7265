// Package verdict is how gen validate shows what the protocol engine found
// in a payload: findings one a line or as JSON, the summary naming the
// creator's tier, and the messages of --fix, in English and Chinese. It
// needs only the protocol and the diagnostic format, not the site
// generator.
package verdict

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"pairag.com/portal/generator/safewrite"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol"
)

// FixSummary says how many fixes were applied and, when FixAll's rounds
// ran out first, how many are left and how to apply them.
func FixSummary(name string, fr protocol.FixResult, lang string) string {
	if lang == "zh-CN" {
		s := fmt.Sprintf("%s：已应用 %d 处修复", name, fr.Applied)
		if fr.Left > 0 {
			s += fmt.Sprintf("；还有 %d 处可自动修复，请再次运行 gen validate --fix", fr.Left)
		}
		return s
	}
	s := fmt.Sprintf("%s: applied %s", name, count(fr.Applied, "fix", "fixes"))
	if fr.Left > 0 {
		s += fmt.Sprintf("; %d more can be applied: run gen validate --fix again", fr.Left)
	}
	return s
}

// DisplayName is how messages name the input: "<stdin>" for "-".
func DisplayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// Write prints res in format, "json" (the Result as JSON) or "text" (one
// line per finding as file:line:col: severity: message [code], then a
// summary in lang naming the tier by its label); name is the input as
// messages show it (DisplayName).
func Write(w io.Writer, name string, res protocol.Result, format, lang string, labels map[string]protocol.Label) error {
	if format == "json" {
		if res.Findings == nil {
			res.Findings = []protocol.Finding{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(res)
	}
	display := name
	for _, f := range res.Findings {
		fmt.Fprintln(w, diag.Format(display, f.Line, f.Column, SeverityWord(f.Severity, lang), f.Message+" ["+f.Code+"]"))
	}
	errs, warns, infos := res.Counts()
	tier := protocol.TierLabel(labels, res.Tier)
	if lang == "zh-CN" {
		if res.Valid {
			fmt.Fprintf(w, "%s：按会员等级「%s」校验通过，%d 个警告，%d 条提示\n", display, tier.ZH, warns, infos)
		} else {
			fmt.Fprintf(w, "%s：按会员等级「%s」校验，%d 个错误，%d 个警告，%d 条提示\n", display, tier.ZH, errs, warns, infos)
		}
		return nil
	}
	if res.Valid {
		fmt.Fprintf(w, "%s: valid for the %s tier (%s, %s)\n", display, tier.EN, count(warns, "warning", "warnings"), count(infos, "note", "notes"))
	} else {
		fmt.Fprintf(w, "%s: %s, %s, %s for the %s tier\n", display, count(errs, "error", "errors"), count(warns, "warning", "warnings"), count(infos, "note", "notes"), tier.EN)
	}
	return nil
}

// ErrorText is err's message in lang when it is a refused write.
func ErrorText(err error, lang string) string {
	var e *safewrite.Error
	if errors.As(err, &e) {
		return e.Message(lang)
	}
	return err.Error()
}

// SeverityWord names a severity in lang as gen validate prints it.
func SeverityWord(s diag.Severity, lang string) string {
	if lang != "zh-CN" {
		if s == diag.SeverityInfo {
			return "note"
		}
		return string(s)
	}
	switch s {
	case diag.SeverityError:
		return "错误"
	case diag.SeverityWarning:
		return "警告"
	}
	return "提示"
}

// count is n with its noun in English, singular for one: "1 error",
// "2 errors". (Chinese has one form: "1 个错误".)
func count(n int, one, other string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, other)
}
