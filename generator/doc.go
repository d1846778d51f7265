// Package generator builds the static site of the Pairag protocol portal
// from Markdown pages, the protocol document and the templ components.
//
// # Model and stages
//
// The site is a model without I/O, package site: a [site.Page] with its
// [site.Kind] and the [site.Pair] of a page and its twin, and the URL rules.
// A build runs the stages of package pipeline in order; each is a method of
// the one before's output and returns its own, which embeds its input, so
// the order is in the types (pipeline/build.go):
//
//	load      content files → pages, pairs (the skills' and their companions' too),
//	          reference pages, glossary, skills: *loaded (package load, pipeline/build.go)
//	resolve   directive outputs of each version, the skills index, the bundle from the
//	          reference pages' Markdown, all before any page renders: *resolved (pipeline/resolve.go)
//	render    every page pair, of every kind, in one pool through one entry
//	          dispatched on the pair's Kind; contents lists from the parsed page
//	          (package nav), search sections (pipeline): *rendered (pipeline/render.go)
//	publish   assets, protocol files, llms.txt, sitemap, into the build directory (package sitedir)
//	verify    links and anchors, the skills' included (pipeline/check.go), netlify.toml's headers (package verify)
//
// The translation comparison that gen build, gen check, gen stamp and the
// preview share is package translation; what a build finds is collected by
// package report. This package is the API the commands call.
//
// # Input
//
// [Config].Content is the repository as an fs.FS. The build reads:
//
//	content/en/**/*.md          English pages (the source language)
//	content/zh-CN/**/*.md       their Simplified Chinese twins, same paths
//	content/labels.yaml         labels of every enum value in both languages
//	content/protocol.zh-CN.yaml Chinese text of the protocol's descriptions
//	content/skills/<slug>/**    agent skills: SKILL.md, SKILL.zh-CN.md, reference files
//	content/glossary.yaml       English–Chinese term pairs: the glossary directive, search, the term check
//	content/synonyms.yaml       same-language synonyms for the search, one way (reader's word → the pages' term)
//	content/site.yaml           site settings: the repository linked from every footer, its branch
//	protocol/pairag-task-publish-v18.json the protocol document
//
// # URLs
//
// The path under content/<lang>/ is the translation key. English is served
// at the root and Chinese under /zh-CN/:
//
//	content/en/_index.md             → /                  public/index.html
//	content/en/docs/create-task.md   → /docs/create-task/ public/docs/create-task/index.html
//	content/en/skills/_index.md      → /skills/           public/skills/index.html
//	content/en/404.md                → /404.html          public/404.html
//	content/zh-CN/docs/create-task.md → /zh-CN/docs/create-task/ public/zh-CN/docs/create-task/index.html
//	content/zh-CN/404.md             → /zh-CN/404.html    public/zh-CN/404.html
//
// The rules are package [pairag.com/portal/generator/site]'s: [site.URL]
// maps a path to its URL, and [site.KindOf] gives each page its kind
// (home, doc, not-found, validator, reference, changelog; skill pages are
// made of their folders), which every later decision reads instead of the
// file name.
//
// Each name of a page's path (folders and file) becomes a URL segment
// as it is, so it must need no escaping: ASCII letters, digits, "-", "_"
// and ".", not starting with "." or "-". Any other name (a space, ?, #,
// %, a tab or a newline) is an error naming the file and this set; a
// Markdown file whose name starts with "#" or "." is an editor's scratch
// file, never a page, and the build says it skipped it. Invalid UTF-8 and
// control characters (but tab and line ends) in a page or a skill's
// Markdown are errors at their lines.
//
// Every page except the 404 pages is also published as Markdown at its URL
// without the trailing slash plus ".md" (/docs/create-task.md,
// /zh-CN/skills.md); a language's home page at /index.md and
// /zh-CN/index.md. The Markdown version starts with the title as a level-1
// heading, has protocol directives expanded into GFM tables and internal
// links made absolute with [Config].BaseURL. Each HTML page links it with
// rel=alternate type=text/markdown.
//
// Each folder content/skills/<slug>/ holding a SKILL.md is an agent skill:
// its files are published under /skills/<slug>/ and it gets a side-by-side
// page in both languages, out of the navigation (package
// [pairag.com/portal/generator/skills] says how, and what its front matter
// holds); the skills index page lists them with the skills directive.
// Package [pairag.com/portal/generator/skillpub] adds what installs them
// from the site's URL: per skill /skills/<slug>.zip and
// /skills/<slug>.files.json, and /.well-known/agent-skills/index.json.
// netlify.toml keeps every file under /skills/<slug>/ inert (a sandbox
// policy; HTML, SVG and XML as downloads), and the build checks those
// rules against every skill file and page it publishes.
//
// Other published files: /protocol/pairag-task-publish-v18.json (byte for
// byte the source), .schema.json (protocol.Document.Schema),
// pairag-task-publish-v18.<lang>.md (the Markdown version of
// docs/task-publish-v18.md), pairag-task-publish-v18.bundle.<lang>.txt (what
// the copy-both button copies), /llms.txt, /llms-full.txt and their
// /zh-CN/ twins, /sitemap.xml with hreflang alternates, /robots.txt, and the
// stylesheet and script as /assets/site.<hash>.css and .js.
//
// Search (package search, pipeline/searchsite.go): after the pages are written, each
// language gets an index of every h2/h3 section of its pages and every
// anchored row of the generated tables, published as
// /assets/search-<lang>.<hash>.json (what a first query needs; it names its
// postings shards, /assets/search-<lang>-shard.<hash>.json, its entries'
// texts and its typo words) and named by /search/manifest.json;
// /search/findings.json maps each validator finding code to its anchor on
// the field reference ([FindingURL] gives the whole URL). Rows of generated
// tables have anchors derived from protocol names (package reference), the same
// in both languages. Pages with four or more h2 sections get on-page
// contents; every page gets previous/next links in navigation order,
// breadcrumbs, and, with Config.GitDir, the date of its last commit.
//
// Versions (pipeline/versions.go, pipeline/changelog.go): every protocol/pairag-task-publish-v*.json
// is published with its schema at its own URL, byte for byte, and the
// newest also as /protocol/pairag-task-publish-latest.json and
// .latest.schema.json (copies; llms.txt names the version). Each pair of
// consecutive versions gets a generated page, /docs/changes-v<N>/ in both
// languages, listing protocol.Changes (package reference writes it); it is
// out of the navigation. Labels
// and Chinese protocol strings must cover every version's values and
// strings.
//
// # Front matter
//
// Every page starts with YAML between two "---" lines, decoded strictly
// (an unknown key is an error at its line; package markdown reads it):
//
//	title: Creating a task       # required
//	description: One sentence.   # required; the meta description and llms.txt note
//	order: 10                    # position in the navigation, ascending
//	nav: false                   # leave the page out of the navigation (default true)
//
// Front matter is at most markdown.MaxFrontMatterBytes (64 KiB) and may
// not use YAML anchors or aliases; a Markdown file (page, skill file,
// companion) is at most markdown.MaxPageBytes (4 MiB). Each limit met is an
// error at the file's line naming the limit; the file is not rendered or
// compared, and the rest of the site builds and previews.
//
// The common shape (one "key: plain value" per line) is read by a fast
// path; anything YAML might read differently (values starting like a
// number, such as 010, 0b1010, .inf or 12:30; special words; a trailing
// colon; escapes, controls or invalid UTF-8) goes to the YAML parser.
// FuzzFrontMatter holds the two to the same result.
//
// # Markdown
//
// Package [pairag.com/portal/generator/markdown] holds the one setup:
// GitHub Flavored Markdown (tables, task lists, autolinks, strikethrough)
// with the CJK extension, and {#id} attributes on headings. Headings get
// ids from their text, keeping Unicode letters ("信任边界" stays as is);
// a Chinese page's section headings take the ids of the English sections
// they are aligned with (the rows of the drift check: by {#id}, then by
// order, level and shared tokens) unless they set {#id}, so one anchor works
// in both languages and an added or missing section moves no other anchor. Internal links are written language-neutral
// (/docs/stage-types/#anchor); on Chinese pages, links to pages (paths
// ending in /) get the /zh-CN prefix, links to files (/protocol/...) do not.
// Every heading with an id ends with a link to itself ("#", labelled in
// the page's language), which works without JavaScript; the site's script
// also copies the URL. Tables sit in a keyboard-focusable region named
// after their section and columns, which scrolls when the table is wider
// than the column. Code blocks are highlighted with CSS classes and get a
// copy button. Raw HTML is not rendered.
//
// # Protocol directives
//
// A fenced code block whose info string is "protocol" and whose body is one
// name is replaced by content generated from the protocol document, in the
// page's language (package [pairag.com/portal/generator/reference] builds it;
// the builder adds bundle and skills, which need the site):
//
//	top_level, manifest_fields, global_config_fields, stage_fields,
//	data_format_fields, harness_policy_fields, agent_skill_fields,
//	context_constraints_fields (with the input_limit and output_limit keys),
//	fiat_fields                          field tables: field, JSON type, required, description
//	project_tags, languages, language_aliases, stage_types, stage_type_choice,
//	script_languages, data_format_types, ownership, context_defaults
//	                                     enum and codebook tables
//	type_criteria                        one heading (id type-criteria-<key>) and table per stage type
//	tier_limits                          limits per tier with where each is enforced
//	checklist                            the notes as a numbered list
//	example                              the example payload, highlighted, and its tier
//	bundle                               the collapsed field reference + protocol JSON with a copy-both button
//	glossary                             the term pairs of content/glossary.yaml, for the glossary page
//	skills                               the list of skills (name, description in the page's language, links
//	                                     to the side-by-side page and the raw files); for the skills index
//	skill_archives                       every skill's .zip (collapsed) and the discovery index; for the skills index
//
// Enum value names come from content/labels.yaml; English descriptions from
// the protocol document, Chinese ones from content/protocol.zh-CN.yaml, keyed
// like "manifest_fields.name", "stage_type_enum_descriptions.data",
// "stage_type_selection.4", "type_criteria.2.ci_required",
// "notes.0" (0-based) and "example.description".
//
// # Checks
//
// A build fails, leaving the previous output untouched, and returns an
// [ErrorList] of "file:line: message" entries when:
//
//   - front matter is missing, malformed, has unknown keys or lacks title or description;
//   - a Chinese page has no English original (an English page without its
//     Chinese twin is published English first: a warning, and its Chinese
//     URL serves a stand-in that says, in Chinese, that the translation is
//     on its way and links the original; it is noindex, has no hreflang
//     pair and is left out of the navigation, the sitemap, llms.txt, the
//     Markdown versions and search);
//   - a protocol directive is empty or names nothing known;
//   - an enum value of the protocol has no label in either language;
//   - a protocol description shown in a table has no Chinese translation;
//   - an internal link, in either language, points to a page, anchor or
//     file the build does not produce (anchors of generated headings count);
//   - the protocol document does not parse or its schema cannot be derived;
//   - a skill file links a relative path (reference/x.md) that is not a file
//     of its skill folder, or that leads out of it;
//   - a symbolic link under content/ or protocol/ does not resolve, link
//     after link, inside content/ or protocol/ (an absolute target, one
//     leaving the repository, or one into .git/, .cache/ or public/). Such
//     a link is an error at its path and nothing it points to is read or
//     published; a link that stays inside is followed and its target
//     published as a copy at the link's place (package
//     [pairag.com/portal/generator/symlinks]). gen build and gen serve also
//     read through an os.Root, which refuses any read outside the repository.
//
// # Output
//
// [Build] renders into a temporary directory beside [Config].OutDir
// (".public-build-<pid>-<n>") and swaps it in only when the build
// succeeds: with renameat2(RENAME_EXCHANGE) on Linux, so the output
// directory exists at every instant; elsewhere by two renames. It writes a
// marker file, .gen-output, into every output, and refuses an OutDir that
// is not empty and has no marker, or that is, holds or lies inside the
// repository's sources ([Config].Root, content/, protocol/, .git/): a
// mistyped --out never deletes anything gen did not write. Temporaries
// whose process is gone (killed builds) are removed at the start of the
// next build; a build removes its own on every return (package
// [pairag.com/portal/generator/outdir] does all of this). Builds take a
// context, checked between pages and between a page's parse, render and
// layout: cancelled (Ctrl-C, or gen serve superseding it with a newer
// save) they stop within about one goldmark parse of the largest page,
// write nothing more and return the context's error. A full disk is one
// error naming the directory, the number and total size of the files that
// did not fit, instead of one per file.
//
// Each translated docs section is also checked against the glossary
// (package drift, terms.go): an English term whose Chinese pair is missing
// is a note, a wording the glossary says to avoid is a warning.
//
// Labels and translations for things the protocol no longer has, and
// non-Markdown files under content/<lang>/, are warnings written to
// [Config].Log, and so is drift (next section).
//
// # Sections, alignment and drift
//
// (Package [pairag.com/portal/generator/drift] implements this section and
// the next.)
//
// Every translated pair is compared: a docs page content/en/x.md with
// content/zh-CN/x.md, and in a skill folder each X.md with X.zh-CN.md
// (SKILL.md with SKILL.zh-CN.md, reference/x.md with reference/x.zh-CN.md).
// Both files are split into sections at ATX headings (# to ######, never
// inside fenced code); the text before the first heading is section 0, the
// intro. Sections pair as follows: the intros with each other; a translated
// heading carrying {#id} with the original's section of that id (explicit,
// or the slug of its heading), wherever it stands; the others in order,
// preferring equal levels, shared inline code, links, numbers and code
// blocks, and a stamp matching the original section, so that a missing or
// extra section is found where it is. Each pair is a row of a skill page.
//
// For each pair, these are drift, reported at the translation's file and
// line ([Check], gen check; warnings of the build), one finding per
// difference, at the line where the translation differs or where the
// missing part belongs:
//
//   - a section missing from the translation (reported before the next
//     translated section), or one only it has;
//   - a heading level that differs;
//   - a code block missing, extra or changed. Blocks are aligned by content,
//     not position, and compared with what chroma's lexer for the block's
//     language marks as comments set aside (a #! line and preprocessor
//     lines are code), so a translated comment is not drift; a change is
//     reported at its first changed line with a line diff;
//   - inline code, a link target or a number present on one side only, or
//     more often on one side (multisets per section). A token missing from
//     the translation and one only the translation has, of the same kind,
//     are one change ("number "5" reads "6""). Numbers are runs of digits
//     with an optional decimal part in prose, not in code or links; "3,600"
//     is 3600 and full-width digits count. A number of the original may be
//     written in Chinese numerals (五, 十二, 两, 三千, 百分之五十, 前五次);
//     those are never reported on their own, since 一 and 两 are also words.
//     On docs pages the field reference and bundle files may differ by
//     language (pairag-task-publish-v18.zh-CN.md for .en.md).
//
// # Stamps and acknowledgements
//
// A translated section records which original it was made from: on the
// line after its heading (for the intro, before its first line) a comment
//
//	<!-- source: 3f2a9c1b -->
//
// holding the first 8 hex digits of the SHA-256 of the original section's
// normalized text: its Markdown without marker lines, with trailing spaces
// and blank lines at the ends removed and runs of blank lines made one.
// [Stamp] (gen stamp) writes or updates these comments once a translator is
// done, changing nothing else. When an original section later changes, its
// translated section is stale: its row on the skill page says "the original
// changed since this was translated" (in the page's language), and gen
// check reports it as drift. A section without a stamp is only a note
// ("never stamped").
//
// A deliberate difference is accepted with gen stamp --accept, which writes
// under the stamp one line per difference the section has:
//
//	<!-- accepted 9c0d1e2f: inline code `TIDE_MIRROR=cn` is extra -->
//
// naming the difference and holding a digest of both sections and the
// difference. gen check then reports it as a note ("accepted"), not a
// warning; once either section changes the digest no longer matches and
// the difference is a warning again, saying the acknowledgement expired.
// gen stamp prints every difference it accepts and every one it leaves
// open; without --accept it keeps only acknowledgements that are current.
// Stamps and acknowledgements are marker lines: pages, Markdown exports,
// llms-full.txt, bundles and the published raw skill files leave them out.
package generator
