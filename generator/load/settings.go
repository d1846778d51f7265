package load

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os/exec"
	"strings"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/generator/report"
	"pairag.com/portal/generator/yamlpos"
)

// SiteFile holds the site settings writers may change.
const SiteFile = "content/site.yaml"

// SiteSettings is content/site.yaml:
//
//	repository: https://github.com/owner/name   # the footer's source link; empty for none
//	branch: main                                 # the branch "edit this page" opens
type SiteSettings struct {
	Repository string `yaml:"repository"`
	Branch     string `yaml:"branch"`
}

// Settings reads content/site.yaml strictly; a missing file means no repository links.
func Settings(fsys fs.FS, rep *report.Collector) SiteSettings {
	var s SiteSettings
	data, err := fs.ReadFile(fsys, SiteFile)
	if errors.Is(err, fs.ErrNotExist) {
		return s
	}
	if err == nil {
		err = yaml.UnmarshalWithOptions(data, &s, yaml.Strict())
	}
	if err != nil {
		line, msg := yamlpos.ErrorPos(err)
		rep.Errorf(SiteFile, line, "%s", msg)
	}
	s.Repository = strings.TrimRight(s.Repository, "/")
	if s.Branch == "" {
		s.Branch = "main"
	}
	if s.Repository != "" && !strings.HasPrefix(s.Repository, "https://") {
		rep.Errorf(SiteFile, 0, "repository must be an https:// URL, got %q", s.Repository)
		s.Repository = ""
	}
	return s
}

// EditURL is where a page's source is edited on the repository's host.
func (s SiteSettings) EditURL(file string) string {
	if s.Repository == "" {
		return ""
	}
	return s.Repository + "/edit/" + s.Branch + "/" + file
}

// GitDates returns the date of the last commit touching each file under
// dir/content, from one git log; nil when dir is empty or not a work tree.
func GitDates(dir string) map[string]string {
	if dir == "" {
		return nil
	}
	out, err := exec.Command("git", "-C", dir, "log", "--format=@%cs", "--name-only", "--no-renames", "--", "content").Output()
	if err != nil {
		return nil
	}
	dates := map[string]string{}
	date := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "@"):
			date = line[1:]
		case line != "" && dates[line] == "":
			dates[line] = date // the log is newest first
		}
	}
	return dates
}
