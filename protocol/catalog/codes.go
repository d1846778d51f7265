package catalog

import "pairag.com/portal/internal/diag"

// Severity is how serious a finding is; only errors make a payload
// invalid. It is the type every diagnostic of the portal shares.
type Severity = diag.Severity

// The severities, from most to least serious.
const (
	SeverityError   = diag.SeverityError
	SeverityWarning = diag.SeverityWarning
	SeverityInfo    = diag.SeverityInfo
)

// Code is the one row of a finding code: everything known about it lives
// here, and every other list of codes (the docs index, the site's search
// entries, the tests) is derived from this table or tested against it.
type Code struct {
	Code     string   // stable: tools may match on it
	Severity Severity // only errors make a payload invalid
	Class    Class    // where the rule comes from (which judge must agree)
	Anchor   string   // the section of the field reference that explains the rule
	Link     Link     // whether a field's row explains a finding better than Anchor
	EN, ZH   string   // fmt formats; arguments by explicit index where the order differs
}

// Link says which section of the field reference a finding's docs URL
// opens: the code's own anchor, or the row of the field the finding names
// (see [DocsIndex.URL]); a finding whose field has no row falls back to
// the anchor.
type Link int

// The ways a finding names a field.
const (
	LinkAnchor    Link = iota // the code's anchor
	LinkField                 // the field at the finding's pointer (a value's type, enum, range)
	LinkMissing               // the missing field: the first argument, under the pointer
	LinkSuggested             // the field suggested instead of the key: the last argument, beside it
	LinkHolder                // the field holding the key (an unknown key's object)
)

// Class says where the rule behind a finding code comes from. The engine
// decides everything itself; the classes tell the tests which verdicts an
// independent JSON Schema validator must share: every shape error is one the
// published schema also reports at the same pointer, while tier limits,
// cross-field rules and input problems are the engine's alone.
type Class int

// The classes of finding codes.
const (
	ClassShape  Class = iota // the published JSON Schema says the same
	ClassInput               // the text is not one JSON object within the limits
	ClassTier                // a limit of the creator's tier
	ClassRule                // a protocol rule beyond the schema (codebooks, uniqueness, ISIC divisions)
	ClassAdvice              // a warning or a note: never makes a payload invalid
)

// intro is the reference's opening section, which says what a payload
// must be: the anchor of every problem with the text itself.
const intro = "who-this-reference-is-for"

// codes is the table of finding codes, in the order the package doc
// describes them. Adding a code is adding its row here.
var codes = []Code{
	// Input that is not one JSON object within the limits.
	{"input-empty", SeverityError, ClassInput, intro, LinkAnchor, "the input is empty: paste one JSON object holding manifest and stages", "输入为空：请粘贴一个包含 manifest 和 stages 的 JSON 对象"},
	{"input-too-large", SeverityError, ClassInput, intro, LinkAnchor, "the input is %[2]d bytes; the validator accepts at most %[1]d bytes", "输入共 %[2]d 字节，超过了校验器 %[1]d 字节的上限"},
	{"number-too-long", SeverityError, ClassInput, intro, LinkAnchor, "this number is written with %[1]d characters; the validator judges numbers of at most %[2]d characters, and no field of the protocol needs more", "这个数字写了 %[1]d 个字符；校验器只判断不超过 %[2]d 个字符的数字，协议中也没有字段需要更长的数字"},
	{"input-bom", SeverityWarning, ClassAdvice, intro, LinkAnchor, "the text starts with a UTF-8 byte order mark (BOM); JSON must not carry one, remove it", "文本开头带有 UTF-8 字节顺序标记（BOM），JSON 不应包含它，请删除"},
	{"input-utf16", SeverityError, ClassInput, intro, LinkAnchor, "the text is %[1]s; the validator reads UTF-8: save the file as UTF-8", "文本是 %[1]s 编码，校验器只读取 UTF-8，请将文件另存为 UTF-8"},
	{"input-invalid-utf8", SeverityError, ClassInput, intro, LinkAnchor, "the text is not valid UTF-8 here (byte 0x%02X); save the file as UTF-8", "此处不是合法的 UTF-8 编码（字节 0x%02X），请以 UTF-8 编码保存文件"},
	{"input-markdown-fence", SeverityError, ClassInput, intro, LinkAnchor, "the JSON is wrapped in a Markdown code fence (```); paste only the lines between the fences", "JSON 被包在 Markdown 代码围栏（```）中，请只粘贴围栏之间的内容"},
	{"input-several-fences", SeverityError, ClassInput, intro, LinkAnchor, "the text holds %d fenced code blocks with JSON; the app takes exactly one payload: keep the one you mean (the findings below judge the first)", "文本中有 %d 个包含 JSON 的代码块，而应用只接受一个载荷：请保留你要提交的那个（下面的检查结果针对第一个）"},
	{"json-leading-text", SeverityError, ClassInput, intro, LinkAnchor, "text comes before the JSON object; the payload must start with {", "JSON 对象前面还有其他文字，载荷必须以 { 开头"},
	{"json-trailing-text", SeverityError, ClassInput, intro, LinkAnchor, "text follows the JSON object; the payload must be exactly one object", "JSON 对象后面还有多余内容，载荷只能是一个对象"},
	{"json-closed-early", SeverityError, ClassInput, intro, LinkAnchor, "the object closes here, but more members follow it: a } too many? The findings below judge only the part before this brace", "对象在此处就结束了，但后面还有成员：是否多写了一个 }？下面的检查结果只针对这个括号之前的部分"},
	{"json-several-values", SeverityError, ClassInput, intro, LinkAnchor, "the text holds %d JSON values one after the other; the app takes exactly one: keep the one you mean (the findings below judge the first)", "文本中依次有 %d 个 JSON 值，而应用只接受一个：请保留你要提交的那个（下面的检查结果针对第一个）"},
	{"json-comment", SeverityError, ClassInput, intro, LinkAnchor, "JSON does not allow comments; remove this one", "JSON 不支持注释，请删除这段注释"},
	{"json-comment-unclosed", SeverityError, ClassInput, intro, LinkAnchor, "this /* comment is never closed, and JSON does not allow comments", "这段 /* 注释没有结束，而且 JSON 本身不支持注释"},
	{"json-trailing-comma", SeverityError, ClassInput, intro, LinkAnchor, "JSON does not allow a comma before a closing bracket; remove it", "JSON 不允许在右括号前出现逗号，请删除这个逗号"},
	{"json-duplicate-key", SeverityError, ClassInput, intro, LinkAnchor, "key %[1]q appears more than once in this object; parsers keep only the last value (the one checked here), so keep one", "同一对象中键 %[1]q 出现了不止一次；解析器只保留最后一个值（此处按它校验），请只保留一个"},
	{"json-too-deep", SeverityError, ClassInput, intro, LinkAnchor, "the JSON nests more than %d levels deep", "JSON 嵌套超过 %d 层"},
	{"json-truncated", SeverityError, ClassInput, intro, LinkAnchor, "the JSON ends too early: a value or a closing bracket is missing", "JSON 提前结束：缺少值或右括号"},
	{"json-single-quote", SeverityError, ClassInput, intro, LinkAnchor, "JSON strings and keys take double quotes (\"), not single quotes", "JSON 的字符串和键必须使用双引号（\"），不能用单引号"},
	{"json-unexpected", SeverityError, ClassInput, intro, LinkAnchor, "unexpected character %q where a JSON value should start", "此处应是一个 JSON 值，却出现了意外字符 %q"},
	{"json-unexpected-word", SeverityError, ClassInput, intro, LinkAnchor, "%q is not a JSON value; the only bare words are true, false and null", "%q 不是合法的 JSON 值，不加引号的词只能是 true、false 或 null"},
	{"json-expected-comma", SeverityError, ClassInput, intro, LinkAnchor, "expected a comma or a closing bracket before %q", "在 %q 之前应有逗号或右括号"},
	{"json-expected-key", SeverityError, ClassInput, intro, LinkAnchor, "expected a key in double quotes, found %q", "此处应是带双引号的键，实际为 %q"},
	{"json-expected-colon", SeverityError, ClassInput, intro, LinkAnchor, "expected a colon after the key, found %q", "键后面应是冒号，实际为 %q"},
	{"json-bad-number", SeverityError, ClassInput, intro, LinkAnchor, "malformed number (JSON numbers have no leading zeros, no leading + and need digits after . and e)", "数字格式错误（JSON 数字不能有前导零或前导 +，小数点和 e 之后必须有数字）"},
	{"json-unterminated-string", SeverityError, ClassInput, intro, LinkAnchor, "this string is never closed", "这个字符串缺少结束的双引号"},
	{"json-control-char", SeverityError, ClassInput, intro, LinkAnchor, "a control character (such as a raw line break) inside a string; write it as an escape such as \\n", "字符串中含有控制字符（例如直接换行），请改用 \\n 之类的转义"},
	{"json-bad-escape", SeverityError, ClassInput, intro, LinkAnchor, "invalid escape sequence %s", "无效的转义序列 %s"},
	{"top-level-not-object", SeverityError, ClassShape, "top-level-object", LinkAnchor, "the top level must be a JSON object holding manifest and stages, not %s", "顶层必须是包含 manifest 和 stages 的 JSON 对象，而不是%s"},

	// Shape: what the derived JSON Schema says too.
	{"missing-field", SeverityError, ClassShape, "manifest-fields", LinkMissing, "%[2]s is missing the required field %[1]q", "%[2]s缺少必填字段 %[1]q"},
	{"wrong-type", SeverityError, ClassShape, "manifest-fields", LinkField, "expected %[1]s, got %[2]s", "类型应为%[1]s，实际为%[2]s"},
	{"invalid-enum", SeverityError, ClassShape, "manifest-fields", LinkField, "%[1]s is not a valid %[2]s; allowed: %[3]s", "%[1]s 不是有效的 %[2]s，可选值：%[3]s"},
	{"invalid-value", SeverityError, ClassShape, "manifest-fields", LinkField, "must be %[1]s, got %[2]s", "取值必须为 %[1]s，实际为 %[2]s"},
	{"below-minimum", SeverityError, ClassShape, "manifest-fields", LinkField, "%[1]s is below the minimum %[2]s", "%[1]s 小于下限 %[2]s"},
	{"above-maximum", SeverityError, ClassShape, "manifest-fields", LinkField, "%[1]s is above the maximum %[2]s", "%[1]s 大于上限 %[2]s"},
	{"integer-too-large", SeverityError, ClassShape, "manifest-fields", LinkField, "%[1]s is too large for an integer field (largest accepted: %[2]d)", "%[1]s 超出了整数字段的范围（最大为 %[2]d）"},
	{"empty-string", SeverityError, ClassShape, "manifest-fields", LinkField, "must not be empty", "不能为空"},
	{"too-few-items", SeverityError, ClassShape, "manifest-fields", LinkField, "holds %[1]d item(s); at least %[2]d required", "只有 %[1]d 项，至少需要 %[2]d 项"},
	{"too-many-items", SeverityError, ClassShape, "manifest-fields", LinkField, "holds %[1]d items; at most %[2]d allowed", "共有 %[1]d 项，最多允许 %[2]d 项"},
	{"project-tags-count", SeverityError, ClassShape, "manifest.project_tags", LinkAnchor, "project_tags must hold exactly one tag id; it holds %d", "project_tags 必须恰好包含一个标签 id，当前有 %d 个"},
	{"invalid-format", SeverityError, ClassShape, "manifest-fields", LinkField, "%q does not have the expected format", "%q 的格式不正确"},

	// The protocol's own rules: codebooks, tier limits, cross-field rules, advice.
	{"unknown-top-level-field", SeverityError, ClassShape, "top-level-object", LinkAnchor, "top-level key %q is not allowed: the top level holds only manifest and stages", "顶层不允许出现键 %q：顶层只能包含 manifest 和 stages"},
	{"deprecated-agents", SeverityError, ClassShape, "top_level.agents", LinkAnchor, "the top-level agents array is deprecated and V18 rejects it; describe each participant's work in stages[].agent_skills", "顶层 agents 数组已弃用，V18 不再接受；请在 stages[].agent_skills 中描述各参与方的工作"},
	{"schema-key", SeverityError, ClassShape, "using-the-json-schema-in-your-editor", LinkAnchor, "the app accepts only manifest and stages at the top level, so $schema makes the payload fail; remove it, and associate the schema with your files by name in the editor instead (VS Code: json.schemas)", "应用只接受顶层的 manifest 和 stages，带 $schema 的载荷会被拒绝；请删除它，改在编辑器里按文件名关联 schema（VS Code：json.schemas）"},
	{"key-not-snake-case", SeverityError, ClassRule, intro, LinkAnchor, "key %[1]q is not in snake_case: every key of the protocol is lower-case words joined by underscores, and the app reads no other spelling; %[2]s", "键 %[1]q 不是 snake_case 写法：协议的键一律由小写单词加下划线组成，应用不识别其他写法；%[2]s"},
	{"unknown-field", SeverityWarning, ClassAdvice, "manifest-fields", LinkHolder, "%[1]q is not a field of %[2]s in V18; the app may ignore or reject it", "%[1]q 不是 V18 中 %[2]s 的字段，应用可能忽略或拒绝它"},
	{"unknown-field-typo", SeverityWarning, ClassAdvice, "manifest-fields", LinkSuggested, "%[1]q is not a field of %[2]s in V18; did you mean %[3]q?", "%[1]q 不是 V18 中 %[2]s 的字段，是否想写 %[3]q？"},
	{"industry-code-shape", SeverityError, ClassShape, "industry-code", LinkAnchor, "%q is not an ISIC Rev.4 code: write a section letter A–U, optionally followed by 2 to 4 digits (for example J62)", "%q 不是 ISIC Rev.4 代码：应为 A–U 中的门类字母，后面可接 2 到 4 位数字（例如 J62）"},
	{"industry-code-section", SeverityError, ClassRule, "industry-code", LinkAnchor, "division %[3]s does not belong to section %[2]s; ISIC Rev.4 places it in section %[4]s (%[4]s%[3]s)", "%[3]s 大类不属于门类 %[2]s；在 ISIC Rev.4 中它属于门类 %[4]s（%[4]s%[3]s）"},
	{"industry-code-division", SeverityError, ClassRule, "industry-code", LinkAnchor, "division %[2]s does not exist in ISIC Rev.4", "ISIC Rev.4 中不存在 %[2]s 大类"},
	{"industry-code-group", SeverityError, ClassRule, "industry-code", LinkAnchor, "group %[2]s does not exist in ISIC Rev.4; division %[3]s has the groups %[4]s", "ISIC Rev.4 中不存在 %[2]s 中类；%[3]s 大类下只有这些中类：%[4]s"},
	{"industry-code-class", SeverityError, ClassRule, "industry-code", LinkAnchor, "class %[2]s does not exist in ISIC Rev.4; group %[3]s has the classes %[4]s", "ISIC Rev.4 中不存在 %[2]s 小类；%[3]s 中类下只有这些小类：%[4]s"},
	{"industry-code-case", SeverityError, ClassShape, "industry-code", LinkAnchor, "%[1]q must be written with a capital section letter: %[2]q", "%[1]q 的门类字母必须大写：%[2]q"},
	{"industry-code-no-section", SeverityError, ClassShape, "industry-code", LinkAnchor, "%[1]q has no section letter; write %[2]q", "%[1]q 缺少门类字母，应写作 %[2]q"},
	{"language-alias", SeverityWarning, ClassAdvice, "aliases", LinkAnchor, "%[1]q is an alias; the preferred tag is %[2]q", "%[1]q 是别名，推荐写作 %[2]q"},
	{"language-case", SeverityError, ClassShape, "language-codebook", LinkAnchor, "%[1]q is not spelled as the codebook spells it; write %[2]q", "%[1]q 的大小写与语言码表不一致，请写作 %[2]q"},
	{"language-unknown", SeverityError, ClassShape, "language-codebook", LinkAnchor, "%q is neither a tag of the language codebook nor one of its aliases; use a preferred tag such as en or zh-CN", "%q 既不是语言码表中的标签，也不是其别名；请使用 en、zh-CN 等推荐标签"},
	{"message-bus-mismatch", SeverityWarning, ClassAdvice, "global_config.message_bus", LinkAnchor, "global_config.message_bus (%[1]q) differs from communication_software_group (%[2]q); they are normally the same", "global_config.message_bus（%[1]q）与 communication_software_group（%[2]q）不一致，两者通常应相同"},
	{"duplicate-stage-name", SeverityError, ClassRule, "stage.stage_name", LinkAnchor, "stage_name %[1]q is already used by %[2]s; stage names must be unique", "stage_name %[1]q 已被 %[2]s 使用，阶段名称必须唯一"},
	{"data-format-other-no-schema", SeverityWarning, ClassAdvice, "data_format.schema", LinkAnchor, "data format type 4 (other) should explain the format in schema", "数据格式类型为 4（其他）时，应在 schema 中说明具体格式"},
	{"fiat-amount-missing", SeverityError, ClassShape, "fiat-payment", LinkAnchor, "fiat_enabled is true, so fiat_list_amount_usd (whole US dollars) is required", "fiat_enabled 为 true 时必须填写 fiat_list_amount_usd（整数美元）"},
	{"fiat-points-not-zero", SeverityError, ClassShape, "fiat-payment", LinkAnchor, "this stage pays in fiat, so %[1]s must be 0 (got %[2]s)", "该阶段使用法币支付，%[1]s 必须为 0（当前为 %[2]s）"},
	{"fiat-not-available", SeverityError, ClassTier, "tier_limits.fiat", LinkAnchor, "fiat payment is not available to %[1]s creators; pay in points (participant_energy, bounty_energy) or publish from a tier with fiat", "%[1]s创建者不能使用法币支付；请改用积分（participant_energy、bounty_energy），或升级到支持法币的会员等级后再发布"},
	{"fiat-amount-without-fiat", SeverityWarning, ClassAdvice, "fiat-payment", LinkAnchor, "fiat_list_amount_usd is set but fiat_enabled is not true, so the amount has no effect", "设置了 fiat_list_amount_usd，但 fiat_enabled 不为 true，该金额不会生效"},
	{"fiat-stripe-reminder", SeverityInfo, ClassAdvice, "fiat-payment", LinkAnchor, "publishing a fiat stage fails unless the creator's Stripe payment method is set up", "发布法币阶段前，创建者需先设置好 Stripe 支付方式，否则发布会失败"},
	{"too-many-stages", SeverityError, ClassTier, "tier_limits.stages.length", LinkAnchor, "%[1]d stages exceed the %[3]s limit of %[2]d; merge stages until they fit", "共有 %[1]d 个阶段，超过了%[3]s的上限（%[2]d 个），请合并阶段"},
	{"location-required", SeverityError, ClassTier, "location", LinkAnchor, "location is required for %[1]s creators: give a country, or Anywhere", "%[1]s创建者必须填写 location：填写国家，或填写 Anywhere"},
	{"location-anywhere-only", SeverityError, ClassTier, "location", LinkAnchor, "tasks of %[2]s creators are open to anywhere: use \"Anywhere\", leave location empty or omit it (got %[1]q)", "%[2]s创建者发布的任务不限地点：请填写 \"Anywhere\"、留空或省略 location（当前为 %[1]q）"},
	{"location-country-only", SeverityError, ClassTier, "location", LinkAnchor, "%[2]s creators may give a country only, without a city, region or other detail (got %[1]q)", "%[2]s创建者只能填写国家，不能包含城市、地区或其他细节（当前为 %[1]q）"},
	{"location-platform-id", SeverityError, ClassTier, "location", LinkAnchor, "%[1]q is a platform location id, which counts as city level; %[2]s creators may give a country only", "%[1]q 是平台地点 id，按城市级处理；%[2]s创建者只能填写国家"},
	{"location-unclassified", SeverityWarning, ClassAdvice, "location", LinkAnchor, "cannot tell whether %q is a country or a city; write a country (Japan) or country · city (China · Shanghai)", "无法判断 %q 是国家还是城市；请写国家（如 Japan）或“国家 · 城市”（如 China · Shanghai）"},
	{"task-duration-too-long", SeverityError, ClassTier, "tier_limits.task_duration_days", LinkAnchor, "task_duration_days %[1]s exceeds the %[3]s limit of %[2]d days", "task_duration_days 为 %[1]s，超过了%[3]s的上限（%[2]d 天）"},
	{"criteria-other-type", SeverityWarning, ClassAdvice, "type-criteria", LinkField, "%[1]q is a type_criteria key of stage type %[3]s, not of this stage's type %[2]s", "%[1]q 属于阶段类型 %[3]s的 type_criteria，不属于本阶段的类型 %[2]s"},
	{"criteria-unknown-key", SeverityWarning, ClassAdvice, "type-criteria", LinkAnchor, "%[1]q is not a type_criteria key of stage type %[2]s", "%[1]q 不是阶段类型 %[2]s的 type_criteria 键"},
	{"criteria-none-defined", SeverityWarning, ClassAdvice, "type-criteria", LinkAnchor, "stage type %s defines no type_criteria keys yet, so these conditions are not machine-checked", "阶段类型 %s目前没有定义 type_criteria 键，这些条件不会被机器校验"},
	{"all-stages-orchestrator", SeverityWarning, ClassAdvice, "choosing-a-stage-type", LinkAnchor, "every stage is type 1 (orchestrator); choose each stage's type from the work it does", "所有阶段都是类型 1（orchestrator），请按各阶段实际工作选择类型"},
	{"detail-missing-stage", SeverityWarning, ClassAdvice, "manifest.detail", LinkAnchor, "manifest.detail does not mention stage %q; it should say how every stage connects", "manifest.detail 没有提到阶段 %q，应说明各阶段之间如何衔接"},
	{"language-script-mismatch", SeverityWarning, ClassAdvice, intro, LinkAnchor, "human-facing text here is mostly written in %[2]s, but manifest.language is %[1]q", "此处面向用户的文字大多是%[3]s，但 manifest.language 为 %[1]q"},
	{"unknown-tier", SeverityInfo, ClassAdvice, "membership-tier-limits", LinkAnchor, "unknown tier %[1]q; validating as %[2]s, the most restrictive tier", "未知的会员等级 %[1]q，按限制最严的%[2]s校验"},

	// Versions: a retired version and the changes since (see doc.go).
	{"version-retired", SeverityError, ClassRule, "manifest.version", LinkAnchor, "manifest.version %[1]q is a retired version of the protocol; the current version is %[2]q: make the changes reported below, then set the version to %[2]q", "manifest.version 为 %[1]q，这一协议版本已停用，当前版本为 %[2]q。请先按下方提示逐项修改，再把版本号改为 %[2]q"},
	{"field-renamed", SeverityWarning, ClassAdvice, "manifest.version", LinkAnchor, "%[1]q is called %[2]q since version %[3]s; rename the key", "自 %[3]s 版起，%[1]q 已更名为 %[2]q，请修改键名"},
	{"field-retired", SeverityWarning, ClassAdvice, "manifest.version", LinkAnchor, "%[1]q was retired in version %[2]s and nothing replaces it; remove it", "%[1]q 已在 %[2]s 版中停用，且没有替代字段，请删除"},
	{"value-retired", SeverityWarning, ClassAdvice, "manifest.version", LinkAnchor, "%[1]s is no longer a value of %[2]s since version %[3]s; choose another", "自 %[3]s 版起，%[2]s 已不再包含取值 %[1]s，请改选其他值"},
	{"field-now-required", SeverityWarning, ClassAdvice, "manifest.version", LinkAnchor, "%[1]q is required since version %[2]s; add it to %[3]s", "自 %[2]s 版起，%[1]q 改为必填，请在%[3]s中补上"},
	{"findings-truncated", SeverityInfo, ClassAdvice, intro, LinkAnchor, "%[1]d more findings not shown (%[2]d of them errors); fix the ones above and validate again", "另有 %[1]d 条结果未显示（其中 %[2]d 条错误），请先修正上面的问题再重新校验"},
}

// byCode finds a code's row by its index: a map of *Code would bring the
// type of Code, with an equality function of its own, into the WebAssembly
// module.
var byCode = func() map[string]int {
	m := make(map[string]int, len(codes))
	for i := range codes {
		m[codes[i].Code] = i
	}
	return m
}()

// Codes returns a copy of the table of finding codes, in its order.
func Codes() []Code { return append([]Code(nil), codes...) }

// Find returns the row of a finding code.
func Find(code string) (Code, bool) {
	if i, ok := byCode[code]; ok {
		return codes[i], true
	}
	return Code{}, false
}
