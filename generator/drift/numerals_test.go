package drift

import (
	"slices"
	"testing"
)

func TestChineseNumbersIn(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"前五次，共十二个", []string{"5", "12"}},
		{"百分之五十的阶段", []string{"50"}},
		{"两千零五年和二〇二六年", []string{"2005", "2026"}},
		{"三万五千", []string{"35000"}},
		{"百分", []string{"100"}},
		{"没有数字", nil},
	} {
		if got := texts(appendChineseNumbers(nil, []byte(tc.in))); !slices.Equal(got, tc.want) {
			t.Errorf("appendChineseNumbers(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}
