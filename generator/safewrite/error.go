package safewrite

import "fmt"

// Reason says why a write was refused.
type Reason int

// The reasons of an [*Error].
const (
	Failed     Reason = iota // a read, write, sync or rename failed
	NoSpace                  // the disk (or the quota) is full
	Changed                  // the file changed after it was read
	Outside                  // the file resolves outside Options.Within
	NotRegular               // the file is not a regular file
	Partial                  // only part of the file was read
)

// Error is a write that did not happen: the file is as it was. Its
// message says why and what to do, in English (Error) or in either
// language (Message).
type Error struct {
	Path   string // the file's name, as given to Read
	Reason Reason
	Target string // Outside: where the name leads
	Within string // Outside: the directory it must stay in
	Need   int64  // NoSpace: the bytes that did not fit; Partial: the file's size
	Err    error  // the underlying error, if any
}

// Error returns the English message.
func (e *Error) Error() string { return e.Message("en") }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Message says in lang ("en" or "zh-CN"; anything else is English) why
// the file was not written and what to do.
func (e *Error) Message(lang string) string {
	zh := lang == "zh-CN"
	why := e.Err
	if why == nil {
		why = fmt.Errorf("-")
	}
	switch e.Reason {
	case NoSpace:
		if zh {
			return fmt.Sprintf("%s：未写入：磁盘空间不足（在同一目录下还需要 %d 字节存放新内容）；文件保持原样。请腾出空间后重新运行。", e.Path, e.Need)
		}
		return fmt.Sprintf("%s: not written: no space left on device (%d more bytes are needed beside it for the new contents); the file is unchanged. Free some space and run again.", e.Path, e.Need)
	case Changed:
		if zh {
			return fmt.Sprintf("%s：未写入：gen 读取该文件之后，它又被修改了（%v；可能是编辑器保存了它）。为了不覆盖那次保存，文件保持修改后的样子，gen 的改动一处也没有写入。请在保存完成后重新运行。", e.Path, why)
		}
		return fmt.Sprintf("%s: not written: the file changed after gen read it (%v; an editor saved it?). So as not to overwrite that save, the file is left as it now is and none of gen's changes were written. Run again once it is saved.", e.Path, why)
	case Outside:
		if zh {
			return fmt.Sprintf("%s：未写入：它经由符号链接指向 %s，在 %s 之外；gen 只改写仓库内的文件。请直接处理链接目标，或者用文件副本替换这个链接。", e.Path, e.Target, e.Within)
		}
		return fmt.Sprintf("%s: not written: it is a symbolic link to %s, outside %s, and gen rewrites only files inside the repository. Work on the target itself, or replace the link with a copy of the file.", e.Path, e.Target, e.Within)
	case NotRegular:
		if zh {
			return fmt.Sprintf("%s：未写入：它不是普通文件。请把内容保存为普通文件后再运行。", e.Path)
		}
		return fmt.Sprintf("%s: not written: it is not a regular file. Save the contents to a regular file and run on that.", e.Path)
	case Partial:
		if zh {
			return fmt.Sprintf("%s：未写入：文件有 %d 字节，gen 只读取了其中一部分；文件保持原样。", e.Path, e.Need)
		}
		return fmt.Sprintf("%s: not written: gen read only part of its %d bytes; the file is unchanged.", e.Path, e.Need)
	}
	if zh {
		return fmt.Sprintf("%s：未写入：%v；文件保持原样。", e.Path, why)
	}
	return fmt.Sprintf("%s: not written: %v; the file is unchanged.", e.Path, why)
}
