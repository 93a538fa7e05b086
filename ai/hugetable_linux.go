package ai

import (
	"syscall"
	"unsafe"
)

// tableBuckets allocates n buckets on a 2 MB boundary and asks the kernel for
// huge pages there: a probe lands anywhere in the table, and over 4 KB pages
// each probe would also miss the TLB.
func tableBuckets(n int) []abBucket {
	const huge = 2 << 20
	size := n * int(unsafe.Sizeof(abBucket{}))
	raw := make([]byte, size+huge)
	off := (huge - int(uintptr(unsafe.Pointer(&raw[0]))%huge)) % huge
	mem := raw[off : off+size]
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE) // a refusal only costs speed
	return unsafe.Slice((*abBucket)(unsafe.Pointer(&mem[0])), n)
}
