package serve

import "testing"

func TestClassify(t *testing.T) {
	tests := []struct {
		path string
		want kind
	}{
		{"content/en/validator.md", kindBuild},
		{"content/zh-CN/docs/new", kindBuild},
		{"content/labels.yaml", kindBuild},
		{"content/skills/pairag-task-publish/reference/checklist.md", kindBuild},
		{"content", kindBuild},
		{"protocol/pairag-task-publish-v18.json", kindBuild},
		{"protocol/testdata/payloads/empty.json", kindIgnore},
		{"protocol/validate.go", kindRestart},
		{"protocol/validate_test.go", kindRestart},
		{"templates/layout.templ", kindRestart},
		{"templates/layout_templ.go", kindRestart},
		{"templates/assets/site.css", kindRestart},
		{"generator/build.go", kindRestart},
		{"generator/testdata/golden/x.go", kindIgnore},
		{"cmd/gen/serve.go", kindRestart},
		{"netlify.toml", kindConfig},
		{"go.mod", kindIgnore},
		{"README.md", kindIgnore},
		{"public/index.html", kindIgnore},
		// editors' temporary files
		{"content/en/4913", kindIgnore},
		{"content/en/5036", kindIgnore},
		{"content/en/5037", kindBuild},
		{"content/en/validator.md~", kindIgnore},
		{"content/en/.validator.md.swp", kindIgnore},
		{"content/en/.validator.md.swo", kindIgnore},
		{"content/en/.validator.md.swx", kindIgnore},
		{"content/en/#validator.md#", kindIgnore},
		{"content/en/.#validator.md", kindIgnore},
		{"content/en/validator.md___jb_tmp___", kindIgnore},
		{"content/en/validator.md___jb_old___", kindIgnore},
		{"content/en/.goutputstream-XYZ", kindIgnore},
		{"generator/.build.go.swp", kindIgnore},
		{"content/en/swap.md", kindBuild},
		{"content/en/c#.md", kindBuild},
	}
	for _, tt := range tests {
		if got := classify(tt.path); got != tt.want {
			t.Errorf("classify(%q) = %v; want %v", tt.path, got, tt.want)
		}
	}
}
