package protocol

import "strings"

// catalog holds the severity and the English and Chinese text of every
// finding code. Codes are stable: tools may match on them. doc.go lists them.
var catalog = map[string]entry{
	// Input that is not a single JSON object.
	"input-empty":              {SeverityError, "the input is empty: paste one JSON object holding manifest and stages", "输入为空：请粘贴一个包含 manifest 和 stages 的 JSON 对象"},
	"input-too-large":          {SeverityError, "the input is %[2]d bytes; the validator accepts at most %[1]d bytes", "输入共 %[2]d 字节，超过了校验器 %[1]d 字节的上限"},
	"number-too-long":          {SeverityError, "this number is written with %[1]d characters; the validator judges numbers of at most %[2]d characters, and no field of the protocol needs more", "这个数字写了 %[1]d 个字符；校验器只判断不超过 %[2]d 个字符的数字，协议中也没有字段需要更长的数字"},
	"input-utf16":              {SeverityError, "the text is %[1]s; the validator reads UTF-8: save the file as UTF-8", "文本是 %[1]s 编码，校验器只读取 UTF-8，请将文件另存为 UTF-8"},
	"input-bom":                {SeverityWarning, "the text starts with a UTF-8 byte order mark (BOM); JSON must not carry one, remove it", "文本开头带有 UTF-8 字节顺序标记（BOM），JSON 不应包含它，请删除"},
	"input-invalid-utf8":       {SeverityError, "the text is not valid UTF-8 here (byte 0x%02X); save the file as UTF-8", "此处不是合法的 UTF-8 编码（字节 0x%02X），请以 UTF-8 编码保存文件"},
	"input-markdown-fence":     {SeverityError, "the JSON is wrapped in a Markdown code fence (```); paste only the lines between the fences", "JSON 被包在 Markdown 代码围栏（```）中，请只粘贴围栏之间的内容"},
	"json-leading-text":        {SeverityError, "text comes before the JSON object; the payload must start with {", "JSON 对象前面还有其他文字，载荷必须以 { 开头"},
	"json-trailing-text":       {SeverityError, "text follows the JSON object; the payload must be exactly one object", "JSON 对象后面还有多余内容，载荷只能是一个对象"},
	"json-closed-early":        {SeverityError, "the object closes here, but more members follow it: a } too many? The findings below judge only the part before this brace", "对象在此处就结束了，但后面还有成员：是否多写了一个 }？下面的检查结果只针对这个括号之前的部分"},
	"json-several-values":      {SeverityError, "the text holds %d JSON values one after the other; the app takes exactly one: keep the one you mean (the findings below judge the first)", "文本中依次有 %d 个 JSON 值，而应用只接受一个：请保留你要提交的那个（下面的检查结果针对第一个）"},
	"input-several-fences":     {SeverityError, "the text holds %d fenced code blocks with JSON; the app takes exactly one payload: keep the one you mean (the findings below judge the first)", "文本中有 %d 个包含 JSON 的代码块，而应用只接受一个载荷：请保留你要提交的那个（下面的检查结果针对第一个）"},
	"json-comment":             {SeverityError, "JSON does not allow comments; remove this one", "JSON 不支持注释，请删除这段注释"},
	"json-comment-unclosed":    {SeverityError, "this /* comment is never closed, and JSON does not allow comments", "这段 /* 注释没有结束，而且 JSON 本身不支持注释"},
	"json-trailing-comma":      {SeverityError, "JSON does not allow a comma before a closing bracket; remove it", "JSON 不允许在右括号前出现逗号，请删除这个逗号"},
	"json-duplicate-key":       {SeverityError, "key %[1]q appears more than once in this object; parsers keep only the last value (the one checked here), so keep one", "同一对象中键 %[1]q 出现了不止一次；解析器只保留最后一个值（此处按它校验），请只保留一个"},
	"json-too-deep":            {SeverityError, "the JSON nests more than %d levels deep", "JSON 嵌套超过 %d 层"},
	"json-truncated":           {SeverityError, "the JSON ends too early: a value or a closing bracket is missing", "JSON 提前结束：缺少值或右括号"},
	"json-single-quote":        {SeverityError, "JSON strings and keys take double quotes (\"), not single quotes", "JSON 的字符串和键必须使用双引号（\"），不能用单引号"},
	"json-unexpected":          {SeverityError, "unexpected character %q where a JSON value should start", "此处应是一个 JSON 值，却出现了意外字符 %q"},
	"json-unexpected-word":     {SeverityError, "%q is not a JSON value; the only bare words are true, false and null", "%q 不是合法的 JSON 值，不加引号的词只能是 true、false 或 null"},
	"json-expected-comma":      {SeverityError, "expected a comma or a closing bracket before %q", "在 %q 之前应有逗号或右括号"},
	"json-expected-key":        {SeverityError, "expected a key in double quotes, found %q", "此处应是带双引号的键，实际为 %q"},
	"json-expected-colon":      {SeverityError, "expected a colon after the key, found %q", "键后面应是冒号，实际为 %q"},
	"json-bad-number":          {SeverityError, "malformed number (JSON numbers have no leading zeros, no leading + and need digits after . and e)", "数字格式错误（JSON 数字不能有前导零或前导 +，小数点和 e 之后必须有数字）"},
	"json-unterminated-string": {SeverityError, "this string is never closed", "这个字符串缺少结束的双引号"},
	"json-control-char":        {SeverityError, "a control character (such as a raw line break) inside a string; write it as an escape such as \\n", "字符串中含有控制字符（例如直接换行），请改用 \\n 之类的转义"},
	"json-bad-escape":          {SeverityError, "invalid escape sequence %s", "无效的转义序列 %s"},
	"top-level-not-object":     {SeverityError, "the top level must be a JSON object holding manifest and stages, not %s", "顶层必须是包含 manifest 和 stages 的 JSON 对象，而不是%s"},

	// Shape, from the derived JSON Schema.
	"missing-field":      {SeverityError, "%[2]s is missing the required field %[1]q", "%[2]s缺少必填字段 %[1]q"},
	"wrong-type":         {SeverityError, "expected %[1]s, got %[2]s", "类型应为%[1]s，实际为%[2]s"},
	"invalid-enum":       {SeverityError, "%[1]s is not a valid %[2]s; allowed: %[3]s", "%[1]s 不是有效的 %[2]s，可选值：%[3]s"},
	"invalid-value":      {SeverityError, "must be %[1]s, got %[2]s", "取值必须为 %[1]s，实际为 %[2]s"},
	"below-minimum":      {SeverityError, "%[1]s is below the minimum %[2]s", "%[1]s 小于下限 %[2]s"},
	"above-maximum":      {SeverityError, "%[1]s is above the maximum %[2]s", "%[1]s 大于上限 %[2]s"},
	"integer-too-large":  {SeverityError, "%[1]s is too large for an integer field (largest accepted: %[2]d)", "%[1]s 超出了整数字段的范围（最大为 %[2]d）"},
	"empty-string":       {SeverityError, "must not be empty", "不能为空"},
	"too-few-items":      {SeverityError, "holds %[1]d item(s); at least %[2]d required", "只有 %[1]d 项，至少需要 %[2]d 项"},
	"too-many-items":     {SeverityError, "holds %[1]d items; at most %[2]d allowed", "共有 %[1]d 项，最多允许 %[2]d 项"},
	"project-tags-count": {SeverityError, "project_tags must hold exactly one tag id; it holds %d", "project_tags 必须恰好包含一个标签 id，当前有 %d 个"},
	"invalid-format":     {SeverityError, "%q does not have the expected format", "%q 的格式不正确"},

	// The protocol's own rules.
	"unknown-top-level-field":     {SeverityError, "top-level key %q is not allowed: the top level holds only manifest and stages", "顶层不允许出现键 %q：顶层只能包含 manifest 和 stages"},
	"deprecated-agents":           {SeverityError, "the top-level agents array is deprecated and V18 rejects it; describe each participant's work in stages[].agent_skills", "顶层 agents 数组已弃用，V18 不再接受；请在 stages[].agent_skills 中描述各参与方的工作"},
	"schema-key":                  {SeverityError, "the app accepts only manifest and stages at the top level, so $schema makes the payload fail; remove it, and associate the schema with your files by name in the editor instead (VS Code: json.schemas)", "应用只接受顶层的 manifest 和 stages，带 $schema 的载荷会被拒绝；请删除它，改在编辑器里按文件名关联 schema（VS Code：json.schemas）"},
	"unknown-field":               {SeverityWarning, "%[1]q is not a field of %[2]s in V18; the app may ignore or reject it", "%[1]q 不是 V18 中 %[2]s 的字段，应用可能忽略或拒绝它"},
	"unknown-field-typo":          {SeverityWarning, "%[1]q is not a field of %[2]s in V18; did you mean %[3]q?", "%[1]q 不是 V18 中 %[2]s 的字段，是否想写 %[3]q？"},
	"industry-code-shape":         {SeverityError, "%q is not an ISIC Rev.4 code: write a section letter A–U, optionally followed by 2 to 4 digits (for example J62)", "%q 不是 ISIC Rev.4 代码：应为 A–U 中的门类字母，后面可接 2 到 4 位数字（例如 J62）"},
	"industry-code-section":       {SeverityError, "division %[3]s does not belong to section %[2]s; ISIC Rev.4 places it in section %[4]s (%[4]s%[3]s)", "%[3]s 大类不属于门类 %[2]s；在 ISIC Rev.4 中它属于门类 %[4]s（%[4]s%[3]s）"},
	"industry-code-division":      {SeverityError, "division %[2]s does not exist in ISIC Rev.4", "ISIC Rev.4 中不存在 %[2]s 大类"},
	"industry-code-case":          {SeverityError, "%[1]q must be written with a capital section letter: %[2]q", "%[1]q 的门类字母必须大写：%[2]q"},
	"industry-code-no-section":    {SeverityError, "%[1]q has no section letter; write %[2]q", "%[1]q 缺少门类字母，应写作 %[2]q"},
	"language-alias":              {SeverityWarning, "%[1]q is an alias; the preferred tag is %[2]q", "%[1]q 是别名，推荐写作 %[2]q"},
	"language-case":               {SeverityError, "%[1]q is not spelled as the codebook spells it; write %[2]q", "%[1]q 的大小写与语言码表不一致，请写作 %[2]q"},
	"language-unknown":            {SeverityError, "%q is neither a tag of the language codebook nor one of its aliases; use a preferred tag such as en or zh-CN", "%q 既不是语言码表中的标签，也不是其别名；请使用 en、zh-CN 等推荐标签"},
	"message-bus-mismatch":        {SeverityWarning, "global_config.message_bus (%[1]q) differs from communication_software_group (%[2]q); they are normally the same", "global_config.message_bus（%[1]q）与 communication_software_group（%[2]q）不一致，两者通常应相同"},
	"duplicate-stage-name":        {SeverityError, "stage_name %[1]q is already used by %[2]s; stage names must be unique", "stage_name %[1]q 已被 %[2]s 使用，阶段名称必须唯一"},
	"data-format-other-no-schema": {SeverityWarning, "data format type 4 (other) should explain the format in schema", "数据格式类型为 4（其他）时，应在 schema 中说明具体格式"},
	"fiat-amount-missing":         {SeverityError, "fiat_enabled is true, so fiat_list_amount_usd (whole US dollars) is required", "fiat_enabled 为 true 时必须填写 fiat_list_amount_usd（整数美元）"},
	"fiat-points-not-zero":        {SeverityError, "this stage pays in fiat, so %[1]s must be 0 (got %[2]s)", "该阶段使用法币支付，%[1]s 必须为 0（当前为 %[2]s）"},
	"fiat-not-available":          {SeverityError, "fiat payment is not available to %[1]s creators; pay in points (participant_energy, bounty_energy) or publish from a tier with fiat", "%[1]s创建者不能使用法币支付；请改用积分（participant_energy、bounty_energy），或升级到支持法币的会员等级后再发布"},
	"fiat-amount-without-fiat":    {SeverityWarning, "fiat_list_amount_usd is set but fiat_enabled is not true, so the amount has no effect", "设置了 fiat_list_amount_usd，但 fiat_enabled 不为 true，该金额不会生效"},
	"fiat-stripe-reminder":        {SeverityInfo, "publishing a fiat stage fails unless the creator's Stripe payment method is set up", "发布法币阶段前，创建者需先设置好 Stripe 支付方式，否则发布会失败"},
	"too-many-stages":             {SeverityError, "%[1]d stages exceed the %[3]s limit of %[2]d; merge stages until they fit", "共有 %[1]d 个阶段，超过了%[3]s的上限（%[2]d 个），请合并阶段"},
	"location-required":           {SeverityError, "location is required for %[1]s creators: give a country, or Anywhere", "%[1]s创建者必须填写 location：填写国家，或填写 Anywhere"},
	"location-anywhere-only":      {SeverityError, "tasks of %[2]s creators are open to anywhere: use \"Anywhere\", leave location empty or omit it (got %[1]q)", "%[2]s创建者发布的任务不限地点：请填写 \"Anywhere\"、留空或省略 location（当前为 %[1]q）"},
	"location-country-only":       {SeverityError, "%[2]s creators may give a country only, without a city, region or other detail (got %[1]q)", "%[2]s创建者只能填写国家，不能包含城市、地区或其他细节（当前为 %[1]q）"},
	"location-platform-id":        {SeverityError, "%[1]q is a platform location id, which counts as city level; %[2]s creators may give a country only", "%[1]q 是平台地点 id，按城市级处理；%[2]s创建者只能填写国家"},
	"location-unclassified":       {SeverityWarning, "cannot tell whether %q is a country or a city; write a country (Japan) or country · city (China · Shanghai)", "无法判断 %q 是国家还是城市；请写国家（如 Japan）或“国家 · 城市”（如 China · Shanghai）"},
	"task-duration-too-long":      {SeverityError, "task_duration_days %[1]s exceeds the %[3]s limit of %[2]d days", "task_duration_days 为 %[1]s，超过了%[3]s的上限（%[2]d 天）"},
	"criteria-other-type":         {SeverityWarning, "%[1]q is a type_criteria key of stage type %[3]s, not of this stage's type %[2]s", "%[1]q 属于阶段类型 %[3]s的 type_criteria，不属于本阶段的类型 %[2]s"},
	"criteria-unknown-key":        {SeverityWarning, "%[1]q is not a type_criteria key of stage type %[2]s", "%[1]q 不是阶段类型 %[2]s的 type_criteria 键"},
	"criteria-none-defined":       {SeverityWarning, "stage type %s defines no type_criteria keys yet, so these conditions are not machine-checked", "阶段类型 %s目前没有定义 type_criteria 键，这些条件不会被机器校验"},
	"all-stages-orchestrator":     {SeverityWarning, "every stage is type 1 (orchestrator); choose each stage's type from the work it does", "所有阶段都是类型 1（orchestrator），请按各阶段实际工作选择类型"},
	"detail-missing-stage":        {SeverityWarning, "manifest.detail does not mention stage %q; it should say how every stage connects", "manifest.detail 没有提到阶段 %q，应说明各阶段之间如何衔接"},
	"language-script-mismatch":    {SeverityWarning, "human-facing text here is mostly written in %[2]s, but manifest.language is %[1]q", "此处面向用户的文字大多是%[3]s，但 manifest.language 为 %[1]q"},
	"version-retired":             {SeverityError, "manifest.version %[1]q is a retired version of the protocol; the current version is %[2]q: make the changes reported below, then set the version to %[2]q", "manifest.version 为 %[1]q，这一协议版本已停用，当前版本为 %[2]q。请先按下方提示逐项修改，再把版本号改为 %[2]q"},
	"field-renamed":               {SeverityWarning, "%[1]q is called %[2]q since version %[3]s; rename the key", "自 %[3]s 版起，%[1]q 已更名为 %[2]q，请修改键名"},
	"field-retired":               {SeverityWarning, "%[1]q was retired in version %[2]s and nothing replaces it; remove it", "%[1]q 已在 %[2]s 版中停用，且没有替代字段，请删除"},
	"value-retired":               {SeverityWarning, "%[1]s is no longer a value of %[2]s since version %[3]s; choose another", "自 %[3]s 版起，%[2]s 已不再包含取值 %[1]s，请改选其他值"},
	"field-now-required":          {SeverityWarning, "%[1]q is required since version %[2]s; add it to %[3]s", "自 %[2]s 版起，%[1]q 改为必填，请在%[3]s中补上"},
	"unknown-tier":                {SeverityInfo, "unknown tier %[1]q; validating as %[2]s, the most restrictive tier", "未知的会员等级 %[1]q，按限制最严的%[2]s校验"},
	"findings-truncated":          {SeverityInfo, "%[1]d more findings not shown (%[2]d of them errors); fix the ones above and validate again", "另有 %[1]d 条结果未显示（其中 %[2]d 条错误），请先修正上面的问题再重新校验"},
}

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

// ClassOf returns the class of a finding code.
func ClassOf(code string) Class {
	switch {
	case severityOf(code) != SeverityError:
		return ClassAdvice
	case strings.HasPrefix(code, "input-"), strings.HasPrefix(code, "json-"), code == "number-too-long":
		return ClassInput
	}
	switch code {
	case "too-many-stages", "location-required", "location-anywhere-only", "location-country-only",
		"location-platform-id", "task-duration-too-long", "fiat-not-available":
		return ClassTier
	case "duplicate-stage-name", "industry-code-section", "industry-code-division", "version-retired":
		return ClassRule
	}
	return ClassShape
}
