package preview

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/generator"
	"pairag.com/portal/templates"
)

// TestValidatorInBackground: with the validator module still compiling,
// the preview already serves, and the validator page says in its language
// that the tool is coming; once the module is in, the site is rebuilt,
// browsers get a reload, and the page has the tool. A compile that fails
// is reported and the page is built without the notice (issue 22: the
// first run was silent for up to 160 s before serving anything).
func TestValidatorInBackground(t *testing.T) {
	for _, fail := range []bool{false, true} {
		name := "compiled"
		if fail {
			name = "failed"
		}
		t.Run(name, func(t *testing.T) {
			release := make(chan struct{})
			p := startPreviewWith(t, copyRepo(t), Config{}, func(s *Server) {
				s.CompileValidator(func(ctx context.Context) (*generator.Validator, error) {
					select {
					case <-release:
					case <-ctx.Done():
						return nil, ctx.Err()
					}
					if fail {
						return nil, errors.New("go build: no go command")
					}
					return &generator.Validator{Wasm: []byte("\x00asm\x01\x00\x00\x00"), WasmExec: []byte("// wasm_exec.js\n")}, nil
				})
			})
			for path, msg := range map[string]templates.Messages{"/validator/": templates.English, "/zh-CN/validator/": templates.Chinese} {
				page := p.page(path)
				if !strings.Contains(page, msg.Validator.Coming) || strings.Contains(page, `id="validate"`) {
					t.Errorf("%s while the module compiles: no %q notice, or the tool already", path, msg.Validator.Coming)
				}
			}
			if !strings.Contains(p.out.String(), "compiling the in-browser validator in the background") {
				t.Errorf("the terminal does not say the validator is compiling:\n%s", p.out)
			}
			close(release)
			p.next("reload", 60*time.Second)
			page := p.page("/validator/")
			if strings.Contains(page, `id="validator-coming"`) {
				t.Errorf("/validator/ still says the tool is coming after the compile ended")
			}
			if got := strings.Contains(page, `id="validate"`); got == fail {
				t.Errorf("/validator/ has the tool = %t; want %t\n%s", got, !fail, p.out)
			}
			if fail && !strings.Contains(p.out.String(), "validator: go build: no go command") {
				t.Errorf("the failure is not reported:\n%s", p.out)
			}
		})
	}
}
