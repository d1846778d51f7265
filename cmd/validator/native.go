//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"pairag.com/portal/generator/reference/referencetest"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol"
)

// Outside the browser, the validator answers one payload on the command
// line with the very adapter the WebAssembly module runs (adapter.go,
// encode.go), configured as the site configures the module: it prints
// exactly the JSON the validator page's module would return, which a
// writer or a script can compare with the page, without node.
//
//	go run ./cmd/validator [-tier free|pro|ultra] [-lang en|zh-CN] [-fix] [-repo DIR] [-base URL] [FILE|-]
func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// usage is the command's help text.
const usage = `usage: go run ./cmd/validator [-tier T] [-lang en|zh-CN] [-fix] [-repo DIR] [-base URL] [FILE|-]
用法：go run ./cmd/validator [-tier 档位] [-lang en|zh-CN] [-fix] [-repo 目录] [-base 网址] [文件|-]

Prints the JSON answer of the validator page's module to one payload
(pairagValidate, or pairagApplyFixes with -fix), configured as the site
configures it. Exit 0 when the payload has no error, 1 when it has one
(or the fixes were refused), 2 for usage or I/O problems.
输出验证器页面的模块对一份载荷给出的 JSON 结果（pairagValidate；加 -fix 时为
pairagApplyFixes），配置与网站给模块的相同。载荷没有错误时退出码为 0，有错误
（或修复被拒绝）时为 1，用法或读写出错时为 2。
`

// run is the command: flags and a payload in, the module's answer out.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	tier := fs.String("tier", "", "the creator's tier, as the page's tier picker sends it (none: free)")
	lang := fs.String("lang", "en", "the language of the messages: en or zh-CN")
	fix := fs.Bool("fix", false, "apply the mechanical fixes (pairagApplyFixes) instead of validating")
	repo := fs.String("repo", ".", "the repository whose content/labels.yaml names the tiers")
	base := fs.String("base", "", `origin of the docs links ("": site-relative, as on the site)`)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "validator: one payload at a time, not %d (一次只检查一份载荷，不能是 %d 份)\n", fs.NArg(), fs.NArg())
		return 2
	}
	text, err := readPayload(fs.Arg(0), stdin)
	if err != nil {
		fmt.Fprintf(stderr, "validator: %v\n", err)
		return 2
	}
	if err := configureAsSite(*repo, *base); err != nil {
		fmt.Fprintf(stderr, "validator: %v\n", err)
		return 2
	}
	t := arg{}
	if *tier != "" {
		t = str(*tier)
	}
	answer := ""
	if *fix {
		answer = applyFixesBytes(text, t, str(*lang))
	} else {
		answer = validateBytes(text, t, str(*lang))
	}
	fmt.Fprintln(stdout, answer)
	return exitCode(answer)
}

// readPayload reads the file name, or stdin for "" and "-".
func readPayload(name string, stdin io.Reader) ([]byte, error) {
	if name == "" || name == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("read stdin: %w", err)
		}
		return b, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read payload: %w", err)
	}
	return b, nil
}

// configureAsSite gives the adapter what the site's worker hands to
// pairagConfigure: the tier labels of repo's content/labels.yaml and the
// index linking findings to the reference, its URLs under base.
func configureAsSite(repo, base string) error {
	labels, err := referencetest.TierLabels(os.DirFS(repo))
	if err != nil {
		return fmt.Errorf("tier labels of %s: %w", repo, err)
	}
	conf, err := json.Marshal(map[string]any{"tierLabels": labels, "docs": site.FindingDocs(protocol.Default(), base)})
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	if got := configureJSON(string(conf)); got != `{"ok":true}` {
		return fmt.Errorf("configure: %s", got)
	}
	return nil
}

// exitCode is gen validate's exit status for an answer: 2 for an error
// answer (a language other than en and zh-CN), 1 for a payload with an
// error or fixes refused, 0 otherwise.
func exitCode(answer string) int {
	var a struct {
		Error   string `json:"error"`
		Valid   *bool  `json:"valid"`
		Refused string `json:"refused"`
	}
	if err := json.Unmarshal([]byte(answer), &a); err != nil || a.Error != "" {
		return 2
	}
	if a.Valid != nil && !*a.Valid || a.Refused != "" {
		return 1
	}
	return 0
}
