package glossary

import "testing"

func TestParse(t *testing.T) {
	if _, err := Parse([]byte("terms:\n  - {en: fiat, zh-CN: 法币}\n  - {en: Fiat, zh-CN: 真金}\n")); err == nil {
		t.Error("Parse accepted a term twice")
	}
	if _, err := Parse([]byte("terms:\n  - {en: fiat}\n")); err == nil {
		t.Error("Parse accepted a term without its Chinese")
	}
	if _, err := Parse([]byte("terms:\n  - {en: fiat, zh-CN: 法币, colour: red}\n")); err == nil {
		t.Error("Parse accepted an unknown key")
	}
}
