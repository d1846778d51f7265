// Package skillpub makes the published agent skills installable from one
// URL: per skill a .zip archive that installs as it is and a file list
// with SHA-256 digests, and for the whole site the discovery index of the
// Agent Skills Discovery RFC (v0.2.0), which installers such as the npm
// skills CLI read with "skills add <site-url>".
//
// What it writes, for a skill in content/skills/<slug>/:
//
//	/skills/<slug>.zip        the folder as agent products take it for upload:
//	                          one top-level folder <slug>/ holding SKILL.md and its files
//	/skills/<slug>.files.json every published file with its size and digest, and the archive's
//	/.well-known/agent-skills/<name>.zip
//	                          the same files at the archive's root, as the RFC wants them
//	/.well-known/agent-skills/index.json
//	                          one entry per skill: name, description, type, url, digest
//
// A skill of a single SKILL.md is listed with type "skill-md" and the URL
// of its published SKILL.md; every other skill with type "archive". Every
// digest is "sha256:" and the lowercase hex SHA-256 of the bytes at its
// URL. Archives are deterministic (sorted entries, one fixed timestamp,
// modes 0644 or 0755 only), so a rebuild of the same files is byte for
// byte the same archive and its digest stays put.
//
// The files themselves are published by the builder from package skills
// (the author's bytes); this package only adds the artifacts made of them.
package skillpub

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"regexp"
	"slices"
	"strings"
	"time"

	"pairag.com/portal/internal/diag"
)

// SchemaURI identifies the discovery index format: the RFC's v0.2.0.
const SchemaURI = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"

// IndexURL is where the discovery index is published.
const IndexURL = "/.well-known/agent-skills/index.json"

// wellKnown is the folder of the index and of the root-layout archives.
const wellKnown = "/.well-known/agent-skills/"

// maxDescription is the RFC's limit on an entry's description, in characters.
const maxDescription = 1024

// validName is the Agent Skills name rule the RFC requires of an entry:
// 1-64 of a-z and 0-9 in runs joined by single hyphens.
var validName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Epoch is the timestamp of every archive entry: the earliest a zip
// header can hold, so an archive depends on the files' bytes only.
var Epoch = time.Date(1980, time.January, 1, 0, 0, 0, 0, time.UTC)

// epochDOSDate is Epoch as an MS-DOS date (year-1980<<9 | month<<5 |
// day); its time of day is 0.
const epochDOSDate = 0<<9 | 1<<5 | 1

// File is one file of a skill folder as it is published.
type File struct {
	Path string // relative to the skill folder, slash-separated
	Data []byte
	Exec bool // executable in the source: 0755 in the archive, else 0644
}

// Skill is one published skill: what its index entry and archives need.
type Skill struct {
	Slug        string // the folder's name: its files are under /skills/<slug>/
	Name        string // the front matter's name
	Description string // the original's description
	Source      string // the SKILL.md the skill's findings point to
	Files       []File // every published file, SKILL.md among them
}

// Output is one file to publish: its site path and bytes.
type Output struct {
	URL  string
	Data []byte
}

// ArchiveURL is the site path of a skill's upload archive.
func ArchiveURL(slug string) string { return "/skills/" + slug + ".zip" }

// ManifestURL is the site path of a skill's file list.
func ManifestURL(slug string) string { return "/skills/" + slug + ".files.json" }

// FileURL is the site path of a published file of a skill.
func FileURL(slug, rel string) string { return "/skills/" + slug + "/" + rel }

// Digest is the RFC's digest of data: "sha256:" and 64 lowercase hex digits.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Publish makes every artifact of skills: each skill's two archives and
// file list, and the discovery index. A skill the RFC cannot list (a name
// outside its rule, a missing or too long description, a name taken by an
// earlier skill) still gets its archive and file list, and a warning
// saying why it is not in the index.
func Publish(skills []Skill) ([]Output, []diag.Finding, error) {
	var out []Output
	var findings []diag.Finding
	idx := Index{Schema: SchemaURI, Skills: []Entry{}}
	taken := map[string]string{}
	pk := newPacker()
	for _, s := range skills {
		files := sorted(s.Files)
		packed, err := pk.pack(files)
		if err != nil {
			return nil, nil, fmt.Errorf("archive skill %s: %w", s.Slug, err)
		}
		upload, err := zipPacked(s.Slug+"/", packed)
		if err != nil {
			return nil, nil, fmt.Errorf("archive skill %s: %w", s.Slug, err)
		}
		out = append(out, Output{ArchiveURL(s.Slug), upload})
		m, err := json.MarshalIndent(manifest(s.Slug, files, upload), "", "  ")
		if err != nil {
			return nil, nil, fmt.Errorf("file list of skill %s: %w", s.Slug, err)
		}
		out = append(out, Output{ManifestURL(s.Slug), append(m, '\n')})
		if why := unlisted(s, taken); why != "" {
			findings = append(findings, diag.Finding{File: s.Source, Severity: diag.SeverityWarning,
				Msg: "not in the discovery index " + IndexURL + ": " + why + "; installers given the site's URL will not find it"})
			continue
		}
		taken[s.Name] = s.Slug
		e, extra, err := entry(s, files, packed)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, extra...)
		idx.Skills = append(idx.Skills, e)
	}
	slices.SortFunc(idx.Skills, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	data, err := json.MarshalIndent(idx, "", "  ")
	if err != nil {
		return nil, nil, fmt.Errorf("discovery index: %w", err)
	}
	out = append(out, Output{IndexURL, append(data, '\n')})
	return out, findings, nil
}

// unlisted says why the RFC's index cannot list s, or "".
func unlisted(s Skill, taken map[string]string) string {
	switch {
	case !validName.MatchString(s.Name) || len(s.Name) > 64:
		return fmt.Sprintf("its name %q is not 1-64 of a-z, 0-9 and single hyphens", s.Name)
	case strings.TrimSpace(s.Description) == "":
		return "it has no description"
	case len([]rune(s.Description)) > maxDescription:
		return fmt.Sprintf("its description is longer than %d characters", maxDescription)
	case taken[s.Name] != "":
		return fmt.Sprintf("the name %q is the skill %s's already", s.Name, taken[s.Name])
	}
	return ""
}

// entry is the index entry of s, and the root-layout archive it names
// when s has more than its SKILL.md.
func entry(s Skill, files []File, packed []packedFile) (Entry, []Output, error) {
	e := Entry{Name: s.Name, Description: s.Description}
	if len(files) == 1 && files[0].Path == "SKILL.md" {
		e.Type, e.URL, e.Digest = "skill-md", FileURL(s.Slug, "SKILL.md"), Digest(files[0].Data)
		return e, nil, nil
	}
	root, err := zipPacked("", packed)
	if err != nil {
		return e, nil, fmt.Errorf("archive skill %s: %w", s.Slug, err)
	}
	e.Type, e.URL, e.Digest = "archive", wellKnown+s.Name+".zip", Digest(root)
	return e, []Output{{e.URL, root}}, nil
}

// Index is the discovery index, /.well-known/agent-skills/index.json.
type Index struct {
	Schema string  `json:"$schema"`
	Skills []Entry `json:"skills"`
}

// Entry is one skill of the discovery index.
type Entry struct {
	Name        string `json:"name"`
	Type        string `json:"type"` // "skill-md" or "archive"
	Description string `json:"description"`
	URL         string `json:"url"`    // site path of the artifact
	Digest      string `json:"digest"` // of the artifact's bytes
}

// Manifest is a skill's file list, /skills/<slug>.files.json.
type Manifest struct {
	Name    string         `json:"name"` // the folder's name, the top folder of the archive
	Archive ManifestEntry  `json:"archive"`
	Files   []ManifestFile `json:"files"`
}

// ManifestEntry is the archive in a file list.
type ManifestEntry struct {
	URL    string `json:"url"`
	Size   int    `json:"size"`
	Digest string `json:"digest"`
}

// ManifestFile is one file in a file list.
type ManifestFile struct {
	Path       string `json:"path"`
	URL        string `json:"url"`
	Size       int    `json:"size"`
	Digest     string `json:"digest"`
	Executable bool   `json:"executable,omitempty"`
}

func manifest(slug string, files []File, archive []byte) Manifest {
	m := Manifest{Name: slug, Archive: ManifestEntry{ArchiveURL(slug), len(archive), Digest(archive)}, Files: []ManifestFile{}}
	for _, f := range files {
		m.Files = append(m.Files, ManifestFile{f.Path, FileURL(slug, f.Path), len(f.Data), Digest(f.Data), f.Exec})
	}
	return m
}

func sorted(files []File) []File {
	out := slices.Clone(files)
	slices.SortFunc(out, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// packedFile is a file compressed once for every archive that holds it.
type packedFile struct {
	File
	crc    uint32
	method uint16
	data   []byte // as stored in the archive
}

// packer compresses files with one compressor, reset per file: a new
// one costs about a megabyte.
type packer struct {
	buf bytes.Buffer
	w   *flate.Writer
}

func newPacker() *packer {
	p := &packer{}
	p.w, _ = flate.NewWriter(&p.buf, compression) // a valid level: no error
	return p
}

// pack checks and compresses files, in path order.
func (pk *packer) pack(files []File) ([]packedFile, error) {
	var out []packedFile
	for _, f := range sorted(files) {
		if err := safePath(f.Path); err != nil {
			return nil, err
		}
		pk.buf.Reset()
		pk.w.Reset(&pk.buf)
		pk.w.Write(f.Data) // into memory: no error
		pk.w.Close()
		p := packedFile{File: f, crc: crc32.ChecksumIEEE(f.Data), method: zip.Deflate, data: bytes.Clone(pk.buf.Bytes())}
		if len(p.data) >= len(f.Data) {
			p.method, p.data = zip.Store, f.Data
		}
		out = append(out, p)
	}
	return out, nil
}

// compression is the deflate level of the archives: the fastest, as
// every build makes them; deterministic for a given Go release.
const compression = flate.BestSpeed

// zipPacked writes packed files under prefix as one archive.
func zipPacked(prefix string, files []packedFile) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		h := &zip.FileHeader{Name: prefix + f.Path, Method: f.method, CRC32: f.crc,
			//lint:ignore SA1019 Modified would add an extended-timestamp field; CreateRaw writes the MS-DOS date as given
			ModifiedDate:     epochDOSDate, // CreateRaw writes the MS-DOS fields only
			CompressedSize64: uint64(len(f.data)), UncompressedSize64: uint64(len(f.Data))}
		h.SetMode(0o644)
		if f.Exec {
			h.SetMode(0o755)
		}
		w, err := zw.CreateRaw(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func safePath(p string) error {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, `\`) || strings.ContainsRune(p, 0) {
		return fmt.Errorf("file %q: not a relative slash-separated path", p)
	}
	for seg := range strings.SplitSeq(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return fmt.Errorf("file %q: empty, . or .. segment", p)
		}
	}
	return nil
}
