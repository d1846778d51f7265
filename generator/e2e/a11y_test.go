package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// a11yAudit runs in the page: text contrast against the effective
// background (WCAG AA: 4.5:1, 3:1 for large text), names of form controls
// and buttons, alternative text, and the document language. It returns
// one line per problem.
const a11yAudit = `(() => {
  const problems = [];
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(",").map((x) => parseFloat(x)); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const bgOf = (el) => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c && c.a > 0.5) return c; }
    return parse(getComputedStyle(document.documentElement).backgroundColor) || {r: 255, g: 255, b: 255, a: 1}; };
  const seen = new Set();
  for (const el of document.querySelectorAll("body *")) {
    if (!el.offsetParent && getComputedStyle(el).position !== "fixed") continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
    if (!own) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || parseFloat(cs.opacity) === 0 || el.closest(".visually-hidden, [aria-hidden=true]")) continue;
    const fg = parse(cs.color), bg = bgOf(el);
    if (!fg || !bg) continue;
    const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const key = el.tagName + "." + el.className + " " + cs.color + "/" + getComputedStyle(document.body).backgroundColor;
    if (ratio < need && !seen.has(key)) { seen.add(key);
      problems.push("contrast " + ratio.toFixed(2) + " < " + need + ": <" + el.tagName.toLowerCase() + " class=" + el.className + "> " + el.textContent.trim().slice(0, 40)); }
  }
  for (const c of document.querySelectorAll("input:not([type=hidden]), select, textarea:not([hidden])")) {
    const named = c.getAttribute("aria-label") || c.getAttribute("aria-labelledby") || (c.id && document.querySelector("label[for='" + c.id + "']"));
    if (!named) problems.push("form control without a label: #" + c.id);
  }
  for (const b of document.querySelectorAll("button")) {
    if (!(b.textContent.trim() || b.getAttribute("aria-label"))) problems.push("button without a name: " + b.outerHTML.slice(0, 60));
  }
  for (const i of document.querySelectorAll("img")) if (!i.hasAttribute("alt")) problems.push("image without alt: " + i.src);
  if (!document.documentElement.lang) problems.push("html has no lang");
  return problems;
})()`

// TestAccessibility audits the main page kinds in both themes and both
// languages, and checks the keyboard path into the content.
func TestAccessibility(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	paths := []string{"/", "/zh-CN/docs/create-task/", "/docs/task-publish-v18/", "/validator/", "/zh-CN/validator/", "/skills/pairag-task-publish/", "/404.html"}
	for _, scheme := range []string{"light", "dark"} {
		for _, path := range paths {
			run(t, tab, emulateScheme(scheme), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
			if problems := eval[[]string](t, tab, a11yAudit); len(problems) > 0 {
				t.Errorf("%s (%s):\n  %s", path, scheme, strings.Join(problems, "\n  "))
			}
		}
	}

	// The first Tab reaches the skip link, which shows itself; following it
	// puts focus on the main content.
	run(t, tab, emulateScheme("light"), chromedp.Navigate(srv.URL+"/docs/create-task/"), chromedp.WaitVisible(chromedp.CSS("main")),
		chromedp.KeyEvent(kb.Tab))
	if cls := eval[string](t, tab, `document.activeElement.className`); cls != "skip-link" {
		t.Fatalf("first Tab focuses %q; want the skip link", cls)
	}
	if visible := eval[bool](t, tab, `(() => { const r = document.activeElement.getBoundingClientRect(); return r.width > 1 && r.height > 1 && r.top >= 0 })()`); !visible {
		t.Errorf("the focused skip link is not visible")
	}
	if outline := eval[string](t, tab, `getComputedStyle(document.activeElement).outlineStyle`); outline == "none" {
		t.Errorf("the focused skip link has no visible focus outline")
	}
	run(t, tab, chromedp.KeyEvent(kb.Enter))
	if id := eval[string](t, tab, `document.activeElement.id`); id != "main" {
		t.Errorf("after following the skip link focus is on %q; want main", id)
	}
}
