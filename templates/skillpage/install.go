package skillpage

import "pairag.com/portal/templates"

// SkillInstallView is the install line of one skill's page.
type SkillInstallView struct {
	Msg         templates.Messages
	Archive     string // site path of the .zip
	ArchiveName string // its file name
	FileList    string // site path of the file list
}

// SkillInstallList is the install section of the skills index.
type SkillInstallList struct {
	Msg      templates.Messages
	Index    string           // site path of the discovery index
	Archives []templates.Link // each skill's .zip
}
