package jsonpos

import "unsafe"

// Equal reports whether a == b, comparing eight bytes at a time. In
// WebAssembly Go's string comparison calls runtime.memequal, a loop of one
// byte per step behind two calls; keys and field names (10 to 30 bytes)
// are compared in two to four loads here. It reads no byte outside either
// string (the last word overlaps the one before it).
func Equal(a, b string) bool {
	n := len(a)
	if n != len(b) {
		return false
	}
	if n < 8 {
		return shortEqual(a, b)
	}
	pa, pb := unsafe.Pointer(unsafe.StringData(a)), unsafe.Pointer(unsafe.StringData(b))
	for i := 0; i < n-8; i += 8 {
		if *(*uint64)(unsafe.Add(pa, i)) != *(*uint64)(unsafe.Add(pb, i)) {
			return false
		}
	}
	return *(*uint64)(unsafe.Add(pa, n-8)) == *(*uint64)(unsafe.Add(pb, n-8))
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
