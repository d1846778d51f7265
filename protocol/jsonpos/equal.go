package jsonpos

import "unsafe"

// Equal reports whether a == b, comparing eight bytes at a time. In
// WebAssembly Go's string comparison calls runtime.memequal, a loop of one
// byte per step behind two calls, and each step of a loop is a jump
// through the function's block table; keys and field names (8 to 32
// bytes) are compared here by two or four loads and no loop: the first
// and last words, and for 17 to 32 bytes the two words before the last
// (overlapping ones: no byte outside either string is read).
func Equal(a, b string) bool {
	n := len(a)
	if n != len(b) {
		return false
	}
	if n < 8 {
		return shortEqual(a, b)
	}
	pa, pb := unsafe.Pointer(unsafe.StringData(a)), unsafe.Pointer(unsafe.StringData(b))
	d := (*(*uint64)(pa) ^ *(*uint64)(pb)) | (*(*uint64)(unsafe.Add(pa, n-8)) ^ *(*uint64)(unsafe.Add(pb, n-8)))
	if n <= 16 || d != 0 {
		return d == 0
	}
	if n <= 32 {
		return (*(*uint64)(unsafe.Add(pa, 8))^*(*uint64)(unsafe.Add(pb, 8)))|
			(*(*uint64)(unsafe.Add(pa, n-16))^*(*uint64)(unsafe.Add(pb, n-16))) == 0
	}
	for i := 8; i < n-8; i += 8 {
		if *(*uint64)(unsafe.Add(pa, i)) != *(*uint64)(unsafe.Add(pb, i)) {
			return false
		}
	}
	return true
}

// shortEqual is Equal for two strings of the same length, under 8 bytes.
func shortEqual(a, b string) bool {
	n := len(a)
	if n >= 4 {
		pa, pb := unsafe.Pointer(unsafe.StringData(a)), unsafe.Pointer(unsafe.StringData(b))
		return *(*uint32)(pa) == *(*uint32)(pb) && *(*uint32)(unsafe.Add(pa, n-4)) == *(*uint32)(unsafe.Add(pb, n-4))
	}
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameStart reports whether a and b, of the same length, start with the
// same eight bytes (or are shorter): a test inlined where keys are looked
// up, so that most keys of the same length but another name ("stage_name"
// beside "stage_type") cost no call to Equal.
func sameStart(a, b string) bool {
	return len(a) < 8 || *(*uint64)(unsafe.Pointer(unsafe.StringData(a))) == *(*uint64)(unsafe.Pointer(unsafe.StringData(b)))
}
