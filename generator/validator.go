package generator

import (
	"encoding/json"
	"strconv"

	"pairag.com/portal/protocol"
	"pairag.com/portal/templates"
)

// validatorPage is the content file whose page carries the validator tool,
// in both languages.
const validatorPage = "content/en/validator.md"

// validatorAssets are the hashed URLs of the tool's files.
type validatorAssets struct {
	script, worker, exec, wasm string
}

// validatorView shapes the tool for a language: tiers with their labels
// (the default tier selected), the example payload, and the strings and
// enum labels the script shows, as JSON.
func (b *builder) validatorView(lang string) *templates.ValidatorView {
	a := b.validator
	if a == nil {
		return nil
	}
	msg := templates.For(lang)
	var tiers []templates.Option
	for _, t := range b.doc.Tiers {
		tiers = append(tiers, templates.Option{Value: t, Label: b.labels.get("tier", t, lang), Selected: t == b.doc.DefaultTier})
	}
	return &templates.ValidatorView{
		Msg: msg, WorkerURL: a.worker, ExecURL: a.exec, WasmURL: a.wasm, Tiers: tiers,
		Example:  string(b.exampleText()),
		DataJSON: b.validatorData(lang, msg.Validator),
	}
}

// exampleText is the document's example payload, indented as a person
// would paste it.
func (b *builder) exampleText() []byte {
	var v any
	if err := json.Unmarshal(b.doc.Example.Payload, &v); err != nil {
		return b.doc.Example.Payload
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return out
}

// validatorData is the JSON the script reads: its strings plus labels of
// stage types and script languages for the pipeline picture. json.Marshal
// escapes <, > and &, so the text is safe inside a script element.
func (b *builder) validatorData(lang string, m templates.ValidatorMessages) string {
	labels := func(kind string, enum map[string]int) map[string]string {
		out := map[string]string{}
		for _, v := range protocol.SortedEnum(enum) {
			out[strconv.Itoa(v.ID)] = b.labels.get(kind, strconv.Itoa(v.ID), lang)
		}
		return out
	}
	data := struct {
		templates.ValidatorMessages
		StageTypes      map[string]string `json:"stageTypes"`
		ScriptLanguages map[string]string `json:"scriptLanguages"`
	}{m, labels("stage_type", b.doc.StageTypeEnum), labels("script_language", b.doc.ScriptLanguageEnum)}
	out, _ := json.Marshal(data)
	return string(out)
}
