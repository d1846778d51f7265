package templates

import "fmt"

// Messages holds every user-interface string of one site language: the
// chrome of the layout, table headers and the words the generator uses to
// describe JSON types. Both languages are built by [messages] from one list
// in which each string is given in English and Chinese side by side, so a
// missing translation is a compile error (the call needs both arguments).
type Messages struct {
	Lang         string // BCP 47 tag of the language: "en" or "zh-CN"
	LanguageName string // the language's name in itself, shown by the language switch
	SiteName     string
	SkipLink     string
	NavLabel     string
	LangSwitch   string // accessible name of the language switch
	Markdown     string // link to the page's Markdown version
	FooterNote   string
	ProtocolJSON string
	SchemaJSON   string

	Copy, Copied, CopyFailed string

	Field, Type, Required, Description             string
	ID, Key, Label, Tag, ISO6391, Script           string
	Alias, PreferredTag, Language, UseWhen         string
	StageType, KeyPath, Default, Limit, EnforcedBy string
	Yes, No, Conditional, Deprecated               string
	HumanFacing                                    string

	Const, OneOf, EnumFrom, Examples            string
	Min, Max, Range                             string
	NonEmpty                                    string // a string of at least one character
	MinLength, ItemsRange, MinItems, ExactItems Count
	Unique, Pattern                             string

	LocationGranularity, MaxStages, MaxDuration, Fiat string
	// What enforces each tier limit, in reader words (the protocol's
	// tier_enforcement names internal Go functions, which readers cannot use).
	EnforceLocation, EnforceStages, EnforceDuration, EnforceFiat string
	Available, NotAvailable                                      string
	Anywhere, Country, City                                      string

	ExampleValidFor, CriteriaCaption string
	TableLabel                       string // accessible name of a generated table, from the protocol name it shows
	MarkdownTable                    string // accessible name of a Markdown table's scroll region, from its column headings
	MarkdownTableIn                  string // the same, with the heading of the table's section first
	RowLink                          string // accessible name of a table row's link to itself
	ListSep, Colon, Space, Comma     string // punctuation between constraints, sentences and values
	Parens                           string // a parenthetical remark after a value

	BundleSummary, CopyBoth, CopiedBoth, CopyBothFallback, BundleFile string

	LLMsSummary, LLMsProtocol, LLMsPages                      string
	LLMsReference, LLMsJSON, LLMsSchema, LLMsBundle, LLMsFull string

	// A page published in English before its translation: what its
	// translated URL says, links and describes itself with.
	PendingNotice, PendingLink, PendingDescription string

	Validator ValidatorMessages
	Skill     SkillMessages
	Glossary  GlossaryMessages
	Search    SearchMessages
	Nav       NavMessages
}

// NavMessages are the strings of the navigation around a page.
type NavMessages struct {
	Menu, Contents, Breadcrumbs, Home, Prev, Next, PageNav string
	HeadingLink, LinkCopied, CopyPage, PageCopied          string
	PageCopyFailed                                         string
	Theme, Light, Dark, Repository, Edit, Updated          string
	BackToTop                                              string // the link back to the top of a long page
}

// GlossaryMessages are the column headings of the glossary table.
type GlossaryMessages struct {
	EN, ZH, Note, Avoid string
}

// SearchMessages are the strings of the search box. The script reads the
// ones it shows from data attributes.
type SearchMessages struct {
	Label, Placeholder, Shortcut, Results, NoResults, Loading, Offline, Count string
}

// SkillMessages are the strings of the skill pages and the skills index.
type SkillMessages struct {
	Lead                                           string // under the title: what the page shows side by side
	LeadOriginal, LeadTranslation                  string // the same in the single-column views
	OriginalTab, TranslationTab                    string // a row's tabs on narrow screens
	FooterNote                                     string // replaces the site's footer note on skill pages
	Original, Translation                          string // column headings
	ViewLabel, Both, OriginalOnly, TranslationOnly string
	FrontMatter                                    string // accessible name of the front matter row
	Name, Description, Version, Author, License    string
	Compatibility, AllowedTools, Metadata          string
	Files                                          string
	CopyMarkdown, CopiedMarkdown, CopyFailed       string
	RowLink                                        string // accessible name of a row's anchor link
	Stale                                          string
	NoTranslation                                  string // the skill has no translation at all
	NotTranslated, NotInOriginal                   string // a section missing on one side
	Page, EnglishOnly                              string // on the skills index
}

// ValidatorMessages are the strings of the validator tool. The script
// receives them as JSON (see [ValidatorMessages.Script]); placeholders in
// braces are filled in by the script.
type ValidatorMessages struct {
	Title, NoScript, CLILink, Tier, Validate, LoadExample, ApplyFixes, CopyResult string
	PayloadLabel, Placeholder, FindingsLabel                                      string

	Valid         string `json:"valid"`
	Invalid       string `json:"invalid"`
	Empty         string `json:"empty"`
	Validating    string `json:"validating"`
	LoadFailed    string `json:"loadFailed"`
	Error         string `json:"error"`
	Warning       string `json:"warning"`
	Info          string `json:"info"`
	Fixable       string `json:"fixable"`
	Fixed         string `json:"fixed"`
	Copied        string `json:"copied"`
	CopyManual    string `json:"copyManual"`
	Pipeline      string `json:"pipeline"`
	Language      string `json:"language"`
	Points        string `json:"points"`
	FiatPay       string `json:"fiat"`
	More          string `json:"more"`
	MoreFinds     string `json:"moreFindings"`
	Loading       string `json:"loading"` // {loaded} and {total} in MB
	Ready         string `json:"ready"`
	Superseded    string `json:"superseded"`    // the text changed while a check ran
	TimedOut      string `json:"timedOut"`      // {seconds}
	ExampleNote   string `json:"exampleNote"`   // {exampleTier} and {tier}: labels
	ExampleSwitch string `json:"exampleSwitch"` // {exampleTier}
	Docs          string `json:"docs"`          // the link of a finding to its rule
}

// English and Chinese are the UI strings of the two site languages.
var (
	English = messages("en", func(en, _ string) string { return en })
	Chinese = messages("zh-CN", func(_, zh string) string { return zh })
)

// For returns the messages of a language tag; unknown tags get English.
func For(lang string) Messages {
	if lang == Chinese.Lang {
		return Chinese
	}
	return English
}

// messages builds one language's strings; t picks the English or the Chinese text.
func messages(lang string, t func(en, zh string) string) Messages {
	return Messages{
		Lang:         lang,
		LanguageName: t("English", "简体中文"),
		SiteName:     t("Pairag Resources", "Pairag 资源中心"),
		SkipLink:     t("Skip to main content", "跳到正文"),
		NavLabel:     t("Pages", "页面导航"),
		LangSwitch:   t("Language", "语言"),
		Markdown:     t("This page as Markdown", "本页的 Markdown 版本"),
		FooterNote:   t("Tables on this site are generated from the protocol JSON.", "本站表格均由协议 JSON 自动生成。"),
		ProtocolJSON: t("Protocol JSON", "协议 JSON"),
		SchemaJSON:   t("JSON Schema", "JSON Schema"),

		Copy:       t("Copy", "复制"),
		Copied:     t("Copied", "已复制"),
		CopyFailed: t("Copying is not available here. The code is selected: press Ctrl+C (⌘C on a Mac).", "当前环境无法复制。代码已选中，请按 Ctrl+C（Mac 上按 ⌘C）。"),

		Field:        t("Field", "字段"),
		Type:         t("JSON type", "JSON 类型"),
		Required:     t("Required", "必填"),
		Description:  t("Description", "说明"),
		ID:           t("ID", "ID"),
		Key:          t("Key", "键名"),
		Label:        t("Name", "名称"),
		Tag:          t("BCP 47 tag", "BCP 47 标签"),
		ISO6391:      t("ISO 639-1", "ISO 639-1"),
		Script:       t("Script", "文字"),
		Alias:        t("Alias", "别名"),
		PreferredTag: t("Preferred tag", "首选标签"),
		Language:     t("Language", "语言"),
		UseWhen:      t("Use when", "适用情形"),
		StageType:    t("Stage type", "阶段类型"),
		KeyPath:      t("Key", "键路径"),
		Default:      t("Default", "默认值"),
		Limit:        t("Limit", "限制项"),
		EnforcedBy:   t("How it is enforced", "校验规则"),
		Yes:          t("yes", "是"),
		No:           t("no", "否"),
		Conditional:  t("conditional", "视条件而定"),
		Deprecated:   t("deprecated: do not emit", "已弃用，请勿输出"),
		HumanFacing:  t("Written in the task's language (manifest.language).", "使用任务语言（manifest.language）书写。"),

		Const:      t("always", "固定为"),
		OneOf:      t("one of", "可选值"),
		EnumFrom:   t("values from", "取值见"),
		Examples:   t("for example", "例如"),
		Min:        t("at least %s", "不小于 %s"),
		Max:        t("at most %s", "不大于 %s"),
		Range:      t("%s to %s", "%s 至 %s"),
		NonEmpty:   t("not empty", "不能为空"),
		MinLength:  Count{t("at least %d character", "至少 %d 个字符"), t("at least %d characters", "至少 %d 个字符")},
		ItemsRange: Count{t("%d to %d item", "%d 至 %d 项"), t("%d to %d items", "%d 至 %d 项")},
		MinItems:   Count{t("at least %d item", "至少 %d 项"), t("at least %d items", "至少 %d 项")},
		ExactItems: Count{t("exactly %d item", "只能有 %d 项"), t("exactly %d items", "只能有 %d 项")},
		Unique:     t("unique within the task", "在任务内不可重复"),
		Pattern:    t("pattern", "格式"),

		LocationGranularity: t("Most precise location", "地点最高精度"),
		MaxStages:           t("Maximum number of stages", "阶段数上限"),
		MaxDuration:         t("Maximum task_duration_days", "task_duration_days 上限"),
		Fiat:                t("Fiat payment (USD)", "法币支付（美元）"),
		Available:           t("available", "可用"),
		NotAvailable:        t("not available", "不可用"),
		Anywhere:            t("anywhere (no location)", "不限地点"),
		Country:             t("country", "国家"),
		City:                t("city", "城市"),
		EnforceLocation:     t("On publishing, a location more precise than the tier allows is refused.", "发布时，地点精度超出该等级允许范围的任务会被拒绝。"),
		EnforceStages:       t("On publishing, a task with more stages than this is refused.", "发布时，阶段数超过上限的任务会被拒绝。"),
		EnforceDuration:     t("On publishing, a task that runs longer than this is refused.", "发布时，持续天数超过上限的任务会被拒绝。"),
		EnforceFiat:         t("Only creators whose payment setup is complete can pay in USD, and product policy applies.", "只有已完成支付设置的创建者才能以美元支付，并须符合产品政策。"),

		ExampleValidFor: t("Passes validation for creators on the %s tier.", "会员等级为 %s 的创建者可通过校验。"),
		CriteriaCaption: t("type_criteria keys of stage_type %d (%s)", "stage_type %d（%s）的 type_criteria 键"),
		TableLabel:      t("Table %s", "%s 表"),
		MarkdownTable:   t("Table: %s", "表格：%s"),
		MarkdownTableIn: t("Table in “%s”: %s", "「%s」中的表格：%s"),
		RowLink:         t("Link to this row", "本行链接"),
		ListSep:         t("; ", "；"),
		Colon:           t(": ", "："),
		Space:           t(" ", ""),
		Comma:           t(", ", "、"),
		Parens:          t(" (%s)", "（%s）"),

		Validator: ValidatorMessages{
			Title:         t("Validate a payload", "校验载荷"),
			NoScript:      t("The validator runs in your browser and needs JavaScript. Without it, validate on the command line:", "校验器在浏览器中运行，需要启用 JavaScript。未启用时，请在命令行中校验："),
			CLILink:       t("How to validate on the command line", "命令行校验方法"),
			Tier:          t("Creator's tier", "创建者会员等级"),
			Validate:      t("Validate", "校验"),
			LoadExample:   t("Load the example", "载入示例"),
			ApplyFixes:    t("Apply fixes", "应用自动修复"),
			CopyResult:    t("Copy the result", "复制结果"),
			PayloadLabel:  t("Task-publish payload (JSON)", "任务发布载荷（JSON）"),
			Placeholder:   t("Paste the JSON a model or a person wrote: { \"manifest\": { … }, \"stages\": [ … ] }", "粘贴模型或手写的 JSON：{ \"manifest\": { … }, \"stages\": [ … ] }"),
			FindingsLabel: t("Findings", "检查结果"),
			Valid:         t("Valid for the {tier} tier: no errors, {warnings} warning(s), {notes} note(s).", "{tier}可以发布：没有错误，{warnings} 个警告，{notes} 条提示。"),
			Invalid:       t("Not valid for the {tier} tier: {errors} error(s), {warnings} warning(s), {notes} note(s).", "{tier}无法发布：{errors} 个错误，{warnings} 个警告，{notes} 条提示。"),
			Empty:         t("Paste a payload, or load the example, to see what the app would reject.", "粘贴载荷或载入示例，即可看到应用会拒绝哪些内容。"),
			Validating:    t("Validating…", "正在校验…"),
			LoadFailed:    t("The validator could not start.", "校验器无法启动。"),
			Error:         t("error", "错误"),
			Warning:       t("warning", "警告"),
			Info:          t("note", "提示"),
			Fixable:       t("fixable", "可自动修复"),
			Fixed:         t("Applied {n} fix(es).", "已应用 {n} 处修复。"),
			Copied:        t("Result copied to the clipboard.", "结果已复制到剪贴板。"),
			CopyManual:    t("The clipboard is not available here. The result is selected below: press Ctrl+C (⌘C on a Mac).", "当前环境无法使用剪贴板。结果已在下方选中，请按 Ctrl+C（Mac 上按 ⌘C）复制。"),
			Pipeline:      t("The pipeline you are about to publish", "即将发布的流水线"),
			Language:      t("Language: {language}", "语言：{language}"),
			Points:        t("must hold ≥ {participant} points to participate · bounty {bounty} points", "需持有 ≥ {participant} 积分才能参与 · 赏金 {bounty} 积分"),
			FiatPay:       t("pays {usd} USD (fiat)", "法币支付 {usd} 美元"),
			More:          t("… and {n} more stage(s).", "……另有 {n} 个阶段。"),
			MoreFinds:     t("… and {n} more finding(s). Fix the ones above and validate again.", "……另有 {n} 条检查结果。请先修正以上问题，再重新校验。"),
			Loading:       t("Loading the validator: {loaded} of {total} MB…", "正在加载校验器：{loaded} MB / {total} MB……"),
			Ready:         t("The validator is ready.", "校验器已就绪。"),
			Superseded:    t("The text changed during the check, so that check was stopped and the validator restarted.", "检查期间文本有改动，已停止该次检查并重启校验器。"),
			TimedOut:      t("The check took longer than {seconds} s and was stopped; the validator has restarted and is ready for your next edit. For a payload this large, use gen validate on the command line.", "检查超过 {seconds} 秒仍未完成，已停止；校验器已重启，可以继续编辑。这么大的载荷请改用命令行 gen validate 校验。"),
			ExampleNote:   t("The reference's example is written for the {exampleTier} tier. Checked as {tier}, the errors below are what the {tier} tier does not allow.", "参考文档中的示例是按{exampleTier}会员编写的。按{tier}校验时，下面列出的错误就是{tier}不允许的内容。"),
			ExampleSwitch: t("Check it as {exampleTier}", "改按{exampleTier}校验"),
			Docs:          t("About this rule", "规则说明"),
		},

		Skill: SkillMessages{
			Lead:            t("The original and its translation side by side, section by section. The raw files are published next to this page, so an agent can install the skill from its URL.", "原文与译文逐节左右对照。原始文件与本页一同发布，智能体可以直接通过网址安装该技能。"),
			LeadOriginal:    t("The skill's original, section by section. The raw files are published next to this page, so an agent can install the skill from its URL.", "技能的英文原文，逐节显示。原始文件与本页一同发布，智能体可以直接通过网址安装该技能。"),
			LeadTranslation: t("The skill's Chinese translation, section by section. The raw files are published next to this page, so an agent can install the skill from its URL.", "技能的中文译文，逐节显示。原始文件与本页一同发布，智能体可以直接通过网址安装该技能。"),
			OriginalTab:     t("Original", "原文"),
			TranslationTab:  t("Translation", "译文"),
			FooterNote:      t("Skill files are published exactly as their authors wrote them; this page only lays them out.", "技能文件按作者原样发布，本页只负责排版展示。"),
			Original:        t("Original (English)", "原文（英文）"),
			Translation:     t("Translation (Simplified Chinese)", "译文（简体中文）"),
			ViewLabel:       t("View", "显示方式"),
			Both:            t("Side by side", "左右对照"),
			OriginalOnly:    t("Original only", "只看原文"),
			TranslationOnly: t("Translation only", "只看译文"),
			FrontMatter:     t("Front matter", "前置元数据"),
			Name:            t("Name", "名称"),
			Description:     t("Description", "描述"),
			Version:         t("Version", "版本"),
			Author:          t("Author", "作者"),
			License:         t("License", "许可"),
			Compatibility:   t("Compatibility", "运行环境"),
			AllowedTools:    t("Allowed tools", "允许的工具"),
			Metadata:        t("Metadata", "元数据"),
			Files:           t("Files", "文件"),
			CopyMarkdown:    t("Copy Markdown", "复制 Markdown"),
			CopiedMarkdown:  t("Copied the section's Markdown.", "已复制本节的 Markdown。"),
			CopyFailed:      t("Copying is not available here. The Markdown is selected: press Ctrl+C (⌘C on a Mac).", "当前环境无法复制。Markdown 已选中，请按 Ctrl+C（Mac 上按 ⌘C）。"),
			RowLink:         t("Link to this section", "本节链接"),
			Stale:           t("The original changed since this was translated.", "译文完成后，原文又有改动。"),
			NoTranslation:   t("This skill has no Chinese translation yet; the original is shown alone.", "本技能还没有中文译文，下面只显示英文原文。"),
			NotTranslated:   t("Not translated yet.", "尚未翻译。"),
			NotInOriginal:   t("Not in the original.", "原文中没有这一节。"),
			Page:            t("Side by side", "对照页"),
			EnglishOnly:     t("(in English: not translated yet)", "（英文：尚未翻译）"),
		},

		Glossary: GlossaryMessages{
			EN:    t("English", "英文"),
			ZH:    t("Chinese", "中文"),
			Note:  t("Meaning on this site", "在本站的含义"),
			Avoid: t("Avoid in Chinese", "不建议译作"),
		},

		Search: SearchMessages{
			Label:       t("Search the documentation", "搜索文档"),
			Placeholder: t("Search fields, ids, pages…", "搜索字段、编号、页面…"),
			Shortcut:    t("Press / or Ctrl+K to search", "按 / 或 Ctrl+K 搜索"),
			Results:     t("Search results", "搜索结果"),
			NoResults:   t("No results for this query.", "没有找到相关结果。"),
			Loading:     t("Loading the search index…", "正在加载搜索索引…"),
			Offline:     t("The search index could not be loaded.", "搜索索引加载失败。"),
			Count:       t("{n} result(s). Use the arrow keys to choose, Enter to open.", "共 {n} 条结果，用方向键选择，按回车打开。"),
		},

		Nav: NavMessages{
			Menu:        t("Menu", "菜单"),
			Contents:    t("Contents", "目录"),
			BackToTop:   t("Back to top", "回到顶部"),
			Breadcrumbs: t("Breadcrumbs", "当前位置"),
			Home:        t("Home", "首页"),
			Prev:        t("Previous", "上一页"),
			Next:        t("Next", "下一页"),
			PageNav:     t("Previous and next page", "上一页与下一页"),
			HeadingLink: t("Link to this section", "本节链接"),
			LinkCopied:  t("Link copied.", "链接已复制。"),
			CopyPage:    t("Copy page as Markdown", "复制本页 Markdown"),
			PageCopied:  t("Copied the page as Markdown.", "已复制本页的 Markdown。"),
			PageCopyFailed: t("Copying is not available here. The Markdown opened in a new tab: copy it from there.",
				"当前环境无法复制。Markdown 已在新标签页中打开，请在那里复制。"),
			Theme:      t("Dark theme", "深色主题"),
			Light:      t("Light", "浅色"),
			Dark:       t("Dark", "深色"),
			Repository: t("Source repository", "源代码仓库"),
			Edit:       t("Edit this page", "编辑本页"),
			Updated:    t("Last updated", "最后更新"),
		},

		BundleSummary:    t("Field reference (Markdown) and protocol JSON", "字段参考（Markdown）与协议 JSON"),
		CopyBoth:         t("Copy both", "一键复制两份文件"),
		CopiedBoth:       t("Copied both files to the clipboard.", "两份文件已复制到剪贴板。"),
		CopyBothFallback: t("The clipboard is not available here. The text of both files is selected below: press Ctrl+C (⌘C on a Mac) to copy it.", "当前环境无法使用剪贴板。两份文件的全文已在下方选中，请按 Ctrl+C（Mac 上按 ⌘C）复制。"),
		BundleFile:       t("The same text as a file", "相同内容的文件"),

		LLMsSummary:   t("Documentation of the Pairag task-publish protocol, version 18: how to create a task by hand or with a model, the field reference, and the machine-readable protocol JSON with its JSON Schema.", "Pairag 任务发布协议第 18 版的文档：如何手动或借助模型创建任务、字段参考，以及机器可读的协议 JSON 与 JSON Schema。"),
		LLMsProtocol:  t("Protocol", "协议"),
		LLMsPages:     t("Pages", "页面"),
		LLMsReference: t("the V18 field reference as one self-contained Markdown file", "V18 字段参考，单个完整的 Markdown 文件"),
		LLMsJSON:      t("the canonical machine-readable protocol; it wins over any prose", "规范的机器可读协议；与文字说明冲突时以它为准"),
		LLMsSchema:    t("JSON Schema (draft 2020-12) derived from the protocol", "由协议推导出的 JSON Schema（draft 2020-12）"),
		LLMsBundle:    t("the Markdown reference and the protocol JSON in one file, ready to paste into a model's context", "Markdown 参考与协议 JSON 合为一个文件，可直接放入模型上下文"),
		LLMsFull:      t("all pages of this language as Markdown in one file", "本语言全部页面的 Markdown 合集"),

		PendingNotice:      t("This page has not been translated yet; the translation is on its way. Until it is published, the English original is the page to read.", "本页的中文译文正在准备中，尚未发布。在此之前，请先阅读英文原文。"),
		PendingLink:        t("Read the English original", "阅读英文原文"),
		PendingDescription: t("The translation of this page is on its way; the English original is available now.", "本页的中文译文正在准备中，英文原文现已可读。"),
	}
}

// Count is a phrase with a number in it, in its singular and plural forms
// (the same in Chinese), so tables say "at least 1 item" and "at least 2
// items" instead of hedging with "item(s)". Its forms are fmt formats
// whose last verb is the count.
type Count struct{ One, Other string }

// Format fills the phrase with args; the last one, the count, picks the
// form.
func (c Count) Format(args ...int) string {
	f := c.Other
	if len(args) > 0 && args[len(args)-1] == 1 {
		f = c.One
	}
	a := make([]any, len(args))
	for i, v := range args {
		a[i] = v
	}
	return fmt.Sprintf(f, a...)
}
