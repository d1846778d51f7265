package pipeline

import "testing"

// TestFindingFormats checks the two ways a Finding prints: with its
// severity for gen check, without it in a build's error list.
func TestFindingFormats(t *testing.T) {
	tests := []struct {
		f             Finding
		check, listed string
	}{
		{Finding{File: "content/zh-CN/a.md", Line: 11, Severity: SeverityWarning, Msg: "drift"},
			"content/zh-CN/a.md:11: warning: drift", "content/zh-CN/a.md:11: drift"},
		{Finding{File: "content/en/a.md", Severity: SeverityError, Msg: "page has no Chinese twin"},
			"content/en/a.md: error: page has no Chinese twin", "content/en/a.md: page has no Chinese twin"},
		{Finding{File: "content/en/a.md", Line: 3, Column: 7, Severity: SeverityInfo, Msg: "x"},
			"content/en/a.md:3:7: info: x", "content/en/a.md:3:7: x"},
	}
	for _, tt := range tests {
		if got := tt.f.String(); got != tt.check {
			t.Errorf("String() = %q; want %q", got, tt.check)
		}
		if got := (ErrorList{&tt.f}).Error(); got != tt.listed {
			t.Errorf("ErrorList.Error() = %q; want %q", got, tt.listed)
		}
	}
}
