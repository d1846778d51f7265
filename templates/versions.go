package templates

import _ "embed"

//go:embed assets/versions.js
var versionsJS []byte

// VersionsScript returns the script of the version switcher.
func VersionsScript() []byte { return append([]byte(nil), versionsJS...) }
