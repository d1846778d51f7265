package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
)

// Versions of the protocol on the site.
//
// Every pairag-task-publish-v*.json in protocol/ is published at its URL
// with its derived schema, byte for byte, for as long as the file stays in
// the repository: the pages and files of the version the content describes
// (protocol.FileName) come from the rest of the build, the others from
// here. The newest version is current, and is also published as
//
//	/protocol/pairag-task-publish-latest.json         a copy of the current document
//	/protocol/pairag-task-publish-latest.schema.json  a copy of its schema
//
// Copies, not redirects: agents and scripts fetch with clients that do not
// all follow redirects, and a copy answers in one request with the same
// CORS and content-type headers as the versioned file. The copies are
// cached for as short a time as the versioned files (netlify.toml) and name
// their canonical, versioned URL in a Link header. llms.txt names the
// current version and both URLs.

// Latest names of the current version's files.
const (
	latestName       = "pairag-task-publish-latest.json"
	latestSchemaName = "pairag-task-publish-latest.schema.json"
)

// versionStrings are the sentences of this file in one language.
type versionStrings struct {
	LLMsLatest       string // %[1]s: version, %[2]s: versioned file name
	LLMsLatestSchema string // %[1]s: version, %[2]s: versioned schema name
}

var versionText = map[string]versionStrings{
	en: {
		LLMsLatest:       "the current version (%[1]s) of the protocol, the same bytes as %[2]s; cite the versioned URL",
		LLMsLatestSchema: "the JSON Schema of the current version (%[1]s), the same bytes as %[2]s",
	},
	zh: {
		LLMsLatest:       "协议的当前版本（%[1]s），与 %[2]s 逐字节相同；引用时请使用带版本号的 URL",
		LLMsLatestSchema: "当前版本（%[1]s）的 JSON Schema，与 %[2]s 逐字节相同",
	},
}

// loadVersions reads every version in protocol/. A problem is reported
// with the file and line it names; the build then goes on with
// protocol.FileName alone, when that file is sound, to report what else is
// wrong, and stops when it is not.
func (b *loaded) loadVersions() []*spec.Document {
	sub, err := fs.Sub(b.cfg.Content, "protocol")
	if err == nil {
		var docs []*spec.Document
		if docs, err = spec.ParseVersions(sub); err == nil {
			b.checkJudged(docs)
			return docs
		}
	}
	file, line, msg := splitPosition(err.Error())
	b.rep.Errorf("protocol/"+file, line, "%s", msg)
	data, err := fs.ReadFile(b.cfg.Content, "protocol/"+protocol.FileName)
	if err != nil {
		if file != protocol.FileName {
			b.rep.Errorf("protocol/"+protocol.FileName, 0, "read protocol document: %v", err)
		}
		return nil
	}
	docs, err := spec.ParseVersions(load.Files{protocol.FileName: data})
	if err != nil {
		if file != protocol.FileName {
			file, line, msg := splitPosition(err.Error())
			b.rep.Errorf("protocol/"+file, line, "%s", msg)
		}
		return nil
	}
	return docs
}

// checkJudged refuses each version of protocol/ that the validator does not
// embed: the site would publish it while gen validate and the module reject
// every payload that names it.
func (b *loaded) checkJudged(docs []*spec.Document) {
	judged := b.cfg.JudgedVersions
	if judged == nil {
		judged = protocol.Versions()
	}
	for _, d := range docs {
		if _, ok := spec.Lookup(judged, d.Version); !ok {
			b.rep.Errorf("protocol/"+d.FileName(), 1, "version %s would be published, but gen validate and the validator module cannot judge it: run go generate ./protocol (it embeds every version of protocol/), then rebuild gen", d.Version)
		}
	}
}

// contentVersion is the version the pages describe: the newest version with
// a field reference page in both languages (content/<lang>/docs/
// task-publish-v<N>.md), or the newest version when none has one. A new
// version's file alone publishes it, its changelog and the latest aliases;
// the pages move to it when its reference page is written.
func (b *loaded) contentVersion() *spec.Document {
	have := map[string]bool{}
	for _, pr := range b.pairs {
		if pr.EN != nil && pr.ZH != nil {
			have[pr.Rel()] = true
		}
	}
	for i := len(b.versions) - 1; i >= 0; i-- {
		if have[referenceRel(b.versions[i])] {
			return b.versions[i]
		}
	}
	return b.versions[len(b.versions)-1]
}

// splitPosition splits "name:line:col: message" (or "name: message").
func splitPosition(s string) (file string, line int, msg string) {
	parts := strings.SplitN(s, ":", 4)
	if len(parts) == 4 {
		if n, err := strconv.Atoi(parts[1]); err == nil {
			return parts[0], n, strings.TrimSpace(parts[3])
		}
	}
	if len(parts) >= 2 && strings.HasSuffix(parts[0], ".json") {
		return parts[0], 0, strings.TrimSpace(strings.Join(parts[1:], ":"))
	}
	return "", 0, s
}

// publishVersions writes the files of every version the rest of the build
// does not, and the latest aliases.
func (b *loaded) publishVersions() {
	for _, d := range b.versions {
		if d == b.doc {
			continue // written by publish, with the pages that describe it
		}
		b.write("/protocol/"+d.FileName(), d.Raw())
		b.writeSchema(d, "/protocol/"+d.SchemaFileName())
	}
	cur := b.current()
	b.write("/protocol/"+latestName, cur.Raw())
	b.writeSchema(cur, "/protocol/"+latestSchemaName)
}

// current returns the newest version.
func (b *loaded) current() *spec.Document { return b.versions[len(b.versions)-1] }

func (b *env) writeSchema(d *spec.Document, name string) {
	schema, err := d.Schema()
	if err != nil {
		b.rep.Errorf(reference.DocPath(d), 0, "derive JSON Schema: %v", err)
		return
	}
	b.write(name, schema)
}

// llmsLatest lists the latest aliases in llms.txt, naming the current version.
func (b *loaded) llmsLatest(lang string, item func(name, path, note string)) {
	cur, s := b.current(), versionText[lang]
	item(latestName, "/protocol/"+latestName, fmt.Sprintf(s.LLMsLatest, cur.Version, cur.FileName()))
	item(latestSchemaName, "/protocol/"+latestSchemaName, fmt.Sprintf(s.LLMsLatestSchema, cur.Version, cur.SchemaFileName()))
}

// stringSource finds the newest version that holds a protocol string, and
// the line of the string in its file.
func (b *loaded) stringSource(key, text string) (string, int) {
	quoted, _ := json.Marshal(text)
	quoted = bytes.ReplaceAll(quoted, []byte(`\u003c`), []byte("<")) // Marshal escapes HTML; the files do not
	quoted = bytes.ReplaceAll(quoted, []byte(`\u003e`), []byte(">"))
	quoted = bytes.ReplaceAll(quoted, []byte(`\u0026`), []byte("&"))
	for i := len(b.versions) - 1; i >= 0; i-- {
		d := b.versions[i]
		if reference.ProtocolStrings(d)[key] != text {
			continue
		}
		raw := d.Raw()
		if at := bytes.Index(raw, quoted); at >= 0 {
			return reference.DocPath(d), 1 + bytes.Count(raw[:at], []byte("\n"))
		}
		return reference.DocPath(d), 0
	}
	return "", 0
}

// stringsOfVersions merges the protocol strings of every version that need a
// Chinese translation; where versions word a string differently, the
// newest wording is the one to translate.
func stringsOfVersions(docs []*spec.Document) map[string]string {
	out := map[string]string{}
	for _, d := range docs {
		for k, v := range reference.ProtocolStrings(d) {
			out[k] = v
		}
	}
	return out
}

// versionsKey digests what the version bar of every reference page depends
// on, for the cache's global key: the versions and which of them have a
// reference page.
func (b *loaded) versionsKey(h io.Writer) {
	have := map[string]bool{}
	for _, pr := range b.pairs {
		have[pr.Rel()] = true
	}
	for _, d := range b.versions {
		fmt.Fprintf(h, "version %s %s %v\n", d.FileName(), d.Version, have[referenceRel(d)])
	}
}
