package preview

import (
	"fmt"
	"html/template"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"pairag.com/portal/generator"
)

// serveTranslations answers /__gen/translations, the translation
// dashboard: every page, skill and companion file with the state of its
// Chinese translation (missing, outdated and which sections, drift, never
// stamped, up to date), and each finding at its file and line, linked to
// open in an editor. It is computed from the files on every request and
// reloads with the preview, so it follows every save.
func (s *Server) serveTranslations(w http.ResponseWriter, r *http.Request) {
	repo, err := os.OpenRoot(s.root)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer repo.Close()
	rows, err := generator.Translations(generator.Config{Content: repo.FS()})
	if err != nil {
		http.Error(w, "translations: "+err.Error(), http.StatusInternalServerError)
		return
	}
	counts := map[string]int{}
	for _, r := range rows {
		counts[r.State]++
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	err = dashboardPage.Execute(w, struct {
		Rows   []generator.TranslationStatus
		Counts map[string]int
		States []string
		Root   string
		Script template.HTML
	}{rows, counts, []string{generator.StateMissing, generator.StateOutdated, generator.StateDrift, generator.StateUnstamped, generator.StateCurrent},
		filepath.ToSlash(s.root), template.HTML(scriptTag(s.status.get().Site))})
	if err != nil {
		fmt.Fprintf(s.out, "translations dashboard: %v\n", err)
	}
}

// dashboardPage is the dashboard's HTML: for writers of both languages,
// so each label is given in both.
var dashboardPage = template.Must(template.New("translations").Funcs(template.FuncMap{"class": func(s string) string { return strings.ReplaceAll(s, " ", "-") }}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Translations · 翻译状态</title>
<link rel="stylesheet" href="/__gen/overlay.css">{{.Script}}
</head><body class="gen-dashboard">
<main>
<h1>Translations <span lang="zh-CN">翻译状态</span></h1>
<p>Every original and the state of its Chinese translation, from the files as saved now.
<span lang="zh-CN">每个原文文件及其中文译文的当前状态，随每次保存更新。</span></p>
<ul class="gen-counts">{{range .States}}<li class="state-{{class .}}">{{.}}: <strong>{{index $.Counts .}}</strong></li>{{end}}</ul>
<table class="gen-translations">
<thead><tr><th scope="col">Original <span lang="zh-CN">原文</span></th><th scope="col">Translation <span lang="zh-CN">译文</span></th><th scope="col">State <span lang="zh-CN">状态</span></th><th scope="col">Findings <span lang="zh-CN">发现</span></th></tr></thead>
<tbody>
{{range .Rows}}<tr class="state-{{class .State}}">
<th scope="row"><a href="vscode://file/{{$.Root}}/{{.Original}}">{{.Original}}</a>{{if .Skill}} <small>(skill)</small>{{end}}</th>
<td>{{if eq .State "missing"}}{{.Translation}}{{else}}<a href="vscode://file/{{$.Root}}/{{.Translation}}">{{.Translation}}</a>{{end}}</td>
<td>{{.State}}{{if .Outdated}}<ul>{{range .Outdated}}<li>{{.}}</li>{{end}}</ul>{{end}}</td>
<td>{{if .Findings}}<ul>{{range .Findings}}<li class="sev-{{.Severity}}"><a href="vscode://file/{{$.Root}}/{{.File}}:{{.Line}}">{{.File}}:{{.Line}}</a> {{.Severity}}: {{.Msg}}</li>{{end}}</ul>{{end}}</td>
</tr>
{{end}}</tbody></table>
</main></body></html>
`))
