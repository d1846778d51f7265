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
//   - the links of a skill's files, resolved as agents resolve them
//     (links.go): beside the file, or beside SKILL.md after a placeholder
//     ({baseDir}, ${CLAUDE_SKILL_DIR}), to a file or folder of the skill or
//     of a sibling skill published on the same site; template files are
//     not checked; a miss names the nearest existing path;
//   - the record of a third-party skill, SKILL.source.yaml (record.go), and the
//     quarantine of its findings;
//   - the side-by-side page ([Skill.Render], [Skill.Page]), the page of
//     each companion Markdown file ([Skill.CompanionPage], companion.go)
//     and the list of skills on the skills index ([Index], the skills
//     directive);
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
// Each folder content/skills/<slug>/ holding a SKILL.md is an agent skill;
// <slug> must be a valid skill name (1-64 of a-z, 0-9 and single hyphens),
// and no two skills may share a name, or the skill is left out with a
// finding naming it (never an invalid URL or id). Every file of the folder
// is published byte for byte under /skills/<slug>/ (/skills/<slug>/SKILL.md,
// /skills/<slug>/reference/x.md, dot files such as resources/.zshrc, ...),
// without the stamp and acknowledgement lines gen stamp writes; left out
// are .git, editors' scratch files, the record SKILL.source.yaml (ours, not the
// author's) and Git LFS pointer files (a finding: the repository held the
// pointer, not the file). An agent can install the skill from its URL, and
// the skill gets a side-by-side page in both site languages, /skills/<slug>/
// and /zh-CN/skills/<slug>/: the same view, with the interface in the
// page's language. Its Markdown version (rel=alternate, llms.txt) is the
// raw SKILL.md, or SKILL.zh-CN.md on the Chinese page. Each companion
// Markdown file (references/guide.md) gets a page of its own in both
// languages, /skills/<slug>/references/guide/, beside its translation
// when there is one; its raw file stays where it is, and links between
// the skill's Markdown files lead to these pages. In llms-full.txt each
// page's file has its front matter as a YAML code block and its relative
// links absolute. A folder of more than [MaxFiles] files is left out of
// the site with a finding at the folder. A missing link target is one finding naming every place that links
// it. Skill pages are not in the navigation; the skills index page lists
// them with the skills directive.
//
// # Ours and third parties'
//
// A skill without SKILL.source.yaml is ours: its broken links are errors that
// refuse the site. A skill with one is a third party's, published as its
// author wrote it: its errors are warnings, the findings its record
// accepts are notes, an accept entry matching nothing is a warning, and the
// page lists them ([Skill.Findings]) with the record's source, commit and
// license. The site always publishes.
//
// # Front matter
//
// A SKILL.md and its translation start with the front matter of the Agent
// Skills format, read with scalars kept as written (version 1.0 stays
// 1.0); an unknown key, a list where text belongs or YAML that does not
// parse is a finding at its line saying what is allowed (an unknown key
// is shown as written, a warning in our skills, a note in a third
// party's; the keys agent products read, argument-hint,
// disable-model-invocation, user-invocable, model, effort, context,
// agent, hooks and paths, are valid and shown):
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
