package preview

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

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
		{"generator/preview/server.go", kindRestart},
		{"generator/preview/reload.js", kindRestart},
		{"generator/wasm/wasm.go", kindRestart},
		{"generator/scratch/scratch.go", kindRestart},
		{"cmd/synthsite/main.go", kindIgnore},
		{"generator/e2e/site_test.go", kindIgnore},
		{"generator/e2e/testdata/skills/harbor-ledger/SKILL.md", kindIgnore},
		{"cmd/benchpage/main.go", kindIgnore},
		{"cmd/validator/main.go", kindRestart},
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

// TestCodeDirsCoverGen walks the module's packages that gen (and the
// validator module gen compiles) is built from: each must lie in one of
// codeDirs, so that a change to it announces a restart, and every file
// they embed must be classified as code too.
func TestCodeDirsCoverGen(t *testing.T) {
	const module = "pairag.com/portal/"
	ctx := build.Default
	ctx.BuildTags = append(ctx.BuildTags, "js", "wasm") // the validator's main too
	seen := map[string]bool{}
	queue := []string{"cmd/gen", "cmd/validator"}
	for len(queue) > 0 {
		dir := queue[0]
		queue = queue[1:]
		if seen[dir] {
			continue
		}
		seen[dir] = true
		pkg, err := ctx.ImportDir(filepath.Join("../..", filepath.FromSlash(dir)), 0)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		if got := classify(dir + "/x.go"); got != kindRestart {
			t.Errorf("gen is built from %s, but a change to its Go files is %v, not restart: add its top directory to codeDirs", dir, got)
		}
		for _, pattern := range pkg.EmbedPatterns {
			files, err := filepath.Glob(filepath.Join("../..", filepath.FromSlash(dir), pattern))
			if err != nil || len(files) == 0 {
				t.Errorf("%s embeds %q, which matches no file", dir, pattern)
			}
			for _, f := range files {
				rel := dir + "/" + filepath.ToSlash(strings.TrimPrefix(f, filepath.Join("../..", filepath.FromSlash(dir))+string(filepath.Separator)))
				if classify(rel) == kindIgnore {
					t.Errorf("gen embeds %s, but a change to it is ignored: add it to embeds", rel)
				}
			}
		}
		for _, imp := range pkg.Imports {
			if rest, ok := strings.CutPrefix(imp, module); ok {
				queue = append(queue, rest)
			}
		}
	}
	if len(seen) < 5 {
		t.Errorf("walked %d packages from cmd/gen; the walk no longer follows imports", len(seen))
	}
}

// String names k in test messages.
func (k kind) String() string {
	return [...]string{"ignore", "build", "restart", "config"}[k]
}
