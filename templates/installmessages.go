package templates

// InstallMessages are the strings that say how to install skills: on a
// skill's page (its archive and file list) and on the skills index (each
// archive, and the discovery index installers read).
type InstallMessages struct {
	Lead           string // on a skill's page, before its links
	Archive        string // accessible description of the archive link
	FileList       string // the link to the file list with digests
	Index          string // the link to the discovery index
	Archives       string // summary of the list of archives; {n} is their number
	ArchivesDetail string // under the summary: what an archive holds and where it is
	ArchivePattern string // the URL of an archive, with the name as a placeholder
}

func installMessages(t func(en, zh string) string) InstallMessages {
	return InstallMessages{
		Lead:           t("Install this skill:", "安装本技能："),
		Archive:        t("the skill folder as one .zip, ready to upload to an agent", "整个技能文件夹打包成的 .zip，可直接上传给智能体"),
		FileList:       t("file list with SHA-256 digests", "文件清单（附 SHA-256 摘要）"),
		Index:          t("Discovery index", "技能发现索引"),
		Archives:       t("Archives ({n})", "压缩包（{n} 个）"),
		ArchivesDetail: t("Each archive holds one folder named after the skill: SKILL.md and every file beside it. A skill's page links its archive, which is always at", "每个压缩包里是一个以技能命名的文件夹，包含 SKILL.md 及其全部文件。各技能页面都附有压缩包链接，地址固定为"),
		ArchivePattern: t("/skills/NAME.zip", "/skills/技能名称.zip"),
	}
}
