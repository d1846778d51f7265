// Package skills owns the agent skills of the portal: the folders under
// content/skills/, each holding a SKILL.md, optionally its translation
// SKILL.zh-CN.md, and reference files.
//
// It owns:
//
//   - loading a skill folder ([Load], [Skill]) and comparing each
//     translated Markdown file with its original ([Skill.Comparisons],
//     which gen check, gen stamp and the build read; the comparison itself
//     is package drift's);
//   - the front matter of the SKILL files and its checks (meta.go);
//   - the links of a skill's files: a relative link must lead to a file
//     of its folder, resolved as a browser resolves it;
//   - the side-by-side page ([Skill.Render], [Skill.Page]) and the
//     list of skills on the skills index ([Index], the skills directive);
//   - the published files ([Skill.Files]) and the skill's part of
//     llms-full.txt ([Skill.LLMSText]).
//
// The builder (package generator) places the pages among the site's, writes
// what this package returns, checks the links a skill makes to the rest of
// the site ([Link]) and files the findings ([diag.Finding]) with the
// build's report. This package knows nothing of the builder.
//
// # Publishing
//
// Each folder content/skills/<slug>/ holding a SKILL.md is an agent skill.
// Every file of the folder is published byte for byte under /skills/<slug>/
// (/skills/<slug>/SKILL.md, /skills/<slug>/SKILL.zh-CN.md,
// /skills/<slug>/reference/x.md, ...), without the stamp and
// acknowledgement lines gen stamp writes, so an agent can install the skill
// from its URL, and the skill gets a side-by-side page in both site
// languages, /skills/<slug>/ and /zh-CN/skills/<slug>/: the same view, with
// the interface in the page's language. Its Markdown version (rel=alternate,
// llms.txt) is the raw SKILL.md, or SKILL.zh-CN.md on the Chinese page; in
// llms-full.txt its front matter becomes a YAML code block and its relative
// links absolute URLs. A relative link of a skill file must lead to a file
// of its folder, resolved as a browser resolves it; a missing file is one
// error naming every place that links it. Skill pages are not in the
// navigation; the skills index page lists them with the skills directive.
//
// # Front matter
//
// A SKILL.md and its translation start with the front matter of the Agent
// Skills format, read with scalars kept as written (version 1.0 stays
// 1.0); an unknown key, a list where text belongs or YAML that does not
// parse is a finding at its line saying what is allowed:
//
//	name: pairag-task-publish   # required: 1-64 of a-z, 0-9 and single hyphens; the folder's name; the same in the translation
//	description: Turns ...      # required: 1-1024 characters; says what the skill does and when to use it
//	license: MIT                # optional
//	compatibility: Needs Go.    # optional, at most 500 characters
//	metadata: {key: value}      # optional map; nested maps and lists are kept and shown
//	                            # (metadata: {hermes: {tags: [a, b]}}, as some published skills write it)
//	allowed-tools: Read Bash(go:*)  # optional; a YAML list is joined with spaces
//	version: 1.0.0              # optional
//	author: Pairag              # optional
//
// A skill's front matter is shown as a definition list at the top of its
// page, never as text. Problems with it are warnings, like drift: the skill
// still publishes.
package skills
