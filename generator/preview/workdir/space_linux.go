package workdir

import "syscall"

const tmpfsMagic = 0x01021994

// Memory returns /dev/shm when it is a tmpfs with at least 1 GiB free.
func Memory() (string, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs("/dev/shm", &st); err != nil || st.Type != tmpfsMagic {
		return "", false
	}
	if uint64(st.Bavail)*uint64(st.Bsize) < 1<<30 {
		return "", false
	}
	return "/dev/shm", syscall.Access("/dev/shm", 2 /* W_OK */) == nil
}

// Free is the room left for an unprivileged user on the file system
// holding dir.
func Free(dir string) (int64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}
