package validator

import "pairag.com/portal/templates"

// ValidatorView is what the validator tool needs: the URL of its JavaScript
// API (which knows the hashed assets), the tiers, the example payload and,
// as JSON, the strings and enum labels the script shows.
type ValidatorView struct {
	Msg    templates.Messages
	APIURL string // the ES module of the JavaScript API, which the page uses too
	// WorkerURL is the validator's Web Worker script, which the page also
	// starts on its own to index and diff large texts off the main thread.
	WorkerURL string
	// WasmURL is the hashed WebAssembly module, which the start script
	// preloads once the page has painted (never the HTML: see
	// validator-start.js); the API's fetch of the same URL takes it.
	WasmURL string
	// StartURL is the start script, loaded async after the tool: it starts
	// the engine (and so the module's download) once the page has painted.
	StartURL string
	// ExampleSwitch names the button that checks the example at the tier
	// it is written for; the script sets it again when it shows the note.
	ExampleSwitch string
	Tiers         []Option
	Example       string
	DataJSON      string // JSON built by the generator; an attribute value, escaped by templ
}

// Option is one entry of a select element.
type Option struct {
	Value    string
	Label    string
	Selected bool
}
