package format

import (
	"errors"
	"fmt"
	"os"
	"testing"
)

// named is a named string type, neither an error nor a Stringer (as the
// engine's Severity is).
type named string

// TestSprintfMatchesFmt compares Sprintf with fmt.Sprintf on every verb
// and argument type the messages use, and on what they do not.
func TestSprintfMatchesFmt(t *testing.T) {
	tests := []struct {
		format string
		args   []any
	}{
		{"plain %% text", nil},
		{"%s and %q", []any{"a\"b", "中文\n"}},
		{"%d %d %d %d", []any{0, -12, int64(1) << 40, uint8(200)}},
		{"0x%02X 0x%02X", []any{uint8(7), uint8(0xAB)}},
		{"%[2]s before %[1]s, %[2]q again", []any{"one", "two"}},
		{"%[1]d of %[2]d then %d", []any{1, 2, 3}},
		{"%q %q", []any{uint8('x'), 'é'}},
		{"%c%c", []any{'a', 0x4E2D}},
		{"%s", []any{errors.New("an error")}},
		{"%5s|%3d", []any{"ab", 7}},
	}
	for _, tt := range tests {
		if got, want := Sprintf(tt.format, tt.args...), fmt.Sprintf(tt.format, tt.args...); got != want {
			t.Errorf("Sprintf(%q, %v) = %q; want %q", tt.format, tt.args, got, want)
		}
	}
	// A named type that is neither an error nor a Stringer needs reflection;
	// Sprintf says so rather than writing something else than fmt would.
	if got := Sprintf("%s", named("warning")); got != "%!s(unsupported)" {
		t.Errorf("Sprintf of a named string type = %q; want %q", got, "%!s(unsupported)")
	}
	err := Errorf("read %s: %w", "x", os.ErrNotExist)
	if !errors.Is(err, os.ErrNotExist) || err.Error() != fmt.Errorf("read %s: %w", "x", os.ErrNotExist).Error() {
		t.Errorf("Errorf = %v; want fmt.Errorf's message, wrapping os.ErrNotExist", err)
	}
}
