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
//   - the side-by-side page ([Skill.Render], [Skill.Page], [URL]) and the
//     list of skills on the skills index ([Index], the skills directive);
//   - the published files ([Skill.Files]) and the skill's part of
//     llms-full.txt ([Skill.LLMSText]).
//
// The builder (package generator) places the pages among the site's, writes
// what this package returns, checks the links a skill makes to the rest of
// the site ([Link]) and files the findings ([diag.Finding]) with the
// build's report. This package knows nothing of the builder.
package skills
