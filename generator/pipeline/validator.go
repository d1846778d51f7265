package pipeline

import (
	"encoding/json"
	"strconv"
	"strings"

	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/catalog"
	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/validator"
)

// validatorPage is the content file whose page carries the validator tool,
// in both languages.
const validatorPage = "content/" + en + "/" + site.ValidatorSource

// validatorAPIURL is where the validator's JavaScript API is published:
// unhashed, so other pages can import it by a stable URL.
const validatorAPIURL = "/validator/pairag-validator.js"

// validatorAssets are the hashed URLs of the tool's files, and what its
// page carries inline.
type validatorAssets struct {
	script, worker, exec, wasm string
	// head is the validator page's theme script and stylesheets (the
	// site's and the tool's), start its start script: in the HTML, so the
	// first paint, and the module's request after it, wait for no request
	// after the page's own (templates.InlineHead). A value, not a pointer:
	// globalKey prints the assets into the cache key.
	head  templates.InlineHead
	start string
}

// validatorInline returns what the validator page carries inline: the
// theme script and the stylesheets, and the start script. An asset that
// cannot be inlined is an error at its file (the page then lacks it).
func (b *loaded) validatorInline() (templates.InlineHead, string) {
	css := append(templates.ToolPageStyleSheet(), templates.ValidatorStyleSheet()...)
	head, err := templates.NewInlineHead(templates.ThemeScript(), css)
	if err != nil {
		b.rep.Errorf("templates/assets/site.css", 0, "inline on the validator page: %v", err)
		head = &templates.InlineHead{}
	}
	start, err := templates.InlineScript(templates.ValidatorStart())
	if err != nil {
		b.rep.Errorf("templates/assets/validator-start.js", 0, "inline on the validator page: %v", err)
	}
	return *head, start
}

// validatorURLs are the URLs of the validator page in every language.
func (b *loaded) validatorURLs() []string {
	var urls []string
	for _, pr := range b.pairs {
		for _, p := range []*page{pr.EN, pr.ZH} {
			if p != nil && p.Kind == site.KindValidator {
				urls = append(urls, p.URL)
			}
		}
	}
	return urls
}

// inlineHashes are the Content-Security-Policy hashes of what the
// validator page carries inline, by directive: the policy netlify.toml
// sends must allow them (verify.InlineHashes).
func (a *validatorAssets) inlineHashes() (styles, scripts []string) {
	return []string{templates.CSPHash(a.head.CSS)}, []string{templates.CSPHash(a.head.Script), templates.CSPHash(a.start)}
}

// writeValidatorAPI publishes the API module with what it needs to start
// the engine: the hashed URLs, the module's size (for the progress line),
// and the tiers with their labels from content/labels.yaml, which the
// worker hands to the module's pairagConfigure.
func (b *loaded) writeValidatorAPI(a *validatorAssets, wasmSize int) {
	tierLabels := map[string]protocol.Label{}
	for _, t := range b.doc.Tiers {
		tierLabels[t] = protocol.Label{EN: b.labels.Get("tier", t, en), ZH: b.labels.Get("tier", t, zh)}
	}
	built, _ := json.Marshal(struct {
		Worker      string                    `json:"worker"`
		Exec        string                    `json:"exec"`
		Wasm        string                    `json:"wasm"`
		WasmSize    int                       `json:"wasmSize"`
		Tiers       []string                  `json:"tiers"`
		DefaultTier string                    `json:"defaultTier"`
		TierLabels  map[string]protocol.Label `json:"tierLabels"`
		Docs        *catalog.DocsIndex        `json:"docs"`
	}{a.worker, a.exec, a.wasm, wasmSize, b.doc.Tiers, b.doc.DefaultTier, tierLabels, site.FindingDocs(b.doc, "")})
	b.write(validatorAPIURL, templates.FillValidatorAPI(built))
}

// validatorView shapes the tool for a language: tiers with their labels
// (the default tier selected), the example payload, and the strings and
// enum labels the script shows, as JSON.
func (b *resolved) validatorView(lang string) *validator.ValidatorView {
	a := b.validator
	if a == nil {
		return nil
	}
	msg := templates.For(lang)
	var tiers []validator.Option
	for _, t := range b.doc.Tiers {
		tiers = append(tiers, validator.Option{Value: t, Label: b.labels.Get("tier", t, lang), Selected: t == b.doc.DefaultTier})
	}
	return &validator.ValidatorView{
		Msg: msg, APIURL: validatorAPIURL, WorkerURL: a.worker, WasmURL: a.wasm, StartJS: a.start, Tiers: tiers,
		ExampleSwitch: strings.ReplaceAll(msg.Validator.ExampleSwitch, "{exampleTier}", b.labels.Get("tier", b.doc.Example.Tier, lang)),
		Example:       string(b.exampleText()),
		DataJSON:      b.validatorData(lang, msg.Validator),
	}
}

// exampleText is the document's example payload, indented as a person
// would paste it.
func (b *loaded) exampleText() []byte {
	var v any
	if err := json.Unmarshal(b.doc.Example.Payload, &v); err != nil {
		return b.doc.Example.Payload
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return out
}

// validatorData is the JSON the script reads: its strings, the tier labels
// and the tier the document's example is written for, plus labels of stage
// types and script languages for the pipeline picture. json.Marshal
// escapes <, > and &, so the text is safe inside a script element.
func (b *loaded) validatorData(lang string, m templates.ValidatorMessages) string {
	labels := func(kind string, enum map[string]int) map[string]string {
		out := map[string]string{}
		for _, v := range spec.SortedEnum(enum) {
			out[strconv.Itoa(v.ID)] = b.labels.Get(kind, strconv.Itoa(v.ID), lang)
		}
		return out
	}
	tierLabels := map[string]string{}
	for _, t := range b.doc.Tiers {
		tierLabels[t] = b.labels.Get("tier", t, lang)
	}
	data := struct {
		templates.ValidatorMessages
		TierLabels      map[string]string `json:"tierLabels"`
		ExampleTier     string            `json:"exampleTier"`
		StageTypes      map[string]string `json:"stageTypes"`
		ScriptLanguages map[string]string `json:"scriptLanguages"`
		// MaxBytes is the engine's input limit, so the page can say at
		// once that a paste is over it; Version and SiteURL name the
		// protocol and make the rule links absolute in the repair request
		// for a model.
		MaxBytes int    `json:"maxBytes"`
		Version  string `json:"version"`
		SiteURL  string `json:"siteURL"`
	}{m, tierLabels, b.doc.Example.Tier, labels("stage_type", b.doc.StageTypeEnum), labels("script_language", b.doc.ScriptLanguageEnum),
		b.doc.Limits.MaxBytes, "V" + b.doc.Major(), b.cfg.BaseURL}
	out, _ := json.Marshal(data)
	return string(out)
}
