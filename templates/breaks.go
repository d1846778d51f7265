package templates

// breakMin is the length from which a name gets break points: shorter
// names fit on any line and in any column, and zh-|CN or stage_|name at
// the end of a line reads worse than the name moved whole to the next.
const breakMin = 12

// BreakParts splits an identifier, a path or a URL of breakMin bytes or
// more into the pieces a line may break between: after each run of "_",
// ".", "-" or "/" that has a word before and after it
// (harness_policy.forbidden_actions becomes harness_, policy., forbidden_,
// actions; a leading "/", or the "--" of a flag after a space, stays with
// what follows). Pages put a <wbr> between the pieces, so such a name wraps
// at its parts, never inside a word (stage_nam|e, issue 23), and the break
// points are in the HTML from the first paint: a script adding them after
// load moved the page (a layout shift of 0.078 on a phone). Joined, the
// pieces are the text again; a <wbr> adds no character to what a reader
// copies or a search reads.
func BreakParts(text string) []string {
	if len(text) < breakMin {
		return []string{text}
	}
	var parts []string
	start := 0
	for i := 0; i < len(text); i++ {
		if !breakAfter(text[i]) {
			continue
		}
		j := i
		for j+1 < len(text) && breakAfter(text[j+1]) {
			j++
		}
		if i > start && j+1 < len(text) && !space(text[i-1]) && !space(text[j+1]) {
			parts = append(parts, text[start:j+1])
			start = j + 1
		}
		i = j
	}
	return append(parts, text[start:])
}

// space reports the white space a line breaks at anyway.
func space(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// breakAfter reports the characters a name may break after.
func breakAfter(c byte) bool { return c == '_' || c == '.' || c == '-' || c == '/' }
