package templates

import (
	"encoding/json"
	"fmt"
)

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
	Footnotes                        string // accessible name of a page's list of footnotes
	FootnotesTranslation             string // of a translation's, beside its original's on a skill page
	DiagramAlt, DiagramSource        string // a drawn mermaid diagram's text alternative, and the label of its source below it

	BundleSummary, CopyBoth, CopiedBoth, CopyBothFallback, BundleFile string

	LLMsSummary, LLMsProtocol, LLMsPages                      string
	LLMsReference, LLMsJSON, LLMsSchema, LLMsBundle, LLMsFull string

	// A page published in English before its translation: what its
	// translated URL says, links and describes itself with.
	PendingNotice, PendingLink, PendingDescription string

	// The version bar of a reference page when protocol/ has several
	// versions: the switcher's accessible name, the banner of a retired
	// version (%[1]s its version, %[2]s the current one), the link to the
	// same section in the current version, the current one's mark.
	VersionsLabel, VersionRetired, VersionSameSection, VersionCurrent string

	Validator ValidatorMessages
	TierBrief TierBriefMessages
	Skill     SkillMessages
	Install   InstallMessages // skillpub: archives and the discovery index
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

	// Results' labels and help, which the script reads as one JSON value (UI)
	Kinds    map[string]string // what a code entry is, by search.Doc.Kind
	Help     string            // under "no results"
	Try      string            // before the index's words nearest to the query's
	Glossary string            // the link to the glossary
}

// UI returns the labels and help of the results as the script reads them.
func (m SearchMessages) UI() string {
	b, _ := json.Marshal(struct {
		Kinds    map[string]string `json:"kinds"`
		Help     string            `json:"help"`
		Try      string            `json:"try"`
		Glossary string            `json:"glossary"`
	}{m.Kinds, m.Help, m.Try, m.Glossary})
	return string(b)
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
	EnglishOnly                                    string // on the skills index, in Markdown: after a description left in English
	TranslatedBadge, EnglishOnlyBadge              string // a card's mark: translated, or English only
	Filter, FilterPlaceholder, FilterCount         string // the index's filter box; FilterCount has {n} and {total}
	Tags                                           string // accessible name of a card's tags
	ThirdParty, Source, Commit                     string // a third-party skill's record
	Findings, FindingsNote                         string // the findings on a skill
	// A companion file's page: the lead before and after the skill's
	// name, its description ({file}, {skill}), the raw files' label, the
	// notice of a file without translation, a file list's raw link.
	CompanionOf, CompanionOfEnd, CompanionDescription string
	RawFiles, CompanionNoTranslation, Raw             string
	TaskDone, TaskOpen                                string // the names of a task list's check boxes
}

// ValidatorMessages are the strings of the validator tool. The script
// receives them as JSON (see [ValidatorMessages.Script]); placeholders in
// braces are filled in by the script.
type ValidatorMessages struct {
	Title, NoScript, CLILink, Tier, Validate, LoadExample, ApplyFixes, CopyResult string
	PayloadLabel, Placeholder, FindingsLabel                                      string
	Undo, Redo, CopyModel, ViewerLabel, EditAnyway                                string
	// Coming is the validator page's notice while gen serve is still
	// compiling the module in the background (not for the script).
	Coming string `json:"-"`

	Valid         string `json:"valid"`   // {tier}; {warnings} and {notes} are counts
	Invalid       string `json:"invalid"` // {tier}; {errors}, {warnings} and {notes} are counts
	Empty         string `json:"empty"`
	Validating    string `json:"validating"`
	LoadFailed    string `json:"loadFailed"`
	Error         string `json:"error"`
	Warning       string `json:"warning"`
	Info          string `json:"info"`
	Fixable       string `json:"fixable"`
	Copied        string `json:"copied"`
	CopyManual    string `json:"copyManual"`
	Pipeline      string `json:"pipeline"`
	Language      string `json:"language"`
	Points        string `json:"points"`
	FiatPay       string `json:"fiat"`
	More          Count  `json:"more"`
	MoreFinds     Count  `json:"moreFindings"`
	Loading       string `json:"loading"` // {loaded} and {total} in MB
	Ready         string `json:"ready"`
	SaveData      string `json:"saveData"`      // with Save-Data: the module waits for a paste or a check
	Superseded    string `json:"superseded"`    // the text changed while a check ran
	TimedOut      string `json:"timedOut"`      // {seconds}
	ExampleNote   string `json:"exampleNote"`   // {exampleTier} and {tier}: labels
	ExampleSwitch string `json:"exampleSwitch"` // {exampleTier}
	Docs          string `json:"docs"`          // the link of a finding to its rule

	// The editor: the preview of "Apply fixes", undo and redo, large texts.
	PreviewTitle   string `json:"previewTitle"`
	PreviewSummary string `json:"previewSummary"` // {fixes} and {lines} are counts
	PreviewMore    Count  `json:"previewMore"`    // more changes not listed
	PreviewTooMany string `json:"previewTooMany"` // {lines}: too many to list
	PreviewApply   string `json:"previewApply"`
	PreviewCancel  string `json:"previewCancel"`
	PreviewLine    string `json:"previewLine"` // {line}: where a change starts
	NothingToFix   string `json:"nothingToFix"`
	FixedUndo      string `json:"fixedUndo"` // said after fixes are applied
	Undone         string `json:"undone"`
	// Counts the messages above put in their {errors}, {warnings},
	// {notes}, {fixes} and {lines}, and Fixed, said after fixes.
	Errors    Count  `json:"errors"`
	Warnings  Count  `json:"warnings"`
	Notes     Count  `json:"notes"`
	Fixes     Count  `json:"fixes"`
	Lines     Count  `json:"lines"`
	Fixed     Count  `json:"fixed"`
	Redone    string `json:"redone"`
	OverLimit string `json:"overLimit"` // {size} and {limit} in MB
	LargeText string `json:"largeText"` // {size} in MB: shown in the read-only viewer

	// The repair request "Copy findings for your model" puts on the clipboard.
	ModelCopied  string `json:"modelCopied"`
	ModelIntro   string `json:"modelIntro"`   // {version} and {tier}: the JSON is rejected
	ModelWarn    string `json:"modelWarn"`    // {version} and {tier}: accepted with warnings
	ModelRules   string `json:"modelRules"`   // heading of the findings
	ModelAt      string `json:"modelAt"`      // {line} and {column}
	ModelRule    string `json:"modelRule"`    // before the URL of a finding's rule
	ModelPayload string `json:"modelPayload"` // heading of the JSON itself
	ModelTooLong string `json:"modelTooLong"` // {size} in KB: the JSON is left out
}

// TierBriefMessages are the lines that open a tier's bundle (see
// reference.TierBrief): {tier} is the tier's label, {key} its id,
// {granularity} the finest location it allows, {anywhere} the Anywhere
// values, {stages} and {days} its limits.
type TierBriefMessages struct {
	Title, Intro, Location, AnywhereOnly, Stages, Duration, FiatYes, FiatNo, Outro, Or string
	// Lead introduces the links to the tiers' bundles on the page.
	Lead string
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
	// p is t for a message with a count: English has two forms.
	p := func(one, other, zh string) Count { return Count{One: t(one, zh), Other: t(other, zh)} }
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

		ExampleValidFor:      t("Passes validation for creators on the %s tier.", "会员等级为 %s 的创建者可通过校验。"),
		CriteriaCaption:      t("type_criteria keys of stage_type %d (%s)", "stage_type %d（%s）的 type_criteria 键"),
		TableLabel:           t("Table %s", "%s 表"),
		MarkdownTable:        t("Table: %s", "表格：%s"),
		MarkdownTableIn:      t("Table in “%s”: %s", "「%s」中的表格：%s"),
		RowLink:              t("Link to this row", "本行链接"),
		ListSep:              t("; ", "；"),
		Colon:                t(": ", "："),
		Space:                t(" ", ""),
		Comma:                t(", ", "、"),
		Parens:               t(" (%s)", "（%s）"),
		Footnotes:            t("Footnotes", "脚注"),
		FootnotesTranslation: t("Footnotes of the translation", "译文的脚注"),
		DiagramAlt:           t("Diagram drawn from the Mermaid source below", "根据下方 Mermaid 源码绘制的图表"),
		DiagramSource:        t("Diagram source (Mermaid)", "图表源码（Mermaid）"),

		Validator: ValidatorMessages{
			Title:         t("Validate a payload", "校验载荷"),
			NoScript:      t("The validator runs in your browser and needs JavaScript. Without it, validate on the command line:", "校验器在浏览器中运行，需要启用 JavaScript。未启用时，请在命令行中校验："),
			CLILink:       t("How to validate on the command line", "命令行校验方法"),
			Coming:        t("The validator is on its way: the preview is still compiling it in the background. This page reloads by itself when it is ready; until then, validate on the command line:", "校验器正在准备中：预览服务仍在后台编译它，完成后本页会自动刷新。在此之前，可先在命令行中校验："),
			Tier:          t("Creator's tier", "创建者会员等级"),
			Validate:      t("Validate", "校验"),
			LoadExample:   t("Load the example", "载入示例"),
			ApplyFixes:    t("Apply fixes", "应用自动修复"),
			CopyResult:    t("Copy the result", "复制结果"),
			PayloadLabel:  t("Task-publish payload (JSON)", "任务发布载荷（JSON）"),
			Placeholder:   t("Paste the JSON a model or a person wrote: { \"manifest\": { … }, \"stages\": [ … ] }", "粘贴模型或手写的 JSON：{ \"manifest\": { … }, \"stages\": [ … ] }"),
			FindingsLabel: t("Findings", "检查结果"),
			Valid:         t("Valid for the {tier} tier: no errors, {warnings}, {notes}.", "{tier}可以发布：没有错误，{warnings}，{notes}。"),
			Invalid:       t("Not valid for the {tier} tier: {errors}, {warnings}, {notes}.", "{tier}无法发布：{errors}，{warnings}，{notes}。"),
			Empty:         t("Paste a payload, or load the example, to see what the app would reject.", "粘贴载荷或载入示例，即可看到应用会拒绝哪些内容。"),
			Validating:    t("Validating…", "正在校验…"),
			LoadFailed:    t("The validator could not start.", "校验器无法启动。"),
			Error:         t("error", "错误"),
			Warning:       t("warning", "警告"),
			Info:          t("note", "提示"),
			Fixable:       t("fixable", "可自动修复"),
			Copied:        t("Result copied to the clipboard.", "结果已复制到剪贴板。"),
			CopyManual:    t("The clipboard is not available here. The result is selected below: press Ctrl+C (⌘C on a Mac).", "当前环境无法使用剪贴板。结果已在下方选中，请按 Ctrl+C（Mac 上按 ⌘C）复制。"),
			Pipeline:      t("The pipeline you are about to publish", "即将发布的流水线"),
			Language:      t("Language: {language}", "语言：{language}"),
			Points:        t("must hold ≥ {participant} points to participate · bounty {bounty} points", "需持有 ≥ {participant} 积分才能参与 · 赏金 {bounty} 积分"),
			FiatPay:       t("pays {usd} USD (fiat)", "法币支付 {usd} 美元"),
			More:          p("… and %d more stage.", "… and %d more stages.", "……另有 %d 个阶段。"),
			MoreFinds:     p("… and %d more finding. Fix the ones above and validate again.", "… and %d more findings. Fix the ones above and validate again.", "……另有 %d 条检查结果。请先修正以上问题，再重新校验。"),
			Loading:       t("Loading the validator: {loaded} of {total} MB…", "正在加载校验器：{loaded} MB / {total} MB……"),
			Ready:         t("The validator is ready.", "校验器已就绪。"),
			SaveData:      t("Data saver is on, so the validator downloads only when you paste a payload or press Validate.", "已开启省流量模式，校验器要等你粘贴载荷或点击“校验”时才会下载。"),
			Superseded:    t("The text changed during the check, so that check was stopped and the validator restarted.", "检查期间文本有改动，已停止该次检查并重启校验器。"),
			TimedOut:      t("The check took longer than {seconds} s and was stopped; the validator has restarted and is ready for your next edit. For a payload this large, use gen validate on the command line.", "检查超过 {seconds} 秒仍未完成，已停止；校验器已重启，可以继续编辑。这么大的载荷请改用命令行 gen validate 校验。"),
			ExampleNote:   t("The reference's example is written for the {exampleTier} tier. Checked as {tier}, the errors below are what the {tier} tier does not allow.", "参考文档中的示例是按{exampleTier}会员编写的。按{tier}校验时，下面列出的错误就是{tier}不允许的内容。"),
			ExampleSwitch: t("Check it as {exampleTier}", "改按{exampleTier}校验"),
			Docs:          t("About this rule", "规则说明"),
			Undo:          t("Undo", "撤销"),
			Redo:          t("Redo", "重做"),
			CopyModel:     t("Copy findings for your model", "复制问题给模型"),
			ViewerLabel:   t("The pasted payload, read-only", "粘贴的载荷（只读）"),
			EditAnyway:    t("Edit it here anyway", "仍在此处编辑"),

			PreviewTitle:   t("What “Apply fixes” will change", "“应用自动修复”将做出的改动"),
			PreviewSummary: t("{fixes} will change {lines}. Nothing else in the text changes.", "共 {fixes}，改动 {lines}，文本其余部分保持不变。"),
			PreviewMore:    p("… and %d more change.", "… and %d more changes.", "……另有 %d 处改动。"),
			PreviewTooMany: t("{lines} lines differ, too many to list one by one.", "有 {lines} 行不同，数量太多，不逐一列出。"),
			PreviewApply:   t("Apply these changes", "应用这些改动"),
			PreviewCancel:  t("Cancel", "取消"),
			PreviewLine:    t("Line {line}", "第 {line} 行"),
			NothingToFix:   t("Nothing here can be fixed mechanically.", "没有可以自动修复的问题。"),
			FixedUndo:      t("Undo (Ctrl+Z, ⌘Z on a Mac) brings the text back as it was.", "点击“撤销”或按 Ctrl+Z（Mac 上按 ⌘Z）即可恢复原文。"),
			Undone:         t("Fixes undone: the text is as it was before.", "已撤销修复，文本已恢复原样。"),
			Redone:         t("Fixes applied again.", "已重新应用修复。"),

			Errors:    p("%d error", "%d errors", "%d 个错误"),
			Warnings:  p("%d warning", "%d warnings", "%d 个警告"),
			Notes:     p("%d note", "%d notes", "%d 条提示"),
			Fixes:     p("%d fix", "%d fixes", "%d 处修复"),
			Lines:     p("%d line", "%d lines", "%d 行"),
			Fixed:     p("Applied %d fix.", "Applied %d fixes.", "已应用 %d 处修复。"),
			OverLimit: t("This text is {size} MB, more than the {limit} MB the validator reads, so it is not checked. Remove what is not part of the payload, or check it in parts.", "这段文本有 {size} MB，超过校验器可读取的 {limit} MB 上限，因此不做校验。请删去不属于载荷的内容，或分段校验。"),
			LargeText: t("This text is {size} MB: it is shown read-only so the page stays responsive. Findings, fixes, undo and copying work as usual.", "这段文本有 {size} MB，为保证页面流畅，改为只读显示。检查结果、自动修复、撤销和复制照常可用。"),

			ModelCopied:  t("A repair request for your model is on the clipboard: paste it into the chat.", "给模型的修改请求已复制到剪贴板，粘贴到对话中即可。"),
			ModelIntro:   t("The Pairag task-publish validator (protocol {version}, {tier} tier) rejects the JSON below. Change only what these findings name, keep every other key, value and stage exactly as it is, and answer with the whole corrected JSON in one json code block.", "Pairag 任务发布校验器（协议 {version}，{tier}）不接受下面这段 JSON。请只改动下列问题涉及的地方，其他键、值和阶段一律保持原样，并把修改后的完整 JSON 放在一个 json 代码块中返回。"),
			ModelWarn:    t("The Pairag task-publish validator (protocol {version}, {tier} tier) accepts the JSON below with these warnings. Change only what they name, keep everything else exactly as it is, and answer with the whole JSON in one json code block.", "Pairag 任务发布校验器（协议 {version}，{tier}）可以接受下面这段 JSON，但给出了以下警告。请只改动警告涉及的地方，其余内容保持原样，并把完整 JSON 放在一个 json 代码块中返回。"),
			ModelRules:   t("Findings:", "问题："),
			ModelAt:      t("line {line}, column {column}", "第 {line} 行第 {column} 列"),
			ModelRule:    t("Rule:", "规则："),
			ModelPayload: t("The JSON:", "JSON 原文："),
			ModelTooLong: t("(The JSON is {size} KB, too long to include here: paste it after this message.)", "（JSON 有 {size} KB，篇幅过长未附上，请在本条消息之后粘贴。）"),
		},

		TierBrief: TierBriefMessages{
			Title:        t("===== Creator's tier: {tier} ({key}) =====", "===== 创建者会员等级：{tier}（{key}） ====="),
			Intro:        t("The creator who publishes this task is on the {tier} tier. Write the payload within these limits from the start; the validator rejects anything beyond them at this tier:", "发布此任务的创建者是{tier}会员。请从一开始就按以下限制编写载荷，超出限制的内容在这一等级下会被校验器拒绝："),
			Location:     t("manifest.location: no more precise than {granularity}; an Anywhere value ({anywhere}) is always accepted.", "manifest.location：最细只能精确到{granularity}；任意地点的写法（{anywhere}）始终有效。"),
			AnywhereOnly: t("manifest.location: an Anywhere value only ({anywhere}), or leave it empty.", "manifest.location：只能填任意地点的写法（{anywhere}），或留空。"),
			Stages:       t("stages: at most {stages}.", "stages：最多 {stages} 个。"),
			Duration:     t("manifest.task_duration_days: at most {days}.", "manifest.task_duration_days：最多 {days} 天。"),
			FiatYes:      t("Fiat (USD) payment: available, when the creator asks for it.", "法币（美元）支付：可用，仅在创建者明确要求时使用。"),
			FiatNo:       t("Fiat (USD) payment: not available; pay in points only.", "法币（美元）支付：不可用，只能使用积分。"),
			Outro:        t("The field reference and the protocol JSON follow.", "下面是字段参考与协议 JSON。"),
			Or:           t(", ", "、"),
			Lead:         t("Know the creator's tier? Give the model the bundle for it, with that tier's limits stated first:", "已知创建者的会员等级？请把对应等级的资料包交给模型，开头先列出该等级的限制："),
		},

		Skill: SkillMessages{
			Lead:                   t("The original and its translation side by side, section by section. The raw files are published next to this page, so an agent can install the skill from its URL.", "原文与译文逐节左右对照。原始文件与本页一同发布，智能体可以直接通过网址安装该技能。"),
			LeadOriginal:           t("The skill's original, section by section. The raw files are published next to this page, so an agent can install the skill from its URL.", "技能的英文原文，逐节显示。原始文件与本页一同发布，智能体可以直接通过网址安装该技能。"),
			LeadTranslation:        t("The skill's Chinese translation, section by section. The raw files are published next to this page, so an agent can install the skill from its URL.", "技能的中文译文，逐节显示。原始文件与本页一同发布，智能体可以直接通过网址安装该技能。"),
			OriginalTab:            t("Original", "原文"),
			TranslationTab:         t("Translation", "译文"),
			FooterNote:             t("Skill files are published exactly as their authors wrote them; this page only lays them out.", "技能文件按作者原样发布，本页只负责排版展示。"),
			Original:               t("Original (English)", "原文（英文）"),
			Translation:            t("Translation (Simplified Chinese)", "译文（简体中文）"),
			ViewLabel:              t("View", "显示方式"),
			Both:                   t("Side by side", "左右对照"),
			OriginalOnly:           t("Original only", "只看原文"),
			TranslationOnly:        t("Translation only", "只看译文"),
			FrontMatter:            t("Front matter", "前置元数据"),
			Name:                   t("Name", "名称"),
			Description:            t("Description", "描述"),
			Version:                t("Version", "版本"),
			Author:                 t("Author", "作者"),
			License:                t("License", "许可"),
			Compatibility:          t("Compatibility", "运行环境"),
			AllowedTools:           t("Allowed tools", "允许的工具"),
			Metadata:               t("Metadata", "元数据"),
			Files:                  t("Files", "文件"),
			CopyMarkdown:           t("Copy Markdown", "复制 Markdown"),
			CopiedMarkdown:         t("Copied the section's Markdown.", "已复制本节的 Markdown。"),
			CopyFailed:             t("Copying is not available here. The Markdown is selected: press Ctrl+C (⌘C on a Mac).", "当前环境无法复制。Markdown 已选中，请按 Ctrl+C（Mac 上按 ⌘C）。"),
			RowLink:                t("Link to this section", "本节链接"),
			Stale:                  t("The original changed since this was translated.", "译文完成后，原文又有改动。"),
			NoTranslation:          t("This skill has no Chinese translation yet; the original is shown alone.", "本技能还没有中文译文，下面只显示英文原文。"),
			NotTranslated:          t("Not translated yet.", "尚未翻译。"),
			NotInOriginal:          t("Not in the original.", "原文中没有这一节。"),
			EnglishOnly:            t("(in English: not translated yet)", "（英文：尚未翻译）"),
			TranslatedBadge:        t("Translated", "有中文译文"),
			EnglishOnlyBadge:       t("English only", "仅英文"),
			Filter:                 t("Filter skills by name, description or tag", "按名称、描述或标签筛选技能"),
			FilterPlaceholder:      t("Filter skills…", "筛选技能…"),
			FilterCount:            t("{n} of {total} skills", "共 {total} 个技能，显示 {n} 个"),
			Tags:                   t("Tags", "标签"),
			ThirdParty:             t("A third-party skill, published as its author wrote it.", "第三方技能，按作者原样发布。"),
			Source:                 t("Source", "来源"),
			Commit:                 t("Commit", "提交"),
			Findings:               t("Findings on this skill", "本技能的检查结果"),
			CompanionOf:            t("A file of the agent skill ", "智能体技能 "),
			CompanionOfEnd:         t(". Agents read the raw file as it is published; this page only lays it out.", " 附带的文件。智能体读取的是按原样发布的原始文件，本页只负责排版展示。"),
			CompanionDescription:   t("{file}, a file of the agent skill {skill}.", "智能体技能 {skill} 附带的文件 {file}。"),
			RawFiles:               t("Raw file", "原始文件"),
			CompanionNoTranslation: t("This file has no Chinese translation yet; the original is shown alone.", "这个文件还没有中文译文，下面只显示英文原文。"),
			Raw:                    t("raw", "原始文件"),
			TaskDone:               t("Done", "已完成"),
			TaskOpen:               t("Not done", "未完成"),
			FindingsNote:           t("What gen check found in the skill's files. The files are published unchanged; fix problems upstream, or accept them in SKILL.source.yaml.", "gen check 在技能文件中发现的问题。文件照原样发布：请在上游修正，或在 SKILL.source.yaml 中登记接受。"),
		},

		Install: installMessages(t),

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
			Kinds: map[string]string{
				"row":   t("Reference table", "参考表格"),
				"code":  t("Finding code", "检查结果代码"),
				"skill": t("Agent skill", "智能体技能"),
				"file":  t("Skill file", "技能附带文件"),
			},
			Help:     t("Check the spelling, use fewer words, or look the term up in the glossary.", "请检查拼写、少用几个词，或到术语表里查一查对应的说法。"),
			Try:      t("Did you mean:", "你要找的是不是："),
			Glossary: t("Open the glossary", "打开术语表"),
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

		VersionsLabel:      t("Protocol versions", "协议版本"),
		VersionRetired:     t("This is the field reference of version %[1]s, which is retired; the current version is %[2]s:", "本页是 %[1]s 版的字段参考，该版本已停用，当前版本为 %[2]s："),
		VersionSameSection: t("the same section in version %s", "查看 %s 版的同一节"),
		VersionCurrent:     t("%s (current)", "%s（当前版本）"),
	}
}

// Count is a phrase with a number in it, in its singular and plural forms
// (the same in Chinese), so tables say "at least 1 item" and "at least 2
// items" instead of hedging with "item(s)". Its forms are fmt formats
// whose last verb is the count.
//
// The validator page's script gets them as JSON ({"one": …, "other": …})
// and picks the form with Intl.PluralRules.
type Count struct {
	One   string `json:"one"`
	Other string `json:"other"`
}

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
